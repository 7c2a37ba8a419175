import type { Executor } from '../../repositories.ts';
import { AccountRepository } from './repository.ts';

/**
 * The account module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createAccountRepositories(executor: Executor) {
  return {
    executor,
    account: new AccountRepository(executor),
  };
}

export type AccountRepositories = ReturnType<typeof createAccountRepositories>;
