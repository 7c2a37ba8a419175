/**
 * Issue 33's must-show: three concurrent reads of the biggest topic the caps allow keep
 * `/api/health/live` p99 under 200 ms. The real app (buildApp) in this process over a fresh
 * database; the topic is seeded by SQL at every cap at once (5,000 comments of 5,000 characters,
 * 200 viewpoints with 2 MiB of components in all, 32 MiB of snapshots). The readers and the
 * health probe run in a worker thread, so what is timed is the server's event loop, not theirs.
 *
 *   npm run bench:hostile-reads -w @truss/bench
 *   BENCH_ENGINE=pglite          embedded PGlite (default: both engines, one after the other)
 *   BENCH_ENGINE=postgres        PostgreSQL only (BENCH_DATABASE_URL, default the local server)
 *   BENCH_SECONDS=10             how long the reads (and the quiet baseline) last
 *
 * Prints, per engine: health p50/p99/max with no reads and during the reads, the reads' own
 * latency, the detail's size, the server's event-loop delay p99, a detail read's parts, and the
 * machine's load average (a shared box inflates every figure).
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  BCF_TOPIC_MAX_COMMENTS,
  BCF_TOPIC_MAX_SNAPSHOT_BYTES,
  BCF_TOPIC_MAX_VIEWPOINT_BYTES,
  BCF_TOPIC_MAX_VIEWPOINTS,
  COMMENT_TEXT_MAX,
  TOPIC_DETAIL_COMMENTS,
} from '@truss/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../apps/server/src/db/schema.ts';
import { TopicsRepository } from '../../../apps/server/src/modules/topics/repository.ts';
import { printTable, summarize, type Summary } from '../stats.ts';
import { startInProcessTruss } from '../support/in-process-truss.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_MS = 200;
const ENGINES: ('pglite' | 'postgres')[] =
  process.env.BENCH_ENGINE === 'pglite'
    ? ['pglite']
    : process.env.BENCH_ENGINE === 'postgres'
      ? ['postgres']
      : ['pglite', 'postgres'];

/** The biggest topic the caps allow, seeded in SQL; its id. */
export async function seedBiggestTopic(db: Kysely<Database>, projectId: string, ownerId: string) {
  const topic = await db
    .insertInto('topics')
    .values({
      project_id: projectId,
      guid: 'biggest-allowed-topic',
      number: 1,
      kind: 'issue',
      title: 'The biggest topic the caps allow',
      description: '',
      type: 'Issue',
      status: 'Open',
      priority: 'Normal',
      labels: '[]',
      related_guids: '[]',
      pin: 'null',
      mention_ids: '[]',
      author_id: ownerId,
      author_name: 'Bench Owner',
      bcf: '{}',
      created_at: new Date(),
      modified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Components of ~40 bytes: the per-topic visinfo cap spread over the viewpoint cap.
  const perViewpoint = Math.floor(BCF_TOPIC_MAX_VIEWPOINT_BYTES / BCF_TOPIC_MAX_VIEWPOINTS / 40);
  const snapshotBytes = Math.floor(BCF_TOPIC_MAX_SNAPSHOT_BYTES / BCF_TOPIC_MAX_VIEWPOINTS);
  await sql`
    INSERT INTO topic_viewpoints (topic_id, guid, position, camera, clipping_planes, selection,
      visibility, coloring, snapshot, snapshot_type, created_at)
    SELECT ${topic.id}::uuid, 'vp-' || v, v,
      '{"type":"perspective","position":{"x":10,"y":5,"z":3},"direction":{"x":-1,"y":0,"z":0},"up":{"x":0,"y":0,"z":1},"fieldOfView":60}'::jsonb,
      '[{"location":{"x":0,"y":0,"z":1},"direction":{"x":0,"y":0,"z":-1}}]'::jsonb,
      (SELECT jsonb_agg(jsonb_build_object('ifcGuid', lpad((v * 100000 + c)::text, 22, '0')))
         FROM generate_series(1, ${perViewpoint}) AS c),
      '{"defaultVisibility":true,"exceptions":[]}'::jsonb, '[]'::jsonb,
      decode(repeat('89504e470d0a1a0a', ${Math.floor(snapshotBytes / 8)}), 'hex'), 'png', now()
    FROM generate_series(0, ${BCF_TOPIC_MAX_VIEWPOINTS - 1}) AS v`.execute(db);
  await sql`
    INSERT INTO topic_comments (topic_id, guid, author_id, author_name, text, created_at)
    SELECT ${topic.id}::uuid, 'c-' || n, ${ownerId}, 'Bench Owner',
      left(repeat('Checked on site, round ' || n || '. ', 400), ${COMMENT_TEXT_MAX}),
      timestamptz '2024-01-01' + n * interval '1 minute'
    FROM generate_series(1, ${BCF_TOPIC_MAX_COMMENTS}) AS n`.execute(db);
  await sql`ANALYZE`.execute(db);
  return topic.id;
}

/** The worker: probes health every 5 ms while `readers` loops read `path`, for `ms`. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, path, headers, readers, ms } = workerData;
(async () => {
  const health = [];
  const reads = [];
  let bytes = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(base + '/api/health/live');
      await res.arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const reader = async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(base + path, { headers });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error('detail answered ' + res.status);
      bytes = body.byteLength;
      reads.push(performance.now() - started);
    }
  };
  const running = Array.from({ length: readers }, reader);
  await new Promise((resolve) => setTimeout(resolve, ms));
  done = true;
  await Promise.all([probe, ...running]);
  parentPort.postMessage({ health, reads, bytes });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

interface ClientResult {
  health: number[];
  reads: number[];
  bytes: number;
}

function runClient(data: Record<string, unknown>): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: data });
    worker.once('message', (message: ClientResult & { error?: string }) => {
      void worker.terminate();
      if (message.error) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

async function measure(engine: 'pglite' | 'postgres'): Promise<{ engine: string; ok: boolean }> {
  const truss = await startInProcessTruss('hostile_reads', engine);
  try {
    const seeding = performance.now();
    const topicId = await seedBiggestTopic(truss.handle.db, truss.projectId, truss.userId);
    console.log(
      `\n${engine}: seeded the biggest allowed topic in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const path = `/api/topics/${topicId}`;
    const client = { base: truss.base, path, headers: truss.auth, ms: SECONDS * 1000 };
    // Warm-up: plans, caches, JIT.
    await runClient({ ...client, readers: 1, ms: 1000 });

    // A detail read's parts, one at a time, on the server's own repository.
    const repo = new TopicsRepository(truss.handle.db);
    const parts: [string, Summary][] = [];
    const time = async (name: string, run: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const started = performance.now();
        await run();
        samples.push(performance.now() - started);
      }
      parts.push([name, summarize(samples)]);
    };
    await time('findTopic', () => repo.findTopic(topicId));
    await time(`commentPage (newest ${TOPIC_DETAIL_COMMENTS})`, () =>
      repo.commentPage(topicId, { limit: TOPIC_DETAIL_COMMENTS }),
    );
    await time('commentCount', () => repo.commentCount(topicId));
    await time('topicViews (summaries + focus)', () => repo.viewpoints.topicViews([topicId]));
    await time('GET detail over HTTP', async () => {
      const res = await fetch(`${truss.base}${path}`, { headers: truss.auth });
      await res.arrayBuffer();
    });
    await time('GET one viewpoint over HTTP', async () => {
      const [summary] = (await repo.viewpoints.topicViews([topicId])).get(topicId)!.viewpoints;
      const res = await fetch(`${truss.base}${path}/viewpoints/${summary!.id}`, {
        headers: truss.auth,
      });
      await res.arrayBuffer();
    });
    printTable(`${engine}: one detail read's parts (10 each, sequential)`, parts);

    const delay = monitorEventLoopDelay({ resolution: 5 });
    const loadQuiet = load();
    delay.enable();
    const quiet = await runClient({ ...client, readers: 0 });
    delay.disable();
    const quietLoop = delay.percentile(99) / 1e6;
    delay.reset();
    const loadBusy = load();
    delay.enable();
    const busy = await runClient({ ...client, readers: 3 });
    delay.disable();
    const busyLoop = delay.percentile(99) / 1e6;
    printTable(
      `${engine}: ${SECONDS} s each; detail ${busy.bytes} bytes (target: health p99 < ${TARGET_MS} ms)`,
      [
        [`health, no reads (load ${loadQuiet})`, summarize(quiet.health)],
        [`health, 3 concurrent reads (load ${loadBusy})`, summarize(busy.health)],
        ['the reads themselves', summarize(busy.reads)],
      ],
    );
    const healthP99 = p99(busy.health);
    console.log(
      `${engine}: health p99 ${healthP99.toFixed(1)} ms during 3 concurrent reads ` +
        `(${busy.reads.length} reads, ${(busy.reads.length / SECONDS).toFixed(1)}/s), ` +
        `${p99(quiet.health).toFixed(1)} ms without; server event-loop delay p99 ` +
        `${busyLoop.toFixed(1)} ms (${quietLoop.toFixed(1)} ms without); load average ${load()}`,
    );
    return { engine, ok: healthP99 < TARGET_MS };
  } finally {
    await truss.close();
  }
}

if (process.argv[1]?.endsWith('hostile-reads.bench.ts')) {
  const results = [];
  for (const engine of ENGINES) results.push(await measure(engine));
  console.log(
    `\n${results.map((r) => `${r.engine}: ${r.ok ? 'under' : 'OVER'} ${TARGET_MS} ms`).join('; ')}`,
  );
}
