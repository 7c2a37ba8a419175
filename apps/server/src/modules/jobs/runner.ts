import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import type { JobsRepositories } from './repositories.ts';
import { asJobFailure, JobFailure, LeaseLostError, ShutdownError } from './errors.ts';
import type { AnyJobHandler, JobHandler } from './handler.ts';
import { JOBS_CHANNEL } from './repository.ts';
import {
  failureText,
  nextOutageDeferral,
  outageCode,
  outageDelaySeconds,
  retryDelaySeconds,
} from './retry-policy.ts';

export interface JobRunnerSettings {
  /** Jobs run at once by this process. */
  concurrency: number;
  pollIntervalMs: number;
  leaseSeconds: number;
  /** Time limit of one attempt. */
  timeoutSeconds: number;
  retryBaseSeconds: number;
  retryMaxSeconds: number;
}

/**
 * NOTIFY channels between processes (the event bus fits: PostgreSQL LISTEN on its one listening
 * connection, a no-op on PGlite where enqueues poke the in-process runner directly).
 */
export interface JobWakeups {
  listen(channel: string, handlers: { notify(payload: string): void; reset(): void }): () => void;
}

export interface JobRunnerDeps {
  data: DataAccess<JobsRepositories>;
  handlers: readonly AnyJobHandler[];
  settings: JobRunnerSettings;
  now: Clock;
  log: FastifyBaseLogger;
  /** Default: host:pid:random. */
  workerId?: string;
  /** Starts jobs other processes enqueue at once; without it they wait for the next poll. */
  wakeups?: JobWakeups;
  /** Told when an attempt ends (the metrics module's conversion durations). */
  onAttemptEnd?: (
    type: string,
    outcome: 'succeeded' | 'failed' | 'released',
    seconds: number,
  ) => void;
}

/**
 * Polls the jobs table, runs up to `concurrency` jobs at once, keeps their leases alive with
 * heartbeats, enforces the time limit and records every failure. Several runners (in one or many
 * processes) share one database safely: claims use FOR UPDATE SKIP LOCKED, and a job whose
 * worker died is taken again when its lease runs out. New jobs wake it (poke, NOTIFY).
 *
 * Not pg-boss or graphile-worker (issue 13; `npm run bench:jobs -w @truss/bench`): graphile-worker
 * takes only a `pg` pool, so no PGlite. pg-boss 12 has heartbeats, an abort signal, LISTEN and a
 * custom-executor hook, but requires Node 22.12 (we support 20.19); pg-boss 10, the last for
 * Node 20, runs on PGlite through an executor but only polls (500 ms at least), has no heartbeat
 * (a killed worker's job waits out its whole expiry) and no abort on timeout.
 */
export class JobRunner {
  readonly workerId: string;
  readonly #d: JobRunnerDeps;
  readonly #handlers: Map<string, JobHandler<unknown>>;
  readonly #active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  /** Poked while the loop was busy: look again before sleeping. */
  #poked = false;
  #unlisten: (() => void) | null = null;
  #lastExpiry = 0;

