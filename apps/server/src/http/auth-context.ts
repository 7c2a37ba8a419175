import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from './errors.ts';

/** The signed-in caller of a request, as the auth module's bearer guard sets it. */
export interface AuthContext {
  userId: string;
  /** The refresh-token family of the sign-in (JWT `sid`). */
  sessionId: string;
}

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

/** The caller of a guarded route. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.user) throw new UnauthorizedError('route is missing the auth guard');
  return request.user;
}
