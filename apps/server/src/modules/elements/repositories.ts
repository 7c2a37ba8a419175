import type { Executor } from '../../repositories.ts';
import { ElementQueryRepository } from './query-repository.ts';
import { ElementsRepository } from './repository.ts';

/**
 * The elements module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createElementsRepositories(executor: Executor) {
  return {
    executor,
    elements: new ElementsRepository(executor),
    elementQuery: new ElementQueryRepository(executor),
  };
}

export type ElementsRepositories = ReturnType<typeof createElementsRepositories>;
