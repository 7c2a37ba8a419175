import { randomUUID } from 'node:crypto';
import { ERRORS } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase, testEngine } from '../../testing/test-server.ts';
import { LOCK_SESSION_NAMESPACE, LockSession } from './lock-session.ts';
import { DbLocker } from './locker.ts';
import { UploadsRepository } from './repository.ts';

const quiet = {
  warn: () => undefined,
  info: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(probe: () => T | null, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/**
 * The upload locks of two API "processes" (a lock session and a locker each) on one PostgreSQL:
 * a live holder is asked to let go and keeps its lock until it does; a holder whose session is
 * gone (its process died) loses it at once, long before its lease would run out.
 */
describe.skipIf(testEngine() !== 'postgres')('DbLocker with lock sessions (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let admin: pg.Client;
  const sessions: LockSession[] = [];
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = database.handle;
    admin = new pg.Client({ connectionString: handle.connectionString });
    await admin.connect();
  });

  afterAll(async () => {
    for (const session of sessions) await session.close();
    for (const each of handles) await each.close().catch(() => undefined);
    await admin?.end();
    await handle?.close();
    await database?.drop();
  });

  /** An API "process": its own pool, lock session and locker. */
  const instance = async () => {
    const own = await openDatabase({ databaseUrl: handle.connectionString });
    handles.push(own);
    const session = new LockSession(handle.connectionString!, quiet);
    sessions.push(session);
    await session.ready();
    const locker = new DbLocker(new UploadsRepository(own.db), session, quiet, {
      acquireTimeoutMs: 2_500,
    });
    /** kill -9: its connections close, nothing of it runs any more. */
    const kill = async () => {
      await session.close();
      await own.close();
    };
    return { session, locker, kill };
  };
  const noAbort = () => new AbortController().signal;

  it('a live holder is asked to let go and keeps its lock until it does', async () => {
    const a = await instance();
    const b = await instance();
    expect(a.session.key).not.toBeNull();
    expect(b.session.key).not.toBe(a.session.key);
    const id = randomUUID();
    let asked = 0;
    const lockA = a.locker.newLock(id);
    // A holder that does not let go (a PATCH still receiving).
    await lockA.lock(noAbort(), async () => void (asked += 1));

    const waited = Date.now();
    await expect(b.locker.newLock(id).lock(noAbort(), async () => undefined)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    expect(Date.now() - waited).toBeGreaterThanOrEqual(1_900);
    // Asked through the row, read at A's renewal (every 2 s). The request stays in the row, so
    // a renewal late on a loaded box still sees it.
    await vi.waitFor(() => expect(asked).toBeGreaterThan(0), { timeout: 8_000, interval: 100 });

    await lockA.unlock();
    const lockB = b.locker.newLock(id);
    await lockB.lock(noAbort(), async () => undefined);
    await lockB.unlock();
  }, 30_000);

  it('the lock of a holder whose process died is taken at once, not after its lease', async () => {
    const a = await instance();
    const b = await instance();
    const id = randomUUID();
    await a.locker.newLock(id).lock(noAbort(), async () => undefined);
    await a.kill();

    const taken = Date.now();
    const lockB = b.locker.newLock(id);
    await lockB.lock(noAbort(), async () => undefined);
    // The lease is 10 s: the lock went with A's session.
    expect(Date.now() - taken).toBeLessThan(1_000);
    await lockB.unlock();
  }, 30_000);

  it('a process that loses its session lets go of its locks, then takes a new key', async () => {
    const c = await instance();
    const id = randomUUID();
    let asked = 0;
    const lockC = c.locker.newLock(id);
    await lockC.lock(noAbort(), async () => void (asked += 1));
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid
          AND objid = $2::int::oid AND objsubid = 2`,
      [LOCK_SESSION_NAMESPACE, c.session.key],
    );
    expect(rows).toHaveLength(1);
    const oldKey = c.session.key;
    const cut = Date.now();
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await waitFor(() => (asked > 0 ? true : null), 5_000);
    expect(Date.now() - cut).toBeLessThan(1_000);
    const newKey = await waitFor(() => c.session.key, 10_000);
    expect(newKey).not.toBe(oldKey);
    await lockC.unlock();
  }, 30_000);
});
