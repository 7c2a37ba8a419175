import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, JobRow } from '../../db/schema.ts';

/**
 * NOTIFY channel of new work (payload: the job type). PostgreSQL delivers it when the enqueuing
 * transaction commits, so workers of every process start the job at once instead of at their
 * next poll.
 */
export const JOBS_CHANNEL = 'truss_jobs';

export interface NewJob {
  type: string;
  payload: Record<string, unknown>;
  payloadVersion: number;
  maxAttempts: number;
  runAt: Date;
  /** At most one queued or running job per key. */
  dedupeKey?: string | null;
}

export interface ClaimOptions {
  workerId: string;
  types: readonly string[];
  now: Date;
  leaseSeconds: number;
}

export interface BackoffSettings {
  baseSeconds: number;
  maxSeconds: number;
}

/** The durable job queue table. Only this class touches `jobs`. */
export class JobsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /**
   * Inserts a job and tells listening workers (at commit); null when a queued or running job
   * with the same dedupe key exists.
   */
  async enqueue(job: NewJob, now: Date): Promise<string | null> {
    const row = await this.db
      .insertInto('jobs')
      .values({
        type: job.type,
        payload: JSON.stringify(job.payload),
        payload_version: job.payloadVersion,
        max_attempts: job.maxAttempts,
        run_at: job.runAt,
        dedupe_key: job.dedupeKey ?? null,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('dedupe_key')
          .where('dedupe_key', 'is not', null)
          .where('status', 'in', ['queued', 'running'])
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (row) await this.#notify(job.type);
    return row?.id ?? null;
  }

  async #notify(type: string): Promise<void> {
    await sql`SELECT pg_notify(${JOBS_CHANNEL}, ${type})`.execute(this.db);
  }

  /**
   * Takes the next due job of the given types: one statement, `FOR UPDATE SKIP LOCKED`, so any
   * number of workers on one database never take the same job.
   */
  async claim(options: ClaimOptions): Promise<JobRow | undefined> {
    if (options.types.length === 0) return undefined;
    const leaseUntil = new Date(options.now.getTime() + options.leaseSeconds * 1000);
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: sql`attempts + 1`,
        locked_by: options.workerId,
        lease_until: leaseUntil,
        heartbeat_at: options.now,
      })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'queued')
          .where('run_at', '<=', options.now)
          .where('type', 'in', options.types)
          .orderBy('run_at')
          .orderBy('created_at')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends the lease; false when this worker no longer owns the job. */
  async heartbeat(id: string, workerId: string, now: Date, leaseSeconds: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ heartbeat_at: now, lease_until: new Date(now.getTime() + leaseSeconds * 1000) })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Locks the job row if this worker still owns it (inside a transaction). */
  async lockOwned(id: string, workerId: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .forUpdate()
      .executeTakeFirst();
  }

  async markSucceeded(id: string, workerId: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'succeeded', finished_at: now, locked_by: null, lease_until: null })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Records a failed attempt: back to `queued` at `retryAt`, or `failed` for good when `retryAt`
   * is null. False when this worker no longer owns the job.
   */
  async markAttemptFailed(
    id: string,
    workerId: string,
    now: Date,
    error: string,
    retryAt: Date | null,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(
        retryAt
          ? { status: 'queued', run_at: retryAt, last_error: error }
          : { status: 'failed', finished_at: now, last_error: error },
      )
      .set({ locked_by: null, lease_until: null })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * An attempt that failed because the database or object store was away: queued again at
   * `retryAt` without counting the attempt (an outage is not the job's fault). False when this
   * worker no longer owns the job.
   */
  async deferForOutage(
    id: string,
    workerId: string,
    error: string,
    retryAt: Date,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        attempts: sql`greatest(attempts - 1, 0)`,
        run_at: retryAt,
        last_error: error,
        locked_by: null,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a job back without counting the attempt (graceful shutdown); wakes other workers. */
  async release(id: string, workerId: string, now: Date): Promise<void> {
    const row = await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        attempts: sql`greatest(attempts - 1, 0)`,
        run_at: now,
        locked_by: null,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .returning('type')
      .executeTakeFirst();
    if (row) await this.#notify(row.type);
  }

  /**
   * Running jobs whose lease ran out (their worker died or hung): the attempt counts as failed;
   * the job is queued again with backoff, or failed for good after its last attempt. Returns
   * the rows as updated.
   */
  async expireLeases(now: Date, error: string, backoff: BackoffSettings): Promise<JobRow[]> {
    const { rows } = await sql<JobRow>`
      UPDATE jobs
         SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
             finished_at = CASE WHEN attempts >= max_attempts THEN ${now}::timestamptz END,
             run_at = ${now}::timestamptz + make_interval(secs => least(
               ${backoff.baseSeconds}::float8 * power(2, greatest(attempts - 1, 0)),
               ${backoff.maxSeconds}::float8)),
             last_error = ${error},
             locked_by = NULL,
             lease_until = NULL
       WHERE id IN (SELECT id FROM jobs
                     WHERE status = 'running' AND lease_until < ${now}::timestamptz
                     FOR UPDATE SKIP LOCKED)
      RETURNING *
    `.execute(this.db);
    return rows;
  }

  /** Queued and running jobs, and since when the oldest due queued job waits (metrics). */
  async queueStats(
    now: Date,
  ): Promise<{ queued: number; running: number; oldestDue: Date | null }> {
    const row = await this.db
      .selectFrom('jobs')
      .select([
        sql<number>`count(*) FILTER (WHERE status = 'queued')::int`.as('queued'),
        sql<number>`count(*) FILTER (WHERE status = 'running')::int`.as('running'),
        sql<Date | null>`min(run_at) FILTER (WHERE status = 'queued' AND run_at <= ${now})`.as(
          'oldest_due',
        ),
      ])
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return { queued: row.queued, running: row.running, oldestDue: row.oldest_due };
  }

  async findById(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByDedupeKey(key: string): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', key)
      .orderBy('created_at')
      .execute();
  }
}
