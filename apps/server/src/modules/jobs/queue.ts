import { jobPayloadSchemas, type JobType } from '@truss/contracts';
import type { z } from 'zod';
import type { DataScope } from '../../repositories.ts';
import { createJobsRepositories } from './repositories.ts';

export interface EnqueueOptions {
  /** Default: now. */
  runAt?: Date;
  maxAttempts?: number;
  dedupeKey?: string | null;
}

/**
 * Enqueues jobs whose payload is validated against the versioned schema in the contracts (the
 * worker validates again when it picks the job up).
 */
export class JobQueue {
  constructor(
    private readonly settings: { maxAttempts: number; now: () => Date },
    /** Called after an enqueue commits: wakes an in-process runner. */
    private readonly onEnqueued: () => void = () => undefined,
  ) {}

  /**
   * Inside the caller's transaction (`scope`: the caller's repositories, of any module). Returns
   * the job id (null when deduplicated).
   */
  async enqueue<T extends JobType>(
    scope: DataScope,
    type: T,
    payload: z.input<(typeof jobPayloadSchemas)[T]>,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const parsed = jobPayloadSchemas[type].parse(payload) as Record<string, unknown> & {
      version: number;
    };
    const now = this.settings.now();
    return createJobsRepositories(scope.executor).jobs.enqueue(
      {
        type,
        payload: parsed,
        payloadVersion: parsed.version,
        maxAttempts: options.maxAttempts ?? this.settings.maxAttempts,
        runAt: options.runAt ?? now,
        dedupeKey: options.dedupeKey ?? null,
      },
      now,
    );
  }

  /** Tell local runners that a job is waiting (call after the transaction committed). */
  notify(): void {
    this.onEnqueued();
  }
}
