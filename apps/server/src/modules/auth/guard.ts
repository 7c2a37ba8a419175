import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { UnauthorizedError } from '../../http/errors.ts';
import type { AuthContext, AuthService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard on protected routes; null elsewhere. */
    user: AuthContext | null;
  }
}

/** OpenAPI: routes behind the guard. */
export const bearerSecurity = [{ bearerAuth: [] }];

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** onRequest hook for protected routes: 401 UNAUTHORIZED unless the bearer token is good. */
export function createAuthGuard(auth: AuthService): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError('missing bearer token');
    request.user = await auth.authenticate(token);
  };
}

/** The caller of a guarded route. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.user) throw new UnauthorizedError('route is missing the auth guard');
  return request.user;
}
