import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics.ts';

/** What the job queue holds now (read from the database at each scrape). */
export interface QueueStats {
  queued: number;
  running: number;
  /** Seconds the oldest due queued job has waited; 0 when none waits. */
  oldestQueuedSeconds: number;
}

export type AttemptOutcome = 'succeeded' | 'failed' | 'released';

/**
 * The server's Prometheus metrics, in a registry of its own (one per app, so test servers in one
 * process do not share counters): HTTP request count and latency per route, the job queue's
 * depth and age, conversion durations, and the Node.js process (CPU, memory, event loop lag).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests = new RequestMetrics();
  readonly #attempts: Histogram<'type' | 'outcome'>;

  constructor(queueStats: () => Promise<QueueStats>) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#attempts = new Histogram({
      name: 'truss_job_duration_seconds',
      help: 'Duration of job attempts (type convert: model conversions), by outcome',
      labelNames: ['type', 'outcome'],
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 900],
      registers,
    });
    // Both queue gauges come from one query per scrape.
    let pending: Promise<QueueStats> | null = null;
    const stats = () => (pending ??= queueStats().finally(() => (pending = null)));
    new Gauge({
      name: 'truss_job_queue_depth',
      help: 'Jobs waiting (queued) and running, across every process on this database',
      labelNames: ['state'],
      registers,
      async collect() {
        const now = await stats();
        this.set({ state: 'queued' }, now.queued);
        this.set({ state: 'running' }, now.running);
      },
    });
    new Gauge({
      name: 'truss_job_queue_oldest_age_seconds',
      help: 'How long the oldest due queued job has waited',
      registers,
      async collect() {
        this.set((await stats()).oldestQueuedSeconds);
      },
    });
  }

  /** One answered request; `route` is the route pattern (never the raw URL), or "unmatched". */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.#requests.observe(method, route, statusCode, seconds);
  }

  /** One job attempt ended. */
  observeAttempt(type: string, outcome: AttemptOutcome, seconds: number): void {
    this.#attempts.observe({ type, outcome }, seconds);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    const body = `${await this.registry.metrics()}\n${this.#requests.text()}`;
    return { contentType: this.registry.contentType, body };
  }
}