  constructor(deps: JobRunnerDeps) {
    this.#d = deps;
    this.workerId =
      deps.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.#handlers = new Map(
      deps.handlers.map((handler) => [handler.type, handler as JobHandler<unknown>]),
    );
  }

  get activeCount(): number {
    return this.#active.size;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#unlisten =
      this.#d.wakeups?.listen(JOBS_CHANNEL, {
        notify: (type) => {
          if (this.#handlers.has(type)) this.poke();
        },
        reset: () => this.poke(),
      }) ?? null;
    this.#loop = this.#pollLoop();
  }

  /** Wakes the poll loop (a job was just enqueued, here or by another process). */
  poke(): void {
    this.#poked = true;
    this.#wake?.();
  }

  /**
   * Stops claiming; running jobs are aborted and handed back to the queue without counting the
   * attempt (another runner, or this one after a restart, takes them at once).
   */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.#unlisten?.();
    this.#unlisten = null;
    this.poke();
    await this.#loop;
    for (const { controller } of this.#active.values()) controller.abort(new ShutdownError());
    await Promise.all([...this.#active.values()].map((entry) => entry.done));
  }

  async #pollLoop(): Promise<void> {
    while (this.#running) {
      this.#poked = false;
      let claimed = false;
      try {
        if (this.#active.size < this.#d.settings.concurrency) {
          await this.expireLeases();
          claimed = await this.claimAndStart();
        }
      } catch (error) {
        this.#d.log.error({ err: error }, 'job poll failed');
      }
      if (claimed && this.#active.size < this.#d.settings.concurrency) continue;
      // A wake-up that came while claiming (its job may have committed just after our look).
      if (this.#poked) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#d.settings.pollIntervalMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }

  /** Requeues (or fails) jobs whose lease ran out; at most once per poll interval. */
  async expireLeases(force = false): Promise<number> {
    const nowMs = Date.now();
    if (!force && nowMs - this.#lastExpiry < this.#d.settings.pollIntervalMs) return 0;
    this.#lastExpiry = nowMs;
    const rows = await this.#d.data.repos.jobs.expireLeases(
      this.#d.now(),
      'WORKER_LOST: the lease ran out (the worker crashed, was killed or hung)',
      {
        baseSeconds: this.#d.settings.retryBaseSeconds,
        maxSeconds: this.#d.settings.retryMaxSeconds,
      },
    );
    for (const row of rows) {
      const handler = this.#handlers.get(row.type);
      const failure = new JobFailure('WORKER_LOST', 'the worker running it was lost', true);
      this.#d.log.warn({ job: row.id, type: row.type, status: row.status }, 'job lease expired');
      const payload = this.#parse(handler, row);
      try {
        if (row.status === 'failed') await handler?.onFailed?.(payload, failure, row);
        else if (payload !== null) await handler?.onRetry?.(payload, failure, row);
      } catch (error) {
        this.#d.log.error({ err: error, job: row.id }, 'job failure hook failed');
      }
    }
    return rows.length;
  }

  #parse(handler: JobHandler<unknown> | undefined, row: JobRow): unknown {
    if (!handler) return null;
    try {
      return handler.parse(row.payload);
    } catch {
      return null;
    }
  }

  /** Claims one due job and starts it; false when none was due. */
  async claimAndStart(): Promise<boolean> {
    const job = await this.#d.data.repos.jobs.claim({
      workerId: this.workerId,
      types: [...this.#handlers.keys()],
      now: this.#d.now(),
      leaseSeconds: this.#d.settings.leaseSeconds,
    });
    if (!job) return false;
    const controller = new AbortController();
    const done = this.#execute(job, controller).finally(() => {
      this.#active.delete(job.id);
      this.poke();
    });
    this.#active.set(job.id, { controller, done });
    return true;
  }

  /** Claims and runs one job to its end (tests); false when none was due. */
  async runOnce(): Promise<boolean> {
    await this.expireLeases(true);
    const started = await this.claimAndStart();
    await Promise.all([...this.#active.values()].map((entry) => entry.done));
    return started;
  }

  async #execute(job: JobRow, controller: AbortController): Promise<void> {
    const { data, settings, log, now } = this.#d;
    const handler = this.#handlers.get(job.type)!;
    const jobLog = log.child({ job: job.id, type: job.type, attempt: job.attempts });
    let payload: unknown;
    try {
      payload = handler.parse(job.payload);
    } catch (error) {
      const failure = new JobFailure('INVALID_PAYLOAD', String(error).slice(0, 1000), false);
      await data.repos.jobs.markAttemptFailed(
        job.id,
        this.workerId,
        now(),
        failureText(failure),
        null,
      );
      jobLog.error({ err: error }, 'job payload does not validate');
      await handler.onFailed?.(null, failure, job).catch((hookError: unknown) => {
        jobLog.error({ err: hookError }, 'job failure hook failed');
      });
      return;
    }

    const timeoutSeconds = handler.timeoutSeconds ?? settings.timeoutSeconds;
    const timeout = setTimeout(
      () =>
        controller.abort(
          new JobFailure('TIMEOUT', `the attempt ran longer than ${timeoutSeconds} s`, true),
        ),
      timeoutSeconds * 1000,
    );
    const heartbeatMs = Math.max(100, (settings.leaseSeconds * 1000) / 3);
    let completed = false;
    const heartbeat = setInterval(() => {
      data.repos.jobs
        .heartbeat(job.id, this.workerId, now(), settings.leaseSeconds)
        .then((owned) => {
          // A succeeded job is no longer leased: its row is not "lost" (a beat in flight
          // while `complete` committed finds it so).
          if (!owned && !completed) controller.abort(new LeaseLostError(job.id));
        })
        .catch((error: unknown) => jobLog.warn({ err: error }, 'job heartbeat failed'));
    }, heartbeatMs);

    const complete = async (work?: (scope: DataScope) => Promise<void>): Promise<void> => {
      await data.transaction(async (repos) => {
        if (!(await repos.jobs.lockOwned(job.id, this.workerId))) throw new LeaseLostError(job.id);
        if (work) await work(repos);
        await repos.jobs.markSucceeded(job.id, this.workerId, now());
      });
      completed = true;
      // The lease ends with the job; the handler's follow-up work holds no lease.
      clearInterval(heartbeat);
    };
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(controller.signal.reason);
      if (controller.signal.aborted) onAbort();
      else controller.signal.addEventListener('abort', onAbort, { once: true });
    });
    // Raced below; when the handler wins, the abort at the end must not be unhandled.
    aborted.catch(() => undefined);

    const started = performance.now();
    const ended = (outcome: 'succeeded' | 'failed' | 'released') =>
      this.#d.onAttemptEnd?.(job.type, outcome, (performance.now() - started) / 1000);
    try {
      await Promise.race([
        handler.run({ job, payload, attempt: job.attempts, signal: controller.signal, complete }),
        aborted,
      ]);
      if (!completed) await complete();
      jobLog.info('job succeeded');
      ended('succeeded');
    } catch (error) {
      if (completed) {
        // Succeeded and recorded: its follow-up work failed (or the time limit or a shutdown
        // stopped it). Running the job again would redo what it committed.
        jobLog.warn({ err: error }, 'job succeeded; its work after completing failed');
        ended('succeeded');
        return;
      }
      ended(error instanceof ShutdownError ? 'released' : 'failed');
      await this.#onError(job, handler, payload, error, jobLog);
    } finally {
      clearTimeout(timeout);
      clearInterval(heartbeat);
      if (!controller.signal.aborted) controller.abort(new ShutdownError());
    }
  }

  async #onError(
    job: JobRow,
    handler: JobHandler<unknown>,
    payload: unknown,
    error: unknown,
    jobLog: FastifyBaseLogger,
  ): Promise<void> {
    const { data, settings, now } = this.#d;
    if (error instanceof LeaseLostError) {
      jobLog.warn('job lease lost; another worker may run it');
      return;
    }
    if (error instanceof ShutdownError) {
      await data.repos.jobs.release(job.id, this.workerId, now());
      jobLog.info('job released (shutdown)');
      return;
    }
    const failure = asJobFailure(error);
    const n = nextOutageDeferral(error, job.last_error);
    if (n !== null) {
      const retryAt = new Date(now().getTime() + outageDelaySeconds(n) * 1000);
      const deferred = await data.repos.jobs.deferForOutage(
        job.id,
        this.workerId,
        `OUTAGE#${n} ${failureText(failure)}`.slice(0, 2000),
        retryAt,
      );
      if (!deferred) {
        jobLog.warn({ err: failure }, 'job failed after its lease was lost');
        return;
      }
      jobLog.warn(
        { err: failure, code: outageCode(error), retryAt, deferral: n },
        'job attempt hit an outage; will retry without counting the attempt',
      );
      try {
        await handler.onRetry?.(payload, failure, job);
      } catch (hookError) {
        jobLog.error({ err: hookError }, 'job failure hook failed');
      }
      return;
    }
    const retry = failure.retryable && job.attempts < job.max_attempts;
    const retryAt = retry
      ? new Date(now().getTime() + retryDelaySeconds(job.attempts, settings) * 1000)
      : null;
    const recorded = await data.repos.jobs.markAttemptFailed(
      job.id,
      this.workerId,
      now(),
      failureText(failure),
      retryAt,
    );
    if (!recorded) {
      jobLog.warn({ err: failure }, 'job failed after its lease was lost');
      return;
    }
    jobLog[retry ? 'warn' : 'error'](
      { err: failure, code: failure.code, retryAt },
      retry ? 'job attempt failed; will retry' : 'job failed',
    );
    try {
      if (retry) await handler.onRetry?.(payload, failure, job);
      else await handler.onFailed?.(payload, failure, job);
    } catch (hookError) {
      jobLog.error({ err: hookError }, 'job failure hook failed');
    }
  }
}
