import type { onRequestAsyncHookHandler } from 'fastify';
import { bearerToken } from '../../http/auth-context.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { AuthService } from './service.ts';

/** onRequest hook for protected routes: 401 UNAUTHORIZED unless the bearer token is good. */
export function createAuthGuard(auth: AuthService): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError('missing bearer token');
    request.user = await auth.authenticate(token);
  };
}
