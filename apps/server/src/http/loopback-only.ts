import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** The headers a reverse proxy adds to say whom it forwards for. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** Whether a proxy (or a client pretending to be one) named another client in the request. */
function isForwarded(request: FastifyRequest): boolean {
  return FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
}

/**
 * Whether the client is on this machine: the client address the server trusts (`request.ip`,
 * which with TRUST_PROXY comes from X-Forwarded-For) is loopback, and nothing in the request says
 * it was forwarded. A reverse proxy on the same host connects from 127.0.0.1 for every client on
 * the internet, so a request carrying `Forwarded`, `X-Forwarded-For` or `X-Real-IP` is never local,
 * whatever address those headers name (a client may write them itself, and a proxy that passes
 * them on unchanged would make a forged `127.0.0.1` look trusted).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return (
    isLoopback(request.socket.remoteAddress) && isLoopback(request.ip) && !isForwarded(request)
  );
}

/**
 * Development routes (outbox, sandbox payments) answer local clients only (`isLocalRequest`): any
 * other client is told the route does not exist.
 */
export function restrictToLoopback(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLocalRequest(request)) {
      return sendError(request, reply, 'ROUTE_NOT_FOUND', 404);
    }
  });
}
