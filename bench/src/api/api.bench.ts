/**
 * Hot reads under load, on PostgreSQL, in ONE run beside a Fastify hello-world on the same box:
 * 50 connections (autocannon) against `GET /` of the hello-world, then the signed-in user's
 * project list, a project's model list, the profile and the subscription. Prints req/s, p50,
 * p99, errors and each route's ratio to the hello-world.
 *
 *   npm run bench:api -w @truss/bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   (default)
 *   BENCH_SECONDS=10 (per route)  BENCH_CONNECTIONS=50
 *   BENCH_WARMUP_REQUESTS=10000: requests sent to each target before it is measured
 *   BENCH_PROF=/tmp/prof/api.log: the server writes V8 tick logs beside it, one per thread
 *     (the largest is the main thread); node --prof-process <file> shows where time goes
 *   READ_CACHE_SECONDS=0: the server without its read cache (the database path of every read)
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { tusUpload, waitForModel } from '../../../apps/server/src/testing/uploads.ts';
import type { Model } from '@truss/contracts';
import {
  call,
  createBenchDatabase,
  cpuSeconds,
  postgresCpuSeconds,
  rssMiB,
  signUp,
  startHello,
  startTruss,
  type Json,
} from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * A warm-up counted in requests, not seconds: on a busy machine two seconds served a few
 * hundred requests, the JIT had not yet optimised the server's code, and the first route
 * measured (the project list) paid for it.
 */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 10_000);
const SAMPLES =
  process.env.TRUSS_SAMPLES_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/samples');
const MODEL_FILES = [
  'stl/stl_binary.stl',
  'gltf/Duck.glb',
  'obj/hundred_cubes.obj',
  'ply/cube_rgb_binary.ply',
];

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU of the server / of PostgreSQL during the measured run, in % of one core. */
  serverCpu: number;
  pgCpu: number;
  /** The server's CPU time per answered request (user + system), in µs. */
  cpuPerRequest: number;
}

async function load(name: string, url: string, pid: number, token?: string): Promise<Row> {
  const run = (limit: { duration: number } | { amount: number }) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      ...limit,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  await run({ amount: WARMUP_REQUESTS }); // warm-up: JIT, connection pools, caches
  const [cpu0, pg0] = [await cpuSeconds(pid), await postgresCpuSeconds()];
  const result = await run({ duration: SECONDS });
  const [cpu1, pg1] = [await cpuSeconds(pid), await postgresCpuSeconds()];
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpu: ((cpu1 - cpu0) / SECONDS) * 100,
    pgCpu: ((pg1 - pg0) / SECONDS) * 100,
    cpuPerRequest: ((cpu1 - cpu0) / Math.max(1, result.requests.total)) * 1e6,
  };
}

async function seed(base: string): Promise<{ token: string; projectId: string }> {
  const { token } = await signUp(base, 'bench-api');
  for (const name of ['Tower A', 'Renovation']) {
    await call(base, '/api/project', {
      method: 'POST',
      token,
      json: { name, description: `${name} — bench project` },
    });
  }
  const projects = (await call(base, '/api/project', { token })) as unknown as { id: string }[];
  const projectId = projects[0]!.id;
  for (const file of MODEL_FILES) {
    const bytes = await readFile(path.join(SAMPLES, file));
    const outcome = await tusUpload(bytes, {
      baseUrl: base,
      token,
      projectId,
      filename: path.basename(file),
    });
    if (!outcome.modelId) throw new Error(`upload ${file}: ${JSON.stringify(outcome.error)}`);
    const model = await waitForModel(
      async () =>
        (await call(base, `/api/models/${outcome.modelId}`, { token })) as unknown as Model,
    );
    if (model.status !== 'ready') throw new Error(`${file} did not convert: ${model.status}`);
  }
  return { token, projectId };
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const hello = await startHello();
  const truss = await startTruss({
    databaseUrl: database.url,
    ...(process.env.BENCH_PROF ? { profFile: path.resolve(process.env.BENCH_PROF) } : {}),
  });
  try {
    const { token, projectId } = await seed(truss.url);
    const loadBefore = loadavg()[0]!;
    const rows: Row[] = [];
    rows.push(await load('Fastify hello-world GET /', `${hello.url}/`, hello.pid));
    await hello.stop();
    const routes: [string, string][] = [
      ['GET /api/project', '/api/project'],
      ['GET /api/project/:id/models', `/api/project/${projectId}/models`],
      ['GET /api/user/profile', '/api/user/profile'],
      ['GET /api/user/subscription', '/api/user/subscription'],
    ];
    for (const [name, route] of routes) {
      const body: Json = await call(truss.url, route, { token });
      if (!body) throw new Error(`${route} answered nothing`);
      rows.push(await load(name, `${truss.url}${route}`, truss.pid, token));
    }
    const reference = rows[0]!.rps;
    console.log(
      `\nAPI hot reads: ${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL, LOG_LEVEL=info`,
    );
    console.log(
      '| route | req/s | p50 | p99 | errors | x hello-world | server CPU | CPU per request | PostgreSQL CPU |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      console.log(
        `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50} ms | ${row.p99} ms | ${row.errors} | ${(row.rps / reference).toFixed(2)} | ${row.serverCpu.toFixed(0)} % | ${row.cpuPerRequest.toFixed(0)} µs | ${row.pgCpu.toFixed(0)} % |`,
      );
    }
    console.log(`server RSS after the run: ${(await rssMiB(truss.pid)).toFixed(0)} MiB`);
    // The figures depend on what else the machine runs: say how busy it was.
    console.log(
      `load average (1 min): ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
    );
  } finally {
    await hello.stop();
    await truss.stop();
    await database.drop();
  }
}

await main();
