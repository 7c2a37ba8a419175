import {
  createSavedQueryBodySchema,
  elementExportBodySchema,
  elementQueryBodySchema,
  elementQueryResultSchema,
  errorBodySchema,
  projectIdParamsSchema,
  savedQueryListSchema,
  savedQueryParamsSchema,
  savedQuerySchema,
  updateSavedQueryBodySchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { contentDisposition } from '../models/index.ts';
import type { SavedQueriesService } from './saved-queries.ts';
import type { ElementQueryService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
/** A query of 50 conditions with 500-character values fits many times over. */
const BODY_LIMIT = 256 * 1024;

/** Property queries, their export and saved queries: thin routes over the services. */
export const elementsRoutes: FastifyPluginAsyncZod<{
  queries: ElementQueryService;
  saved: SavedQueriesService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { queries, saved, requireAuth }) => {
  const common = { onRequest: requireAuth, bodyLimit: BODY_LIMIT };
  const tags = ['element queries'];
  const security = bearerSecurity;

  app.post(
    '/api/project/:id/elements/query',
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          "Find elements of the project's models by type, name, storey and property values (AND/OR)",
        params: projectIdParamsSchema,
        body: elementQueryBodySchema,
        response: { 200: elementQueryResultSchema, ...errors },
      },
    },
    async (request) => queries.query(currentUser(request).userId, request.params.id, request.body),
  );

  app.post(
    '/api/project/:id/elements/export',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'The elements a query finds as a CSV or XLSX file (at most 100,000 rows)',
        params: projectIdParamsSchema,
        body: elementExportBodySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await queries.export(
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/api/project/:id/queries',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "The project's saved queries, oldest first",
        params: projectIdParamsSchema,
        response: { 200: savedQueryListSchema, ...errors },
      },
    },
    async (request) => saved.list(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/project/:id/queries',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Save a query for every member of the project',
        params: projectIdParamsSchema,
        body: createSavedQueryBodySchema,
        response: { 201: savedQuerySchema, ...errors },
      },
    },
    async (request, reply) => {
      const query = await saved.create(
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(query);
    },
  );

  app.patch(
    '/api/project/:id/queries/:queryId',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Rename or change a saved query (its creator or a project manager)',
        params: savedQueryParamsSchema,
        body: updateSavedQueryBodySchema,
        response: { 200: savedQuerySchema, ...errors },
      },
    },
    async (request) =>
      saved.update(
        currentUser(request).userId,
        request.params.id,
        request.params.queryId,
        request.body,
      ),
  );

  app.delete(
    '/api/project/:id/queries/:queryId',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Delete a saved query (its creator or a project manager)',
        params: savedQueryParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await saved.delete(currentUser(request).userId, request.params.id, request.params.queryId);
      return reply.code(204).send(null);
    },
  );
};
