import { pino } from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDataAccess } from '../../app-data.ts';
import type { DataAccess } from '../../repositories.ts';
import type { JobsRepositories } from './repositories.ts';
import { createTestClock, createTestDatabase, testEngine } from '../../testing/test-server.ts';
import { JobFailure } from './errors.ts';
import type { JobHandler } from './handler.ts';
import { JobRunner } from './runner.ts';
import { WorkerPool } from './worker-pool.ts';

const log = pino({ level: 'silent' });
const script = new URL('./testing/test-worker.js', import.meta.url);

interface Reply {
  type: string;
  value?: unknown;
}

function task(mode: string, value?: unknown, signal?: AbortSignal) {
  return {
    message: { mode, value },
    signal,
    onMessage: (message: unknown) =>
      (message as Reply).type === 'result' ? (message as Reply).value : undefined,
  };
}

describe('worker pool (worker_threads with resource limits)', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    pool = new WorkerPool({
      script,
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
      warm: 1,
      log,
    });
    pool.start();
  });
  afterAll(() => pool?.close());

  it('runs tasks, each on a fresh thread', async () => {
    expect(await pool.run(task('echo', 'a'))).toBe('a');
    expect(await pool.run(task('echo', 'b'))).toBe('b');
    expect(pool.started).toBeGreaterThanOrEqual(3); // two used + one warm spare
  });

  it('a thread that exits or throws fails its task; the pool keeps serving', async () => {
    await expect(pool.run(task('exit'))).rejects.toMatchObject({
      code: 'WORKER_CRASHED',
      retryable: true,
    });
    await expect(pool.run(task('throw'))).rejects.toMatchObject({
      code: 'WORKER_CRASHED',
      message: expect.stringContaining('boom'),
    });
    expect(await pool.run(task('echo', 'still here'))).toBe('still here');
  });

  it('a thread over its heap limit fails with CONVERSION_OUT_OF_MEMORY, the process lives on', async () => {
    await expect(pool.run(task('oom'))).rejects.toMatchObject({
      code: 'CONVERSION_OUT_OF_MEMORY',
      retryable: false,
    });
    expect(await pool.run(task('echo', 1))).toBe(1);
  });

  it('aborting a task terminates its thread', async () => {
    const controller = new AbortController();
    const running = pool.run(task('hang', undefined, controller.signal));
    setTimeout(() => controller.abort(new JobFailure('TIMEOUT', 'too slow', true)), 50);
    await expect(running).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(await pool.run(task('echo', 2))).toBe(2);
  });
});

describe(`a crashing job type under the runner (${testEngine()})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let data: DataAccess<JobsRepositories>;
  let pool: WorkerPool;
  beforeAll(async () => {
    database = await createTestDatabase();
    data = createAppDataAccess(database.handle.db);
    pool = new WorkerPool({
      script,
      resourceLimits: { maxOldGenerationSizeMb: 32 },
      warm: 1,
      log,
    });
  });
  afterAll(async () => {
    await pool?.close();
    await database?.handle.close();
    await database?.drop();
  });

  it('a crash fails that attempt (recorded, retried) and later jobs still run', async () => {
    const clock = createTestClock(new Date('2030-01-01T00:00:00Z'));
    const handler: JobHandler<{ mode: string }> = {
      type: 'test.thread',
      parse: (payload) => payload as { mode: string },
      run: async ({ payload, signal }) => {
        await pool.run({ ...task(payload.mode, 'ok'), signal });
      },
    };
    const runner = new JobRunner({
      data,
      handlers: [handler],
      settings: {
        concurrency: 1,
        pollIntervalMs: 20,
        leaseSeconds: 30,
        timeoutSeconds: 30,
        retryBaseSeconds: 1,
        retryMaxSeconds: 1,
      },
      now: clock,
      log,
    });
    const enqueue = async (mode: string, maxAttempts: number) =>
      (await data.repos.jobs.enqueue(
        { type: 'test.thread', payload: { mode }, payloadVersion: 1, maxAttempts, runAt: clock() },
        clock(),
      ))!;
    const crash = await enqueue('exit', 2);
    const oom = await enqueue('oom', 3);
    const fine = await enqueue('echo', 1);
    for (let i = 0; i < 6; i++) {
      await runner.runOnce();
      clock.advance(2);
    }
    const rows = await sql<{
      id: string;
      status: string;
      attempts: number;
      last_error: string | null;
    }>`SELECT id, status, attempts, last_error FROM jobs`.execute(database.handle.db);
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    expect(byId.get(crash)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(byId.get(crash)!.last_error).toMatch(/^WORKER_CRASHED: .*exit code 3/);
    // out of memory is not retried: the same file would run out again
    expect(byId.get(oom)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byId.get(oom)!.last_error).toMatch(/^CONVERSION_OUT_OF_MEMORY/);
    expect(byId.get(fine)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
