import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../../http/error-handler.ts';
import { isLocalRequest } from '../../http/loopback-only.ts';
import { safeEqual } from '../../lib/crypto.ts';
import type { Metrics } from './service.ts';

/**
 * GET /api/metrics (Prometheus text format): local clients (loopback and not forwarded by a proxy,
 * `isLocalRequest`), or anyone with `Authorization: Bearer <METRICS_TOKEN>`; everyone else is told
 * the route does not exist.
 * Not in the OpenAPI document: it is for the operator's scraper, not for API clients.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string | null }> = async (
  app,
  { metrics, token },
) => {
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const allowed =
      isLocalRequest(request) ||
      (token !== null && bearer !== undefined && safeEqual(bearer, token));
    if (!allowed) return sendError(request, reply, 'ROUTE_NOT_FOUND', 404);
    const { contentType, body } = await metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
};
