/** Small helpers shared by the benchmarks: timing and percentile summaries. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0, mean };
}

export async function timeEach(n: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

function formatMs(value: number): string {
  return `${value.toFixed(1)} ms`;
}

export function printTable(title: string, rows: [string, Summary][]): void {
  console.log(`\n${title}`);
  console.log('| measure | n | p50 | p95 | max | mean |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, s] of rows) {
    console.log(
      `| ${name} | ${s.n} | ${formatMs(s.p50)} | ${formatMs(s.p95)} | ${formatMs(s.max)} | ${formatMs(s.mean)} |`,
    );
  }
}
