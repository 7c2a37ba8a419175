import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS, RequestMetrics } from './request-metrics.ts';

/** The samples of a Prometheus text, label order ignored: `name{a="1",b="2"} value`. */
function samples(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([^{ ]+)(?:\{(.*)\})? (.+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = (match[2]?.match(/[a-z_]+="(?:[^"\\]|\\.)*"/g) ?? []).sort().join(',');
      return `${match[1]}{${labels}} ${Number(match[3])}`;
    })
    .sort();
}

describe('RequestMetrics', () => {
  const observations: [string, string, number, number][] = [
    ['GET', '/api/project', 200, 0.0009],
    ['GET', '/api/project', 200, 0.005], // on a bound: counted in that bucket
    ['GET', '/api/project', 200, 0.3],
    ['GET', '/api/project', 401, 0.002],
    ['POST', '/api/project', 201, 12], // above every bound: +Inf only
    ['GET', 'unmatched', 404, 0.04],
    ['GET', '/odd "route"\\x', 200, 0.01], // escaped like prom-client does
  ];

  it('writes the same samples as prom-client Counter and Histogram', async () => {
    const ours = new RequestMetrics();
    const registry = new Registry();
    const labelNames = ['method', 'route', 'status_code'] as const;
    const counter = new Counter({
      name: 'truss_http_requests_total',
      help: 'h',
      labelNames,
      registers: [registry],
    });
    const histogram = new Histogram({
      name: 'truss_http_request_duration_seconds',
      help: 'h',
      labelNames,
      buckets: [...LATENCY_BUCKETS],
      registers: [registry],
    });
    for (const [method, route, status, seconds] of observations) {
      ours.observe(method, route, status, seconds);
      const labels = { method, route, status_code: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }
    expect(samples(ours.text())).toEqual(samples(await registry.metrics()));
  });

  it('declares both metrics even before the first request', () => {
    const text = new RequestMetrics().text();
    expect(text).toContain('# TYPE truss_http_requests_total counter');
    expect(text).toContain('# TYPE truss_http_request_duration_seconds histogram');
    expect(samples(text)).toEqual([]);
  });
});
