import { JOB_TYPES } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOperationsConfig } from '../../config-operations.ts';
import { createShareTeam, startShareServer } from '../../testing/share-fixture.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/** One sample's value from the Prometheus text, by metric name and label subset. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return null;
}

describe('GET /api/metrics', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startShareServer();
    await createShareTeam(server); // four users, a project, one converted model
  }, 120_000);
  afterAll(async () => server?.close());

  const scrape = async () => {
    const response = await fetch(`${server.url}/api/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('counts requests per route pattern, with latencies', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/models/:id', status_code: '404' };
    const seen = sample(before, 'truss_http_requests_total', route) ?? 0;
    for (let i = 0; i < 3; i += 1) {
      await server.api('GET', `/api/models/${crypto.randomUUID()}`);
    }
    const after = await scrape();
    // 401 without a token: the guard answers, the route pattern is still the label
    const unauthorized = { ...route, status_code: '401' };
    expect(sample(after, 'truss_http_requests_total', unauthorized)).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'truss_http_requests_total', route) ?? 0).toBe(seen);
    expect(
      sample(after, 'truss_http_request_duration_seconds_count', unauthorized),
    ).toBeGreaterThanOrEqual(3);
    // raw URLs (ids) never become labels
    expect(after).not.toMatch(/route="\/api\/models\/[0-9a-f]{8}-/);
  });

  it('reports the job queue and the conversion durations', async () => {
    const text = await scrape();
    expect(sample(text, 'truss_job_queue_depth', { state: 'queued' })).toBe(0);
    expect(sample(text, 'truss_job_queue_depth', { state: 'running' })).toBe(0);
    expect(sample(text, 'truss_job_queue_oldest_age_seconds')).toBe(0);
    expect(
      sample(text, 'truss_job_duration_seconds_count', {
        type: JOB_TYPES.convertModel,
        outcome: 'succeeded',
      }),
    ).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers other machines only with METRICS_TOKEN', async () => {
    const fromAfar = (authorization?: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: '203.0.113.9',
        headers: authorization ? { authorization } : {},
      });
    // this server has no token: nobody off the machine gets in
    expect((await fromAfar()).statusCode).toBe(404);
    expect((await fromAfar('Bearer anything')).statusCode).toBe(404);
  });
});

describe('metrics token and API docs settings', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      config: { operations: { metricsToken: 'scrape-secret', apiDocs: false } },
    });
  });
  afterAll(async () => server?.close());

  it('METRICS_TOKEN opens the metrics to other machines', async () => {
    const fromAfar = (authorization?: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: '203.0.113.9',
        headers: authorization ? { authorization } : {},
      });
    expect((await fromAfar()).statusCode).toBe(404);
    expect((await fromAfar('Bearer wrong-secret')).statusCode).toBe(404);
    const allowed = await fromAfar('Bearer scrape-secret');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('truss_http_requests_total');
  });

  it('API_DOCS=off serves no docs; production defaults to off', async () => {
    expect((await server.api('GET', '/api/docs/json')).status).toBe(404);
    expect((await server.api('GET', '/api/docs')).status).toBe(404);
    expect(loadOperationsConfig({}, true).apiDocs).toBe(false);
    expect(loadOperationsConfig({ API_DOCS: 'on' }, true).apiDocs).toBe(true);
    expect(loadOperationsConfig({}, false).apiDocs).toBe(true);
  });
});
