import type { ModelsConfig } from '../../config-models.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { JobsRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import { JobQueue } from './queue.ts';
import type { AnyJobHandler } from './handler.ts';
import { JobRunner, type JobRunnerDeps, type JobWakeups } from './runner.ts';
import type { WorkerPool } from './worker-pool.ts';

export { asJobFailure, JobFailure, LeaseLostError, ShutdownError } from './errors.ts';
export { JobQueue, type EnqueueOptions } from './queue.ts';
export type { AnyJobHandler, JobContext, JobHandler } from './handler.ts';
export { retryDelaySeconds } from './retry-policy.ts';
export { JobRunner, type JobWakeups } from './runner.ts';
export { WorkerPool, type WorkerPoolOptions, type WorkerTask } from './worker-pool.ts';
export { createJobsRepositories, type JobsRepositories } from './repositories.ts';

export interface JobsDeps {
  data: DataAccess<JobsRepositories>;
  settings: Pick<
    ModelsConfig,
    | 'workerConcurrency'
    | 'jobMaxAttempts'
    | 'jobPollIntervalMs'
    | 'jobLeaseSeconds'
    | 'jobTimeoutSeconds'
    | 'jobRetryBaseSeconds'
    | 'jobRetryMaxSeconds'
  >;
  /** The handlers this process runs; null: no workers here (the `api` role), enqueue only. */
  handlers: AnyJobHandler[] | null;
  /** Worker threads the handlers use: started before the runner, closed after it stopped. */
  pools: WorkerPool[];
  /** The event bus: on PostgreSQL, jobs enqueued by other processes wake this one's workers. */
  wakeups?: JobWakeups;
  now: Clock;
  /** Told when a job attempt ends (metrics). */
  onAttemptEnd?: JobRunnerDeps['onAttemptEnd'];
}

export interface JobsModule {
  queue: JobQueue;
  /** null in the `api` role. */
  runner: JobRunner | null;
}

/** The durable job queue (PostgreSQL table) and, with handlers, the runner that works it. */
export const register: RegisterModule<JobsDeps, JobsModule> = async (app, deps) => {
  const { data, settings, now } = deps;
  let runner: JobRunner | null = null;
  const queue = new JobQueue({ maxAttempts: settings.jobMaxAttempts, now }, () => runner?.poke());
  if (deps.handlers) {
    runner = new JobRunner({
      data,
      handlers: deps.handlers,
      settings: {
        concurrency: settings.workerConcurrency,
        pollIntervalMs: settings.jobPollIntervalMs,
        leaseSeconds: settings.jobLeaseSeconds,
        timeoutSeconds: settings.jobTimeoutSeconds,
        retryBaseSeconds: settings.jobRetryBaseSeconds,
        retryMaxSeconds: settings.jobRetryMaxSeconds,
      },
      now,
      log: app.log,
      wakeups: deps.wakeups,
      onAttemptEnd: deps.onAttemptEnd,
    });
  }
  app.addHook('onReady', async () => {
    for (const pool of deps.pools) pool.start();
    runner?.start();
  });
  app.addHook('preClose', async () => {
    await runner?.stop();
    for (const pool of deps.pools) await pool.close();
  });
  return { queue, runner };
};
