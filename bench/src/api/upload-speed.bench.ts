/**
 * One big tus upload against a raw loopback copy of the same bytes, in the same run: a
 * generated 1 GiB binary STL (in a temp dir, deleted after) goes
 *   1. as one raw HTTP PUT to a minimal Node server that writes the body to disk, then
 *   2. through Truss's tus endpoint with tus-js-client in Node, in the web client's chunk size.
 * Prints MB/s of both, their ratio, the time of the last PATCH (the one that finishes the upload)
 * and of the others, and the server's RSS before / peak / after. The server runs as `npm start`
 * does, API only (ROLE=api: no conversion starts), on a fresh PostgreSQL database.
 *
 *   npm run bench:upload -w @truss/bench
 *   BENCH_UPLOAD_MIB=1024  BENCH_DATABASE_URL=postgres://...  BENCH_UPLOAD_ENV='{"S3_BUCKET":..}'
 *   BENCH_UPLOAD_CHUNK_MIB=64 (another chunk size than the web client's, to compare)
 *   BENCH_PROF=/tmp/upload.log (V8 tick logs of the server, for `node --prof-process`)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_CHUNK_BYTES } from '@truss/contracts';
import * as tus from 'tus-js-client';
import { freePort } from '@truss/e2e/support/server';
import { call, cpuSeconds, createBenchDatabase, rssMiB, signUp, startTruss } from './support.ts';

const MIB = 2 ** 20;
const TARGET_BYTES = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MIB;
/** The web client's chunk size unless BENCH_UPLOAD_CHUNK_MIB says otherwise (to compare). */
const CHUNK_BYTES = process.env.BENCH_UPLOAD_CHUNK_MIB
  ? Number(process.env.BENCH_UPLOAD_CHUNK_MIB) * MIB
  : UPLOAD_CHUNK_BYTES;

/** A binary STL of about TARGET_BYTES (the format check accepts it from its header). */
async function makeFile(file: string): Promise<number> {
  const triangles = Math.floor((TARGET_BYTES - 84) / 50);
  const size = 84 + triangles * 50;
  const header = Buffer.alloc(84);
  header.write('truss bench:upload', 0);
  header.writeUInt32LE(triangles, 80);
  const block = randomBytes(4 * MIB);
  await pipeline(
    (async function* () {
      yield header;
      for (let left = size - 84; left > 0; left -= block.length) {
        yield left >= block.length ? block : block.subarray(0, left);
      }
    })(),
    createWriteStream(file),
  );
  return size;
}

