import type { Executor } from '../../repositories.ts';
import { SalesRepository } from './repository.ts';

/**
 * The sales module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createSalesRepositories(executor: Executor) {
  return {
    executor,
    sales: new SalesRepository(executor),
  };
}

export type SalesRepositories = ReturnType<typeof createSalesRepositories>;
