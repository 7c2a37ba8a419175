/**
 * Conversion time and peak RSS of every shared drawing (../shared/drawings: PDF, DXF, DWG), each
 * converted into the sheet viewable in a fresh process by the built server's worker thread
 * (convert-measure.ts). Prints one row per file and the machine's load (2 cores, shared).
 *
 *   npm run bench:sheets:convert -w @truss/bench
 */
import { readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildConverterWorker,
  measureConversion as measure,
  type ConversionMeasured as Measured,
} from './convert-measure.ts';

const drawings =
  process.env.TRUSS_DRAWINGS_DIR ??
  resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../shared/drawings');
const RUNS = Number(process.env.BENCH_SHEETS_RUNS ?? 3);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : /\.(pdf|dxf|dwg)$/i.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    )
    .sort();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main(): Promise<void> {
  await buildConverterWorker();
  const rows: string[] = [];
  const byFormat = new Map<string, { seconds: number; peak: number }>();
  console.log(
    `load average before: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    '| file | KiB | sheets | paths | texts | seconds (median of ' +
      `${RUNS}) | peak RSS MiB | RSS before MiB |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const file of files(drawings)) {
    const runs: Measured[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(file));
    const last = runs[runs.length - 1]!;
    const name = relative(drawings, file);
    if (!last.ok) {
      rows.push(`| ${name} | failed: ${last.error} |`);
      console.log(rows[rows.length - 1]);
      continue;
    }
    const seconds = median(runs.map((run) => run.seconds));
    const peak = Math.max(...runs.map((run) => run.peakMiB));
    const format = name.slice(-3).toLowerCase();
    const best = byFormat.get(format);
    byFormat.set(format, {
      seconds: Math.max(best?.seconds ?? 0, seconds),
      peak: Math.max(best?.peak ?? 0, peak),
    });
    rows.push(
      `| ${name} | ${(statSync(file).size / 1024).toFixed(0)} | ${last.sheets} | ${last.paths} | ` +
        `${last.texts} | ${seconds.toFixed(2)} | ${peak.toFixed(0)} | ${last.baseMiB.toFixed(0)} |`,
    );
    console.log(rows[rows.length - 1]);
  }
  console.log('\n| format | slowest file, s | highest peak RSS, MiB |\n|---|---:|---:|');
  for (const [format, worst] of byFormat) {
    console.log(`| ${format} | ${worst.seconds.toFixed(2)} | ${worst.peak.toFixed(0)} |`);
  }
  console.log(
    `load average after: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
}

await main();
