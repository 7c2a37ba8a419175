/**
 * 50 concurrent tus uploads, then their conversions, on PostgreSQL with the real converter
 * (the server as `npm start` runs it: API and conversion workers in one process). 25 users
 * upload 2 files each at once (the plan allows 3 unfinished uploads per user), in 256 KiB
 * chunks; then every model must become ready and its original must come back with the same
 * SHA-256. The server's RSS is sampled every 250 ms.
 *
 *   npm run bench:uploads -w @truss/bench
 *   BENCH_UPLOADS=50  BENCH_WORKER_CONCURRENCY=2  BENCH_DATABASE_URL=postgres://...
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Model } from '@truss/contracts';
import { sha256, tusUpload } from '../../../apps/server/src/testing/uploads.ts';
import { call, createBenchDatabase, rssMiB, signUp, startTruss } from './support.ts';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 50);
const PER_USER = 2;
const SAMPLES =
  process.env.TRUSS_SAMPLES_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/samples');
/** A mix of formats and sizes (36 KB to 2.4 MB). */
const FILES = [
  'stl/stl_binary.stl',
  'gltf/Duck.glb',
  'obj/hundred_cubes.obj',
  'ifc/IfcOpenHouse_IFC4.ifc',
  'ply/Wuson.ply',
  'ifc/example.ifc',
  'ifc/duplex.ifc',
  '3ds/fels.3ds',
  'fbx/spider.fbx',
  'off/Wuson.off',
];

interface Job {
  user: { token: string };
  projectId: string;
  file: string;
  bytes: Buffer;
  modelId?: string;
  uploadMs?: number;
  error?: string;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const truss = await startTruss({
    databaseUrl: database.url,
    env: { WORKER_CONCURRENCY: process.env.BENCH_WORKER_CONCURRENCY ?? '2' },
  });
  const rss: number[] = [];
  const sampler = setInterval(() => {
    void rssMiB(truss.pid).then((value) => rss.push(value));
  }, 250);
  try {
    const rssStart = await rssMiB(truss.pid);
    const jobs: Job[] = [];
    for (let u = 0; u < Math.ceil(UPLOADS / PER_USER); u += 1) {
      const user = await signUp(truss.url, `bench-up-${u}`);
      const projects = (await call(truss.url, '/api/project', user)) as unknown as { id: string }[];
      for (let i = 0; i < PER_USER && jobs.length < UPLOADS; i += 1) {
        const file = FILES[jobs.length % FILES.length]!;
        jobs.push({
          user,
          projectId: projects[0]!.id,
          file,
          bytes: await readFile(path.join(SAMPLES, file)),
        });
      }
    }
    const started = performance.now();
    await Promise.all(
      jobs.map(async (job) => {
        const t0 = performance.now();
        const outcome = await tusUpload(job.bytes, {
          baseUrl: truss.url,
          token: job.user.token,
          projectId: job.projectId,
          filename: path.basename(job.file),
          chunkSize: 256 * 1024,
        });
        job.uploadMs = performance.now() - t0;
        if (outcome.modelId) job.modelId = outcome.modelId;
        else job.error = `upload: ${JSON.stringify(outcome.error)}`;
      }),
    );
    const uploadedAt = performance.now();
    const deadline = Date.now() + 15 * 60_000;
    const states = new Map<string, string>();
    for (;;) {
      for (const job of jobs) {
        if (!job.modelId || ['ready', 'failed'].includes(states.get(job.modelId) ?? '')) continue;
        const model = (await call(
          truss.url,
          `/api/models/${job.modelId}`,
          job.user,
        )) as unknown as Model;
        states.set(job.modelId, model.status);
      }
      const pending = jobs.filter(
        (job) => job.modelId && !['ready', 'failed'].includes(states.get(job.modelId) ?? ''),
      );
      if (pending.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const convertedAt = performance.now();
    let intact = 0;
    for (const job of jobs) {
      if (!job.modelId) continue;
      if (states.get(job.modelId) !== 'ready') {
        job.error = `model ${states.get(job.modelId)}`;
        continue;
      }
      const original = await fetch(`${truss.url}/api/models/${job.modelId}/original`, {
        headers: { authorization: `Bearer ${job.user.token}` },
      });
      const digest = sha256(Buffer.from(await original.arrayBuffer()));
      if (digest === sha256(job.bytes)) intact += 1;
      else job.error = 'original differs (SHA-256)';
    }
    const totalMiB = jobs.reduce((sum, job) => sum + job.bytes.length, 0) / 2 ** 20;
    const uploadTimes = jobs.map((job) => job.uploadMs ?? 0).sort((a, b) => a - b);
    console.log(`\n${jobs.length} concurrent tus uploads + conversions, PostgreSQL`);
    console.log('| measure | value |');
    console.log('|---|---:|');
    console.log(`| uploads | ${jobs.length} (${totalMiB.toFixed(1)} MiB) |`);
    console.log(`| all uploaded after | ${((uploadedAt - started) / 1000).toFixed(1)} s |`);
    console.log(
      `| upload p50 / max | ${(uploadTimes[Math.floor(uploadTimes.length / 2)]! / 1000).toFixed(1)} s / ${(uploadTimes.at(-1)! / 1000).toFixed(1)} s |`,
    );
    console.log(`| all converted after | ${((convertedAt - started) / 1000).toFixed(1)} s |`);
    console.log(`| ready, original SHA-256 equal | ${intact} / ${jobs.length} |`);
    console.log(
      `| server RSS start / peak / end | ${rssStart.toFixed(0)} / ${Math.max(...rss).toFixed(0)} / ${(await rssMiB(truss.pid)).toFixed(0)} MiB |`,
    );
    const failed = jobs.filter((job) => job.error);
    for (const job of failed) console.log(`FAILED ${job.file}: ${job.error}`);
    if (failed.length) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await truss.stop();
    await database.drop();
  }
}

await main();
