import {
  errorBodySchema,
  modelDiffQuerySchema,
  modelDiffSchema,
  modelIdParamsSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { ModelDiffService } from './service.ts';

/** `GET /api/models/{id}/diff?from=&to=`: what changed between two versions of a model. */
export const diffRoutes: FastifyPluginAsyncZod<{
  diff: ModelDiffService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { diff, requireAuth }) => {
  app.get(
    '/api/models/:id/diff',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['model versions'],
        security: bearerSecurity,
        summary:
          'Elements added, removed and changed (geometry, properties) between two versions of the model',
        params: modelIdParamsSchema,
        querystring: modelDiffQuerySchema,
        response: {
          200: modelDiffSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const result = await diff.diff(currentUser(request).userId, request.params.id, from, to);
      // Versions never change once converted: the answer may be kept by the browser.
      reply.header('cache-control', 'private, max-age=3600');
      return result;
    },
  );
};
