import type { Executor } from '../../repositories.ts';
import { HealthRepository } from './repository.ts';

/**
 * The health module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createHealthRepositories(executor: Executor) {
  return {
    executor,
    health: new HealthRepository(executor),
  };
}

export type HealthRepositories = ReturnType<typeof createHealthRepositories>;
