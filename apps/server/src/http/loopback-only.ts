import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Development routes (outbox, sandbox payments) answer loopback clients only: any other client is
 * told the route does not exist. The socket address decides, never X-Forwarded-For (a reverse
 * proxy on the same machine would look local: DEV_ROUTES=off there).
 */
export function restrictToLoopback(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      return sendError(request, reply, 'ROUTE_NOT_FOUND', 404);
    }
  });
}
