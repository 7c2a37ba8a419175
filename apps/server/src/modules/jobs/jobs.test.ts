import { JOB_TYPES } from '@truss/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createAppDataAccess } from '../../app-data.ts';
import type { DataAccess } from '../../repositories.ts';
import type { JobsRepositories } from './repositories.ts';
import {
  createTestClock,
  createTestDatabase,
  testEngine,
  type TestClock,
} from '../../testing/test-server.ts';
import { JobFailure } from './errors.ts';
import { JobQueue } from './queue.ts';
import type { JobHandler } from './handler.ts';
import { retryDelaySeconds } from './retry-policy.ts';
import { JobRunner, type JobRunnerSettings } from './runner.ts';

const log = pino({ level: 'silent' });
const settings: JobRunnerSettings = {
  concurrency: 1,
  pollIntervalMs: 20,
  leaseSeconds: 30,
  timeoutSeconds: 30,
  retryBaseSeconds: 10,
  retryMaxSeconds: 600,
};

interface TestPayload {
  n: number;
}

/** A handler whose behaviour each test sets. */
function testHandler(
  run: JobHandler<TestPayload>['run'],
  hooks: { failed?: JobFailure[]; retried?: JobFailure[] } = {},
): JobHandler<TestPayload> {
  return {
    type: 'test.job',
    parse: (payload) => {
      const n = (payload as { n?: unknown }).n;
      if (typeof n !== 'number') throw new Error('n must be a number');
      return { n };
    },
    run,
    onFailed: async (_payload, failure) => {
      hooks.failed?.push(failure);
    },
    onRetry: async (_payload, failure) => {
      hooks.retried?.push(failure);
    },
  };
}

