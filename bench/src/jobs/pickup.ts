/**
 * Job pick-up latency: time from an enqueue's commit to the handler's start, with an idle
 * worker. Ours on PGlite (one process: the enqueue pokes the runner) and on PostgreSQL (the
 * worker is another instance: its own pool and LISTEN connection), with and without the NOTIFY
 * wake-up; and, when installed, pg-boss (polling, on PGlite through a caller-supplied executor
 * and on PostgreSQL) and graphile-worker (LISTEN, PostgreSQL only). Enqueues come at random
 * moments, so a polling worker waits half its interval on average.
 *
 *   npm run bench:jobs -w @truss/bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   (default; skipped if down)
 *   # the libraries are not dependencies of the repo; to compare, install them without saving:
 *   npm install --no-save pg-boss graphile-worker
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { openDatabase, PGLITE_OPTIONS, wrapPGlite } from '../../../apps/server/src/db/database.ts';
import type { DatabaseHandle } from '../../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../../apps/server/src/db/migrate.ts';
import { createEventBus } from '../../../apps/server/src/modules/events/index.ts';
import { JobRunner, type JobWakeups } from '../../../apps/server/src/modules/jobs/runner.ts';
import { createAppDataAccess, type AppRepositories } from '../../../apps/server/src/app-data.ts';
import { acceptedMemberIds } from '../../../apps/server/src/modules/members/index.ts';
import type { DataAccess } from '../../../apps/server/src/repositories.ts';
import { printTable, summarize, type Summary } from '../stats.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
/** Our default JOB_POLL_INTERVAL_MS; pg-boss's minimum polling interval is 500 ms. */
const POLL_MS = 1000;
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts handlers that resolve the sample `n` when it begins. */
class Starts {
  readonly #waiting = new Map<number, (at: number) => void>();
  started(n: number): void {
    this.#waiting.get(n)?.(performance.now());
  }
  /** Runs `enqueue(n)` SAMPLES times at random moments; returns ms from commit to start. */
  async measure(enqueue: (n: number) => Promise<void>): Promise<Summary> {
    const samples: number[] = [];
    for (let n = 0; n < SAMPLES; n += 1) {
      await sleep(Math.random() * POLL_MS);
      const start = new Promise<number>((resolve) => this.#waiting.set(n, resolve));
      await enqueue(n);
      const committed = performance.now();
      const at = await Promise.race([start, sleep(10_000).then(() => NaN)]);
      if (Number.isNaN(at)) throw new Error(`sample ${n} never started`);
      samples.push(Math.max(0, at - committed));
    }
    return summarize(samples);
  }
}

function ourRunner(
  data: DataAccess<AppRepositories>,
  starts: Starts,
  wakeups?: JobWakeups,
): JobRunner {
  return new JobRunner({
    data,
    handlers: [
      {
        type: 'bench.pickup',
        parse: (payload) => payload as { n: number },
        run: async ({ payload }) => starts.started(payload.n),
      },
    ],
    settings: {
      concurrency: 1,
      pollIntervalMs: POLL_MS,
      leaseSeconds: 30,
      timeoutSeconds: 30,
      retryBaseSeconds: 10,
      retryMaxSeconds: 600,
    },
    now: () => new Date(),
    log,
    wakeups,
  });
}

const enqueueOurs = (data: DataAccess<AppRepositories>, n: number) =>
  data.transaction((repos) =>
    repos.jobs.enqueue(
      {
        type: 'bench.pickup',
        payload: { n },
        payloadVersion: 1,
        maxAttempts: 1,
        runAt: new Date(),
      },
      new Date(),
    ),
  );

async function oursOnPGlite(): Promise<Summary> {
  const database = await wrapPGlite(new PGlite(PGLITE_OPTIONS));
  await migrateToLatest(database.db);
  const data = createAppDataAccess(database.db);
  const starts = new Starts();
  const runner = ourRunner(data, starts);
  runner.start();
  try {
    // As the uploads service does: JobQueue.notify() after the commit pokes the local runner.
    return await starts.measure(async (n) => {
      await enqueueOurs(data, n);
      runner.poke();
    });
  } finally {
    await runner.stop();
    await database.close();
  }
}

/** Instance A enqueues, instance B (own pool, own LISTEN connection) runs. */
async function oursOnPostgres(url: string, listen: boolean): Promise<Summary> {
  const api = await openDatabase({ databaseUrl: url });
  const worker = await openDatabase({ databaseUrl: url });
  const workerData = createAppDataAccess(worker.db);
  const bus = createEventBus({
    database: worker,
    data: workerData,
    projectMembers: acceptedMemberIds,
    now: () => new Date(),
    log,
  });
  await bus.start();
  const starts = new Starts();
  const runner = ourRunner(workerData, starts, listen ? bus : undefined);
  runner.start();
  const apiData = createAppDataAccess(api.db);
  try {
    return await starts.measure(async (n) => void (await enqueueOurs(apiData, n)));
  } finally {
    await runner.stop();
    await bus.close();
    await api.close();
    await worker.close();
  }
}

interface PgBossLike {
  on(event: 'error', listener: (error: Error) => void): void;
  start(): Promise<unknown>;
  createQueue(name: string): Promise<void>;
  work(
    name: string,
    options: { pollingIntervalSeconds: number },
    handler: (jobs: { data: { n: number } }[]) => Promise<void>,
  ): Promise<string>;
  send(name: string, data: object): Promise<string | null>;
  stop(options: { graceful: boolean; wait: boolean }): Promise<void>;
}
type PgBossClass = new (options: object) => PgBossLike;

async function optional<T>(name: string): Promise<T | null> {
  try {
    return (await import(name)) as T;
  } catch {
    return null;
  }
}

/** pg-boss's executor over our PGlite handle: every statement takes the one connection. */
function pgbossExecutor(database: DatabaseHandle, pglite: PGlite) {
  return {
    executeSql: (text: string, values: unknown[] = []) =>
      database.db.connection().execute(async () => {
        // Its schema install is several statements in one string (simple protocol: exec).
        if (values.length === 0) return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
        return { rows: (await pglite.query(text, values)).rows };
      }),
  };
}

async function pgboss(PgBoss: PgBossClass, engine: 'pglite' | { url: string }): Promise<Summary> {
  let database: DatabaseHandle | null = null;
  let options: object;
  if (engine === 'pglite') {
    const pglite = new PGlite(PGLITE_OPTIONS);
    database = await wrapPGlite(pglite);
    options = { db: pgbossExecutor(database, pglite) };
  } else {
    options = { connectionString: engine.url };
  }
  const boss = new PgBoss({ ...options, schedule: false });
  boss.on('error', (error) => console.error('pg-boss:', error.message));
  await boss.start();
  await boss.createQueue('bench-pickup');
  const starts = new Starts();
  await boss.work('bench-pickup', { pollingIntervalSeconds: POLL_MS / 1000 }, async ([job]) =>
    starts.started(job!.data.n),
  );
  try {
    return await starts.measure(async (n) => void (await boss.send('bench-pickup', { n })));
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await database?.close();
  }
}

interface GraphileWorker {
  Logger: new (factory: () => () => void) => unknown;
  run(options: object): Promise<{ stop(): Promise<void> }>;
  makeWorkerUtils(options: object): Promise<{
    addJob(task: string, payload: object): Promise<unknown>;
    release(): Promise<void>;
  }>;
}

async function graphile(lib: GraphileWorker, url: string): Promise<Summary> {
  const starts = new Starts();
  const runner = await lib.run({
    connectionString: url,
    concurrency: 1,
    pollInterval: POLL_MS,
    noHandleSignals: true,
    logger: new lib.Logger(() => () => undefined),
    taskList: { pickup: async (payload: { n: number }) => starts.started(payload.n) },
  });
  const utils = await lib.makeWorkerUtils({ connectionString: url });
  try {
    return await starts.measure(async (n) => void (await utils.addJob('pickup', { n })));
  } finally {
    await utils.release();
    await runner.stop();
  }
}

/** A fresh, migrated database on the server (dropped afterwards); null when it is down. */
async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `truss_bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`PostgreSQL skipped (${(error as Error).message})`);
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(handle.db);
  await sql`SELECT 1`.execute(handle.db);
  await handle.close();
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main(): Promise<void> {
  const rows: [string, Summary][] = [];
  const PgBoss = (await optional<{ default: PgBossClass }>('pg-boss'))?.default ?? null;
  const graphileWorker = await optional<GraphileWorker>('graphile-worker');

  rows.push(['ours, PGlite, same process (poke)', await oursOnPGlite()]);
  if (PgBoss)
    rows.push(['pg-boss, PGlite via executor (poll 1 s)', await pgboss(PgBoss, 'pglite')]);

  const postgres = await scratchPostgres();
  if (postgres) {
    try {
      rows.push([
        'ours, PostgreSQL, other instance, poll only',
        await oursOnPostgres(postgres.url, false),
      ]);
      rows.push([
        'ours, PostgreSQL, other instance, LISTEN',
        await oursOnPostgres(postgres.url, true),
      ]);
      if (PgBoss)
        rows.push(['pg-boss, PostgreSQL (poll 1 s)', await pgboss(PgBoss, { url: postgres.url })]);
      if (graphileWorker)
        rows.push([
          'graphile-worker, PostgreSQL (LISTEN)',
          await graphile(graphileWorker, postgres.url),
        ]);
    } finally {
      await postgres.drop();
    }
  }
  if (!PgBoss || !graphileWorker) {
    console.log('pg-boss / graphile-worker not installed: their rows are left out');
  }
  printTable(`Job pick-up latency, enqueue commit -> handler start (poll ${POLL_MS} ms)`, rows);
}

await main();
