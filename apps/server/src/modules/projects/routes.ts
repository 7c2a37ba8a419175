import {
  createProjectBodySchema,
  deleteProjectBodySchema,
  errorBodySchema,
  okSchema,
  projectIdParamsSchema,
  projectListSchema,
  projectPreferencesBodySchema,
  projectSchema,
  updateProjectBodySchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { ProjectsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export const projectsRoutes: FastifyPluginAsyncZod<{
  projects: ProjectsService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { projects, requireAuth }) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/api/project',
    {
      schema: {
        tags: ['project'],
        summary: "The signed-in user's projects (default project first)",
        security: bearerSecurity,
        response: { 200: projectListSchema, 401: errors[401] },
      },
    },
    async (request) => projects.list(currentUser(request).userId),
  );

  app.post(
    '/api/project',
    {
      schema: {
        tags: ['project'],
        summary: 'Create a project; the caller becomes its owner',
        security: bearerSecurity,
        body: createProjectBodySchema,
        response: { 201: projectSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => {
      const project = await projects.create(currentUser(request).userId, request.body);
      return reply.code(201).send(project);
    },
  );

  app.get(
    '/api/project/:id',
    {
      schema: {
        tags: ['project'],
        summary: 'One project as the caller sees it (404 for non-members)',
        security: bearerSecurity,
        params: projectIdParamsSchema,
        response: { 200: projectSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => projects.get(currentUser(request).userId, request.params.id),
  );

  app.put(
    '/api/project/:id',
    {
      schema: {
        tags: ['project'],
        summary:
          'Rename, describe or recolour a project (owner, admin). Metadata keys are merged; a key sent as null is removed.',
        security: bearerSecurity,
        params: projectIdParamsSchema,
        body: updateProjectBodySchema,
        response: { 200: projectSchema, ...errors },
      },
    },
    async (request) =>
      projects.update(currentUser(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/api/project/:id',
    {
      schema: {
        tags: ['project'],
        summary:
          'Delete a project permanently with its models (owner only; body {"confirm":"DELETE"}; never the default project)',
        security: bearerSecurity,
        params: projectIdParamsSchema,
        body: deleteProjectBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await projects.delete(currentUser(request).userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/project/:id/preferences',
    {
      schema: {
        tags: ['project'],
        summary: "The caller's own flags for a project: favourite, shown in the sidebar",
        security: bearerSecurity,
        params: projectIdParamsSchema,
        body: projectPreferencesBodySchema,
        response: { 200: projectSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) =>
      projects.setPreferences(currentUser(request).userId, request.params.id, request.body),
  );
};