describe(`job queue (${testEngine()})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let data: DataAccess<JobsRepositories>;
  let clock: TestClock;

  beforeAll(async () => {
    database = await createTestDatabase();
    data = createAppDataAccess(database.handle.db);
  });
  afterAll(async () => {
    await database?.handle.close();
    await database?.drop();
  });
  beforeEach(async () => {
    clock = createTestClock(new Date('2030-01-01T00:00:00Z'));
    await sql`DELETE FROM jobs`.execute(database.handle.db);
  });

  const runner = (handler: JobHandler<TestPayload>, overrides: Partial<JobRunnerSettings> = {}) =>
    new JobRunner({
      data,
      handlers: [handler],
      settings: { ...settings, ...overrides },
      now: clock,
      log,
    });

  const enqueue = async (payload: Record<string, unknown>, maxAttempts = 3) =>
    (await data.repos.jobs.enqueue(
      { type: 'test.job', payload, payloadVersion: 1, maxAttempts, runAt: clock() },
      clock(),
    ))!;

  it('validates versioned payloads on enqueue (contracts schema) and deduplicates by key', async () => {
    const queue = new JobQueue({ maxAttempts: 3, now: clock });
    const payload = {
      version: 1 as const,
      modelId: '7d6c1b2e-1f5c-4f7a-9a55-0c4b0f2f9a11',
      projectId: '7d6c1b2e-1f5c-4f7a-9a55-0c4b0f2f9a12',
      storageKey: 'models/x/original',
      filename: 'a.ifc',
    };
    await expect(
      queue.enqueue(data.repos, JOB_TYPES.convertModel, { ...payload, version: 2 as never }),
    ).rejects.toThrow();
    await expect(
      queue.enqueue(data.repos, JOB_TYPES.convertModel, { ...payload, modelId: 'nope' }),
    ).rejects.toThrow();
    const id = await queue.enqueue(data.repos, JOB_TYPES.convertModel, payload, {
      dedupeKey: 'k1',
    });
    expect(id).toBeTruthy();
    expect(
      await queue.enqueue(data.repos, JOB_TYPES.convertModel, payload, { dedupeKey: 'k1' }),
    ).toBeNull();
    const row = await data.repos.jobs.findById(id!);
    expect(row).toMatchObject({ status: 'queued', payload_version: 1, max_attempts: 3 });
    expect(row!.payload).toEqual(payload);
  });

  it('runs a job once, records success, and never hands one job to two claimers', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map((n) => enqueue({ n })));
    const claims = await Promise.all(
      ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map((workerId) =>
        data.repos.jobs.claim({ workerId, types: ['test.job'], now: clock(), leaseSeconds: 30 }),
      ),
    );
    const claimed = claims.filter(Boolean).map((job) => job!.id);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(claims.filter((job) => job === undefined)).toHaveLength(2);

    await sql`DELETE FROM jobs`.execute(database.handle.db);
    const seen: number[] = [];
    const id = await enqueue({ n: 7 });
    const r = runner(testHandler(async ({ payload }) => void seen.push(payload.n)));
    expect(await r.runOnce()).toBe(true);
    expect(await r.runOnce()).toBe(false);
    expect(seen).toEqual([7]);
    expect(await data.repos.jobs.findById(id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      locked_by: null,
    });
  });

  it('a job whose worker died is retried once its lease runs out', async () => {
    const id = await enqueue({ n: 1 });
    // Worker A claims and "dies": no heartbeat, no completion.
    const dead = await data.repos.jobs.claim({
      workerId: 'dead-worker',
      types: ['test.job'],
      now: clock(),
      leaseSeconds: 30,
    });
    expect(dead?.id).toBe(id);
    const retried: JobFailure[] = [];
    const seen: number[] = [];
    const r = runner(testHandler(async ({ attempt }) => void seen.push(attempt), { retried }));
    expect(await r.runOnce()).toBe(false); // lease still valid
    clock.advance(31);
    expect(await r.expireLeases(true)).toBe(1);
    expect(retried.map((f) => f.code)).toEqual(['WORKER_LOST']);
    const requeued = await data.repos.jobs.findById(id);
    expect(requeued).toMatchObject({ status: 'queued', attempts: 1, locked_by: null });
    expect(requeued!.last_error).toMatch(/^WORKER_LOST/);
    // backoff: 10 s after the first attempt
    expect(requeued!.run_at.getTime() - clock().getTime()).toBe(10_000);
    expect(await r.runOnce()).toBe(false);
    clock.advance(10);
    expect(await r.runOnce()).toBe(true);
    expect(seen).toEqual([2]);
    expect(await data.repos.jobs.findById(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('retries with exponential backoff, then fails for good with the reason recorded', async () => {
    const id = await enqueue({ n: 1 }, 3);
    const failed: JobFailure[] = [];
    const retried: JobFailure[] = [];
    const r = runner(
      testHandler(
        async () => {
          throw new JobFailure('FLAKY', 'storage unreachable', true);
        },
        { failed, retried },
      ),
    );
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await r.runOnce()).toBe(true);
      const row = (await data.repos.jobs.findById(id))!;
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe('FLAKY: storage unreachable');
      if (attempt < 3) {
        expect(row.status).toBe('queued');
        const delay = (row.run_at.getTime() - clock().getTime()) / 1000;
        delays.push(delay);
        expect(await r.runOnce()).toBe(false); // not due yet
        clock.advance(delay);
      } else {
        expect(row.status).toBe('failed');
        expect(row.finished_at).toEqual(clock());
      }
    }
    // base 10 s, doubled per attempt, ±20 % jitter
    expect(delays[0]).toBeGreaterThanOrEqual(8);
    expect(delays[0]).toBeLessThanOrEqual(12);
    expect(delays[1]).toBeGreaterThanOrEqual(16);
    expect(delays[1]).toBeLessThanOrEqual(24);
    expect(retried).toHaveLength(2);
    expect(failed.map((f) => f.code)).toEqual(['FLAKY']);
    expect(retryDelaySeconds(20, settings, () => 0.5)).toBe(600);
  });

  it('a permanent failure is not retried; a payload that does not validate fails for good', async () => {
    const permanent = await enqueue({ n: 1 });
    const failed: JobFailure[] = [];
    const r = runner(
      testHandler(
        async () => {
          throw new JobFailure('MALFORMED_FILE', 'bad file', false);
        },
        { failed },
      ),
    );
    await r.runOnce();
    expect(await data.repos.jobs.findById(permanent)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'MALFORMED_FILE: bad file',
    });
    const invalid = await enqueue({ n: 'not a number' });
    await r.runOnce();
    const row = await data.repos.jobs.findById(invalid);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toMatch(/^INVALID_PAYLOAD/);
    expect(failed.map((f) => f.code)).toEqual(['MALFORMED_FILE', 'INVALID_PAYLOAD']);
  });

  it('an attempt over the time limit is stopped and recorded as TIMEOUT', async () => {
    const id = await enqueue({ n: 1 }, 1);
    let signalled = false;
    const r = runner(
      testHandler(
        ({ signal }) =>
          new Promise<void>(() => {
            signal.addEventListener('abort', () => {
              signalled = true;
            });
          }),
      ),
      { timeoutSeconds: 0.2 },
    );
    const started = Date.now();
    await r.runOnce();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(signalled).toBe(true);
    const row = await data.repos.jobs.findById(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toMatch(/^TIMEOUT: the attempt ran longer than 0.2 s/);
  });

  it('heartbeats keep the lease; a lost lease aborts the attempt without recording it', async () => {
    const id = await enqueue({ n: 1 });
    const r = runner(
      testHandler(async ({ signal }) => {
        // Another process takes the job over (as if our lease had run out).
        await sql`UPDATE jobs SET locked_by = 'other' WHERE id = ${id}`.execute(database.handle.db);
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        throw signal.reason;
      }),
      { leaseSeconds: 0.3 },
    );
    await r.runOnce();
    expect(await data.repos.jobs.findById(id)).toMatchObject({
      status: 'running',
      locked_by: 'other',
      attempts: 1,
    });
  });

  /** A runner with a short lease whose log lines and attempt outcomes the test reads. */
  function watchedRunner(handler: JobHandler<TestPayload>) {
    const lines: Array<{ msg: string; job?: string }> = [];
    const outcomes: string[] = [];
    const watched = new JobRunner({
      data,
      handlers: [handler],
      // Heartbeats every 100 ms.
      settings: { ...settings, leaseSeconds: 0.3 },
      now: clock,
      log: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
      onAttemptEnd: (_type, outcome) => outcomes.push(outcome),
    });
    return { runner: watched, lines, outcomes };
  }

  it('work after complete() holds no lease: no "lease lost", the attempt succeeded', async () => {
    const id = await enqueue({ n: 1 });
    let abortedInFollowUp: unknown = null;
    const retried: JobFailure[] = [];
    const failed: JobFailure[] = [];
    const {
      runner: r,
      lines,
      outcomes,
    } = watchedRunner(
      testHandler(
        async ({ complete, signal }) => {
          await complete();
          // Follow-up work (index, event, mail) over several heartbeats of the old lease.
          await new Promise((resolve) => setTimeout(resolve, 600));
          abortedInFollowUp = signal.aborted ? signal.reason : null;
        },
        { retried, failed },
      ),
    );
    await r.runOnce();
    expect(abortedInFollowUp).toBeNull();
    expect(lines.map((line) => line.msg)).toContain('job succeeded');
    expect(lines.map((line) => line.msg)).not.toContain(
      'job lease lost; another worker may run it',
    );
    expect(outcomes).toEqual(['succeeded']);
    expect([retried, failed]).toEqual([[], []]);
    expect(await data.repos.jobs.findById(id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      locked_by: null,
    });
  });

  it('a follow-up failing after complete() is logged; the job stays succeeded, not run again', async () => {
    const id = await enqueue({ n: 1 });
    const retried: JobFailure[] = [];
    const failed: JobFailure[] = [];
    let runs = 0;
    const {
      runner: r,
      lines,
      outcomes,
    } = watchedRunner(
      testHandler(
        async ({ complete }) => {
          runs += 1;
          await complete();
          await new Promise((resolve) => setTimeout(resolve, 300));
          throw new Error('the mail server is away');
        },
        { retried, failed },
      ),
    );
    await r.runOnce();
    expect(await r.runOnce()).toBe(false);
    expect(runs).toBe(1);
    expect(lines.map((line) => line.msg)).toContain(
      'job succeeded; its work after completing failed',
    );
    expect(outcomes).toEqual(['succeeded']);
    expect([retried, failed]).toEqual([[], []]);
    expect(await data.repos.jobs.findById(id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_error: null,
    });
  });

  it('stop() hands running jobs back without counting the attempt', async () => {
    const id = await enqueue({ n: 1 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const r = runner(
      testHandler(
        ({ signal }) =>
          new Promise<void>((_, reject) => {
            started();
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
      ),
    );
    r.start();
    await running;
    await r.stop();
    expect(await data.repos.jobs.findById(id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      locked_by: null,
    });
  });
});
