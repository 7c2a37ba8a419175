import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppConfig } from '../../app.ts';
import { defaultModelsConfig } from '../../config-models.ts';
import { openDatabase } from '../../db/database.ts';
import { createAppDataAccess } from '../../app-data.ts';
import type { DataAccess } from '../../repositories.ts';
import type { JobsRepositories } from './repositories.ts';
import { createTestDatabase, testEngine } from '../../testing/test-server.ts';
import type { JobHandler } from './handler.ts';

const POLL_INTERVAL_MS = 10_000;

/**
 * Two app instances on ONE PostgreSQL database: an `api` instance enqueues, a `worker` instance
 * (its own pool and LISTEN connection, polling only every 10 s) starts the job at once because
 * the enqueue's NOTIFY wakes it. PostgreSQL only (PGlite is one process).
 */
describe.skipIf(testEngine() !== 'postgres')('job pick-up across instances (PostgreSQL)', () => {
  const config: AppConfig = {
    publicUrl: 'http://127.0.0.1',
    jwtSecret: randomBytes(32).toString('hex'),
    tokenHmacSecret: randomBytes(32).toString('hex'),
    isProduction: false,
    webDistDir: '/nonexistent',
    smtpUrl: null,
    mailFrom: 'Truss <no-reply@truss.test>',
  };
  const started = new Map<number, number>();
  const handler: JobHandler<{ n: number }> = {
    type: 'test.pickup',
    parse: (payload) => payload as { n: number },
    run: async ({ payload }) => {
      started.set(payload.n, performance.now());
    },
  };
  const apps: FastifyInstance[] = [];
  let apiData: DataAccess<JobsRepositories>;
  let dataDir: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'truss-pickup-'));
    const first = await createTestDatabase();
    drop = first.drop;
    const second = await openDatabase({ databaseUrl: first.handle.connectionString! });
    const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
    // Instance A: HTTP only (no runner of its own).
    apps.push(await buildApp({ config, database: first.handle, logger }));
    apiData = createAppDataAccess(first.handle.db);
    // Instance B: workers only, slow polling.
    const models = {
      ...defaultModelsConfig(dataDir),
      role: 'worker' as const,
      jobPollIntervalMs: POLL_INTERVAL_MS,
    };
    const worker = await buildApp({
      config: { ...config, dataDir, models },
      database: second,
      logger,
      models: {
        convert: async () => Promise.reject(new Error('unused')),
        extraHandlers: [handler],
      },
    });
    apps.push(worker);
    await Promise.all(apps.map((app) => app.ready()));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a job enqueued through instance A starts on instance B well under the poll interval', async () => {
    // Let B's first poll pass, so only a wake-up can start the next job quickly.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const latencies: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const enqueuedAt = performance.now();
      await apiData.transaction((repos) =>
        repos.jobs.enqueue(
          {
            type: 'test.pickup',
            payload: { n },
            payloadVersion: 1,
            maxAttempts: 1,
            runAt: new Date(),
          },
          new Date(),
        ),
      );
      await expect.poll(() => started.has(n), { timeout: POLL_INTERVAL_MS / 2 }).toBe(true);
      latencies.push(started.get(n)! - enqueuedAt);
    }
    expect(Math.max(...latencies)).toBeLessThan(POLL_INTERVAL_MS / 10);
  });
});
