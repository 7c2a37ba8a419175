import type { Executor } from '../../repositories.ts';
import { SharesRepository } from './repository.ts';
import { ShareVisitsRepository } from './visits-repository.ts';

/**
 * The shares module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createSharesRepositories(executor: Executor) {
  return {
    executor,
    shares: new SharesRepository(executor),
    shareVisits: new ShareVisitsRepository(executor),
  };
}

export type SharesRepositories = ReturnType<typeof createSharesRepositories>;
