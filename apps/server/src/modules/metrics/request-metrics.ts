/** Upper bounds (seconds) of the request latency histogram's buckets. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const REQUESTS = 'truss_http_requests_total';
const LATENCY = 'truss_http_request_duration_seconds';

interface Series {
  /** `method="GET",route="/api/project",status_code="200"` */
  labels: string;
  /** Requests per bucket (not cumulative); the last slot counts those above every bound. */
  buckets: number[];
  sum: number;
  count: number;
}

/** A label value in the text format: backslash, double quote and newline escaped. */
function labelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * The request counter and latency histogram (by method, route pattern and status), kept as plain
 * counts per label set and written in the Prometheus text format at scrape time. prom-client's
 * Counter and Histogram validated and hashed the label object on every request, twice: a few
 * microseconds of every hot read, where this is one map lookup.
 */
export class RequestMetrics {
  readonly #series = new Map<string, Series>();

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: `method="${labelValue(method)}",route="${labelValue(route)}",status_code="${statusCode}"`,
        buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket += 1;
    series.buckets[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** Both metrics in the Prometheus text exposition format (version 0.0.4). */
  text(): string {
    const counts: string[] = [
      `# HELP ${REQUESTS} HTTP requests answered, by method, route pattern and status code`,
      `# TYPE ${REQUESTS} counter`,
    ];
    const latency: string[] = [
      `# HELP ${LATENCY} Time from receiving a request to sending its response`,
      `# TYPE ${LATENCY} histogram`,
    ];
    for (const { labels, buckets, sum, count } of this.#series.values()) {
      counts.push(`${REQUESTS}{${labels}} ${count}`);
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, index) => {
        cumulative += buckets[index]!;
        latency.push(`${LATENCY}_bucket{le="${bound}",${labels}} ${cumulative}`);
      });
      latency.push(`${LATENCY}_bucket{le="+Inf",${labels}} ${count}`);
      latency.push(`${LATENCY}_sum{${labels}} ${sum}`);
      latency.push(`${LATENCY}_count{${labels}} ${count}`);
    }
    return `${counts.join('\n')}\n\n${latency.join('\n')}\n`;
  }
}
