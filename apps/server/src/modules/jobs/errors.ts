/**
 * Why an attempt failed. `code` is stable (stored as the job's last_error prefix and, for model
 * conversions, as the model's failure code); `retryable` says whether another attempt may help.
 */
export class JobFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'JobFailure';
  }
}

/** This worker lost the job (its lease expired and another worker may run it): stop quietly. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`lost the lease of job ${jobId}`);
    this.name = 'LeaseLostError';
  }
}

/** The runner is stopping: the job goes back to the queue without counting the attempt. */
export class ShutdownError extends Error {
  constructor() {
    super('the job runner is stopping');
    this.name = 'ShutdownError';
  }
}

/** Any error as a JobFailure: unknown errors are retryable (storage, database, network). */
export function asJobFailure(error: unknown): JobFailure {
  if (error instanceof JobFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new JobFailure('INTERNAL', message.slice(0, 1000), true, { cause: error });
}
