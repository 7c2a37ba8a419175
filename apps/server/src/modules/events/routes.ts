import { errorBodySchema } from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import { bearerSecurity, bearerToken, currentUser } from '../../http/auth-context.ts';
import type { EventStreams } from './streams.ts';

/** Milliseconds until the (already verified) bearer token expires, if it says. */
function tokenLifetimeMs(token: string | null, now: Date): number | undefined {
  if (!token) return undefined;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 - now.getTime() : undefined;
  } catch {
    return undefined;
  }
}

export const eventsRoutes: FastifyPluginAsyncZod<{
  streams: EventStreams;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
}> = async (app, { streams, requireAuth, now }) => {
  app.get(
    '/api/events',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events for the signed-in user (text/event-stream): `retry:` hint, heartbeat comments, one `id:` + `data:` (ServerEvent JSON) per event. The stream ends when the access token expires; reconnect with a fresh one.',
        security: bearerSecurity,
        response: { 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.hijack();
      streams.open({
        response: reply.raw,
        userId: user.userId,
        headers: reply.getHeaders(),
        closeAfterMs: tokenLifetimeMs(bearerToken(request), now()),
      });
    },
  );
};
