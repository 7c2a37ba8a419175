/**
 * What every public share route (`/api/share/{token}/…`) shares: the visitor's context (the
 * bearer token is optional there: private shares need it, others never require it), the signed
 * file query and the answers' error bodies.
 */
import { errorBodySchema } from '@truss/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { ShareVisitorContext } from './access-service.ts';
import { readCookie, UNLOCK_COOKIE } from './secrets.ts';

export const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
export const publicErrors = {
  ...errors,
  400: errorBodySchema,
  423: errorBodySchema,
  429: errorBodySchema,
};
export const fileResponse = {
  200: z.any(),
  206: z.any(),
  304: z.any(),
  416: z.any(),
  ...publicErrors,
};
export const fileQuerySchema = z.object({
  v: z.string().max(128).optional(),
  u: z.string().max(64).optional(),
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(128).optional(),
});

/** The visitor of a public share route: signed in if it sent a token, its unlock cookie. */
export function shareVisitor(app: FastifyInstance, requireAuth: onRequestAsyncHookHandler) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedFile?: ShareVisitorContext['signedFile'],
  ): Promise<ShareVisitorContext> => {
    if (request.headers.authorization) await requireAuth.call(app, request, reply);
    return {
      userId: request.user?.userId ?? null,
      unlock: readCookie(request.headers.cookie, UNLOCK_COOKIE),
      signedFile,
    };
  };
}
