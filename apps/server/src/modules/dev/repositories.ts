import type { Executor } from '../../repositories.ts';
import { DevMailRepository } from './repository.ts';

/**
 * The dev module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createDevRepositories(executor: Executor) {
  return {
    executor,
    devMail: new DevMailRepository(executor),
  };
}

export type DevRepositories = ReturnType<typeof createDevRepositories>;
