import type { Executor } from '../../repositories.ts';
import { QuotasRepository } from './repository.ts';

/**
 * The quotas module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createQuotasRepositories(executor: Executor) {
  return {
    executor,
    quotas: new QuotasRepository(executor),
  };
}

export type QuotasRepositories = ReturnType<typeof createQuotasRepositories>;
