import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { LockSession } from './lock-session.ts';
import type { UploadsRepository } from './repository.ts';

interface DbLockerOptions {
  /**
   * A lock not renewed for this long is free again (its instance died without its death being
   * seen: no lock session, or the host cut off from the database).
   */
  leaseSeconds?: number;
  /** How long a request waits for a lock before tus answers 500 ERR_LOCK_TIMEOUT. */
  acquireTimeoutMs?: number;
}

const DEFAULT_LEASE_SECONDS = 10;
const DEFAULT_ACQUIRE_TIMEOUT_MS = 30_000;

/**
 * tus's Locker across API instances, on the shared PostgreSQL: a lock is a row of
 * `upload_locks` with a lease renewed every few seconds while its request runs, and the key of
 * its process's LockSession: a killed instance's locks are taken over as soon as PostgreSQL has
 * ended its session (at once for kill -9), else when their lease runs out; no connection is held
 * per lock. A request that finds
 * the lock taken asks the holder to let go — directly when the holder is in this process, else
 * through the row, which the holder reads when it renews — and polls until it is free, as
 * tus's in-process MemoryLocker does with its callback.
 */
export class DbLocker implements Locker {
  readonly #repo: UploadsRepository;
  readonly #session: LockSession | null;
  readonly #log: FastifyBaseLogger;
  readonly #lease: number;
  readonly #timeout: number;
  /** Locks held by this process: upload id -> how to ask the holding request to let go. */
  readonly held = new Map<string, RequestRelease>();

  constructor(
    repo: UploadsRepository,
    session: LockSession | null,
    log: FastifyBaseLogger,
    options: DbLockerOptions = {},
  ) {
    this.#repo = repo;
    this.#session = session;
    // The locks recorded with the lost key look dead to other instances, which may take them
    // over now: the requests holding them stop writing (their clients resume with a HEAD).
    session?.onLost(() => {
      for (const release of this.held.values()) void release();
    });
    this.#log = log;
    this.#lease = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
    this.#timeout = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  }

  newLock(id: string): Lock {
    return new DbLock(id, this, this.#repo, this.#log, this.#lease, this.#timeout);
  }

  /** This process's lock session key (null: none, or its connection is down). */
  get session(): number | null {
    return this.#session?.key ?? null;
  }
}

class DbLock implements Lock {
  readonly #holder = randomUUID();
  #renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: DbLocker,
    private readonly repo: UploadsRepository,
    private readonly log: FastifyBaseLogger,
    private readonly lease: number,
    private readonly timeout: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.timeout;
    let wait = 25;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await this.repo.acquireLock(this.id, this.#holder, this.locker.session, this.lease))
        break;
      const local = this.locker.held.get(this.id);
      if (local) await local();
      else await this.repo.requestLockRelease(this.id);
      if (Date.now() + wait > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 500);
    }
    this.locker.held.set(this.id, requestRelease);
    const renew = () => {
      void this.repo.renewLock(this.id, this.#holder, this.locker.session, this.lease).then(
        (state) => {
          // Lost (the lease ran out) or asked for: end the request that holds it.
          if (!state || state.releaseRequested) void requestRelease();
        },
        (error: unknown) => this.log.warn({ err: error, upload: this.id }, 'lock renewal failed'),
      );
    };
    this.#renewal = setInterval(renew, (this.lease * 1000) / 5);
    this.#renewal.unref();
  }

  async unlock(): Promise<void> {
    if (this.#renewal) clearInterval(this.#renewal);
    this.#renewal = null;
    this.locker.held.delete(this.id);
    await this.repo.releaseLock(this.id, this.#holder);
  }
}
