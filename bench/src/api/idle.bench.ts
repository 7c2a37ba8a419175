/**
 * The default process at rest: the server as `npm start` runs it (API and conversion workers in
 * one process, ROLE=all), on PGlite and then on PostgreSQL. For each: start-up time (spawn to the
 * first 200 from /api/health/ready), RSS once it has settled, then one small IFC uploaded and
 * converted, and RSS again once the process has settled after it. RSS is the kernel's VmRSS of
 * the process, worker threads and PGlite's WASM heap included (all live in it).
 *
 *   npm run bench:idle -w @truss/bench
 *   BENCH_IDLE_RUNS=3  BENCH_IDLE_SETTLE_SECONDS=10  BENCH_IDLE_DATABASES=pglite,postgres
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Model } from '@truss/contracts';
import { tusUpload, waitForModel } from '../../../apps/server/src/testing/uploads.ts';
import { summarize } from '../stats.ts';
import {
  call,
  createBenchDatabase,
  heapFromMetrics,
  rssBreakdown,
  rssMiB,
  signUp,
  startTruss,
} from './support.ts';

const RUNS = Number(process.env.BENCH_IDLE_RUNS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 10) * 1000;
const DATABASES = (process.env.BENCH_IDLE_DATABASES ?? 'pglite,postgres').split(',');
const SAMPLES =
  process.env.TRUSS_SAMPLES_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/samples');
const MODEL = 'ifc/IfcOpenHouse_IFC4.ifc';

/** Where the RSS is once settled (support.ts's rssBreakdown and the main thread's heap). */
async function detail(label: string, pid: number, base: string): Promise<void> {
  const parts = await rssBreakdown(pid);
  const heap = await heapFromMetrics(base);
  const mib = (value: number) => value.toFixed(0);
  console.log(
    `  ${label}: ${Object.entries(parts)
      .map(([kind, value]) => `${kind} ${mib(value)}`)
      .join(
        ', ',
      )} MiB; main thread V8 heap ${mib(heap.heap!)} (used ${mib(heap.heapUsed!)}), external ${mib(heap.external!)} MiB`,
  );
}

interface Run {
  startSeconds: number;
  idleMiB: number;
  afterConversionMiB: number;
}

/** The settled RSS: the lowest of samples taken every 500 ms over the settle time. */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  const end = Date.now() + SETTLE_MS;
  while (Date.now() < end) {
    samples.push(await rssMiB(pid));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return Math.min(...samples);
}

async function once(databaseUrl: string): Promise<Run> {
  const started = performance.now();
  const truss = await startTruss({ databaseUrl, readyPath: '/api/health/ready' });
  const startSeconds = (performance.now() - started) / 1000;
  try {
    const idleMiB = await settledRss(truss.pid);
    await detail('idle', truss.pid, truss.url);
    const user = await signUp(truss.url, 'bench-idle');
    const projects = (await call(truss.url, '/api/project', user)) as unknown as { id: string }[];
    const bytes = await readFile(path.join(SAMPLES, MODEL));
    const outcome = await tusUpload(bytes, {
      baseUrl: truss.url,
      token: user.token,
      projectId: projects[0]!.id,
      filename: path.basename(MODEL),
    });
    if (!outcome.modelId) throw new Error(`upload failed: ${JSON.stringify(outcome.error)}`);
    const model = await waitForModel(
      async () =>
        (await call(truss.url, `/api/models/${outcome.modelId}`, user)) as unknown as Model,
      180_000,
    );
    if (model.status !== 'ready') throw new Error(`the model is ${model.status}`);
    const afterConversionMiB = await settledRss(truss.pid);
    await detail('after one conversion', truss.pid, truss.url);
    return { startSeconds, idleMiB, afterConversionMiB };
  } finally {
    await truss.stop();
  }
}

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const engine of DATABASES) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      if (engine === 'postgres') {
        const database = await createBenchDatabase();
        try {
          runs.push(await once(database.url));
        } finally {
          await database.drop();
        }
      } else {
        runs.push(await once(''));
      }
      const last = runs.at(-1)!;
      console.log(
        `${engine} run ${run + 1}: start ${last.startSeconds.toFixed(2)} s, idle ${last.idleMiB.toFixed(0)} MiB, after one conversion ${last.afterConversionMiB.toFixed(0)} MiB`,
      );
    }
    const spread = (values: number[], digits: number) =>
      `${summarize(values).p50.toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;
    rows.push(
      `| ${engine} | ${spread(
        runs.map((run) => run.startSeconds),
        2,
      )} | ${spread(
        runs.map((run) => run.idleMiB),
        0,
      )} | ${spread(
        runs.map((run) => run.afterConversionMiB),
        0,
      )} |`,
    );
  }
  console.log(`\nThe default process (ROLE=all) at rest, median (min-max) of ${RUNS} runs`);
  console.log(
    '| database | start to ready (s) | idle RSS (MiB) | RSS after one conversion (MiB) |',
  );
  console.log('|---|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

await main();
