import type { JobRow } from '../../db/schema.ts';
import type { DataScope } from '../../repositories.ts';
import type { JobFailure } from './errors.ts';

/**
 * What a job type provides to the runner (the models module's conversion is one): how to read its
 * stored payload, how to run an attempt, and what to do when an attempt fails.
 */
export interface JobContext<P> {
  job: JobRow;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted on timeout, lost lease or shutdown: stop work and throw. */
  signal: AbortSignal;
  /**
   * Ends the job successfully: `work` runs in the same transaction that checks this worker still
   * owns the job and marks it succeeded (throws LeaseLostError otherwise). What the handler does
   * after it (events, mail) runs outside the lease: the job is never run again for it, and a
   * failure there is logged, not retried. `scope`: the transaction's repositories; a handler
   * builds its own module's on their executor.
   */
  complete(work?: (scope: DataScope) => Promise<void>): Promise<void>;
}

export interface JobHandler<P = unknown> {
  type: string;
  /** Validates the stored payload (versioned schema); a throw fails the job for good. */
  parse(payload: unknown): P;
  run(context: JobContext<P>): Promise<void>;
  /** A failed attempt that will be retried. */
  onRetry?(payload: P, failure: JobFailure, job: JobRow): Promise<void>;
  /** The job failed for good. `payload` is null when it did not validate. */
  onFailed?(payload: P | null, failure: JobFailure, job: JobRow): Promise<void>;
  /** Overrides the runner's time limit per attempt. */
  timeoutSeconds?: number;
}

/** A handler of any payload type (the runner validates with its `parse`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payload types differ per handler
export type AnyJobHandler = JobHandler<any>;
