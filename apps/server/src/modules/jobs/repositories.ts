import type { Executor } from '../../repositories.ts';
import { JobsRepository } from './repository.ts';

/**
 * The jobs module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createJobsRepositories(executor: Executor) {
  return {
    executor,
    jobs: new JobsRepository(executor),
  };
}

export type JobsRepositories = ReturnType<typeof createJobsRepositories>;
