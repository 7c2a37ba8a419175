import type { RegisterModule } from '../module.ts';
import { metricsRoutes } from './routes.ts';
import { Metrics, type QueueStats } from './service.ts';

export { Metrics, type AttemptOutcome, type QueueStats } from './service.ts';

export interface MetricsDeps {
  /** The job queue's depth and age (the jobs repository), read at each scrape. */
  queueStats: () => Promise<QueueStats>;
  /** METRICS_TOKEN: opens /api/metrics to other machines; null: loopback only. */
  token: string | null;
}

/**
 * Prometheus metrics at /api/metrics. Registered first, so its hooks time every request; the
 * jobs module reports attempt durations through the returned `metrics`.
 */
export const register: RegisterModule<MetricsDeps, { metrics: Metrics }> = async (app, deps) => {
  const metrics = new Metrics(deps.queueStats);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  await app.register(metricsRoutes, { metrics, token: deps.token });
  return { metrics };
};
