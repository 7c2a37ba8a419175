import type { FastifySchema, onRequestAsyncHookHandler } from 'fastify';
import { bearerSecurity } from '../../http/auth-context.ts';

/**
 * The options of a models route for a signed-in user: the bearer check, the OpenAPI tag and
 * security, around the route's own summary, params, body and responses. Shared by the model and
 * the version routes so each route states only what is its own.
 */
export function signedInRoute(requireAuth: onRequestAsyncHookHandler) {
  return <S extends FastifySchema & { summary: string }>(schema: S) => ({
    onRequest: requireAuth,
    schema: { tags: ['models'], security: bearerSecurity, ...schema },
  });
}