const RAW_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
http.createServer((req, res) => {
  const out = fs.createWriteStream(process.env.TARGET);
  req.pipe(out).on('finish', () => res.writeHead(204).end());
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));`;

/** The reference: one PUT of the file to a minimal Node server writing it to disk. */
async function rawPut(
  file: string,
  size: number,
  dir: string,
): Promise<{ seconds: number; cpu: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', RAW_SERVER], {
    env: { ...process.env, PORT: String(port), TARGET: path.join(dir, 'raw-copy') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  try {
    const started = performance.now();
    const cpuBefore = await cpuSeconds(child.pid ?? 0);
    await new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'PUT', headers: { 'content-length': size } },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 204 ? resolve() : reject(new Error('raw PUT'))));
        },
      );
      req.on('error', reject);
      createReadStream(file).pipe(req);
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await cpuSeconds(child.pid ?? 0)) - cpuBefore;
    if ((await stat(path.join(dir, 'raw-copy'))).size !== size) throw new Error('raw copy size');
    return { seconds, cpu };
  } finally {
    child.kill('SIGTERM');
    await rm(path.join(dir, 'raw-copy'), { force: true });
  }
}

interface TusRun {
  seconds: number;
  patchMs: number[];
  modelId: string;
}

function tusPut(file: string, base: string, token: string, projectId: string): Promise<TusRun> {
  const patchMs: number[] = [];
  const sentAt = new WeakMap<object, number>();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(file), {
      endpoint: `${base}/api/uploads`,
      metadata: { projectId, filename: 'bench.stl' },
      headers: { authorization: `Bearer ${token}` },
      chunkSize: CHUNK_BYTES,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        sentAt.set(req, performance.now());
      },
      onAfterResponse: (req) => {
        if (req.getMethod() === 'PATCH') patchMs.push(performance.now() - (sentAt.get(req) ?? 0));
      },
      onSuccess: ({ lastResponse }) =>
        resolve({
          seconds: (performance.now() - started) / 1000,
          patchMs,
          modelId: lastResponse.getHeader('truss-model-id') ?? '',
        }),
      onError: reject,
    });
    upload.start();
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'truss-bench-upload-'));
  const database = await createBenchDatabase();
  const extraEnv = JSON.parse(process.env.BENCH_UPLOAD_ENV ?? '{}') as Record<string, string>;
  const truss = await startTruss({
    databaseUrl: database.url,
    env: { ROLE: 'api', LOG_LEVEL: 'warn', ...extraEnv },
    ...(process.env.BENCH_PROF ? { profFile: process.env.BENCH_PROF } : {}),
  });
  const rss: number[] = [];
  const sampler = setInterval(() => {
    void rssMiB(truss.pid).then(
      (value) => rss.push(value),
      () => undefined,
    );
  }, 100);
  try {
    const file = path.join(dir, 'bench.stl');
    const size = await makeFile(file);
    const user = await signUp(truss.url, 'bench-upload');
    const projects = (await call(truss.url, '/api/project', user)) as unknown as { id: string }[];
    const raw = await rawPut(file, size, dir);
    const rawSeconds = raw.seconds;
    const rssBefore = await rssMiB(truss.pid);
    rss.length = 0;
    const cpuBefore = await cpuSeconds(truss.pid);
    const run = await tusPut(file, truss.url, user.token, projects[0]!.id);
    const tusCpu = (await cpuSeconds(truss.pid)) - cpuBefore;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rssAfter = await rssMiB(truss.pid);
    const stored = (await call(truss.url, `/api/models/${run.modelId}`, user)) as {
      size?: number;
    };
    if (stored.size !== size) throw new Error(`model size ${stored.size} != ${size}`);
    const mbps = (seconds: number) => size / 1e6 / seconds;
    const others = run.patchMs.slice(0, -1).sort((a, b) => a - b);
    const peak = Math.max(rssBefore, ...rss);
    console.log(`\ntus upload vs raw loopback PUT, ${(size / MIB).toFixed(0)} MiB`);
    console.log('| measure | value |');
    console.log('|---|---:|');
    console.log(`| raw PUT | ${mbps(rawSeconds).toFixed(0)} MB/s (${rawSeconds.toFixed(2)} s) |`);
    console.log(
      `| tus (${CHUNK_BYTES / MIB} MiB chunks, ${run.patchMs.length} PATCH) |` +
        ` ${mbps(run.seconds).toFixed(0)} MB/s (${run.seconds.toFixed(2)} s) |`,
    );
    console.log(`| ratio tus / raw | ${(rawSeconds / run.seconds).toFixed(2)} |`);
    console.log(
      `| server CPU raw / tus | ${raw.cpu.toFixed(2)} / ${tusCpu.toFixed(2)} s (load average ${loadavg()[0]!.toFixed(1)}) |`,
    );
    console.log(`| last PATCH | ${run.patchMs.at(-1)!.toFixed(0)} ms |`);
    console.log(
      `| other PATCH p50 / max | ${others[Math.floor(others.length / 2)]?.toFixed(0)} / ${others.at(-1)?.toFixed(0)} ms |`,
    );
    console.log(
      `| server RSS before / peak / after | ${rssBefore.toFixed(0)} / ${peak.toFixed(0)} / ${rssAfter.toFixed(0)} MiB (growth ${(peak - rssBefore).toFixed(0)} MiB) |`,
    );
  } finally {
    clearInterval(sampler);
    await truss.stop();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
