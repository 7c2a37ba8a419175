import {
  createSavedViewBodySchema,
  errorBodySchema,
  modelIdParamsSchema,
  renameSavedViewBodySchema,
  SAVED_VIEW_STATE_MAX,
  SAVED_VIEW_THUMBNAIL_MAX,
  savedViewListSchema,
  savedViewParamsSchema,
  savedViewSchema,
  SHARE_PUBLIC_PATH,
  shareTokenParamsSchema,
  type ShareVisitorAction,
} from '@truss/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { SavedViewsService } from './service.ts';

/**
 * Checks the share for this request exactly as its file routes do (live, unlocked, private: a
 * member) and what the visitor may do; gives the shared model. From the shares module.
 */
export type SavedViewsShareGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  action: ShareVisitorAction,
) => Promise<{ model_id: string }>;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
/** A body holds one encoded view and one thumbnail, with room for JSON. */
const BODY_LIMIT = SAVED_VIEW_STATE_MAX + SAVED_VIEW_THUMBNAIL_MAX + 16 * 1024;

/** Saved views of a model: thin routes, every decision in SavedViewsService. */
export const savedViewsRoutes: FastifyPluginAsyncZod<{
  views: SavedViewsService;
  requireAuth: onRequestAsyncHookHandler;
  gate: SavedViewsShareGate;
}> = async (app, { views, requireAuth, gate }) => {
  const common = { onRequest: requireAuth };
  const tags = ['saved views'];
  const security = bearerSecurity;

  app.get(
    '/api/models/:id/views',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "The model's saved views, oldest first, with thumbnails",
        params: modelIdParamsSchema,
        response: { 200: savedViewListSchema, ...errors },
      },
    },
    async (request) => views.list(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/models/:id/views',
    {
      ...common,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Save the current view of the model under a name',
        params: modelIdParamsSchema,
        body: createSavedViewBodySchema,
        response: { 201: savedViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const view = await views.create(currentUser(request).userId, request.params.id, request.body);
      return reply.code(201).send(view);
    },
  );

  app.patch(
    '/api/models/:id/views/:viewId',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Rename a saved view (its creator or a project manager)',
        params: savedViewParamsSchema,
        body: renameSavedViewBodySchema,
        response: { 200: savedViewSchema, ...errors },
      },
    },
    async (request) =>
      views.rename(
        currentUser(request).userId,
        request.params.id,
        request.params.viewId,
        request.body.name,
      ),
  );

  app.delete(
    '/api/models/:id/views/:viewId',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Delete a saved view (its creator or a project manager)',
        params: savedViewParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await views.delete(currentUser(request).userId, request.params.id, request.params.viewId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/views`,
    {
      schema: {
        tags: ['shares', ...tags],
        summary: "The shared model's saved views (what a visitor of the share may open)",
        params: shareTokenParamsSchema,
        response: { 200: savedViewListSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'share.view');
      return views.listShared(share.model_id);
    },
  );
};
