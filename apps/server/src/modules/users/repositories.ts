import type { DataScope, Executor } from '../../repositories.ts';
import { UsersRepository } from './repository.ts';

/**
 * The users module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createUsersRepositories(executor: Executor) {
  return {
    executor,
    users: new UsersRepository(executor),
  };
}

export type UsersRepositories = ReturnType<typeof createUsersRepositories>;

/**
 * What other modules may do with users' rows (sign-up and sign-in, account settings and deletion,
 * names in mails), on the caller's executor: inside its transaction when `scope` is a transaction's.
 */
export type UserAccounts = Pick<
  UsersRepository,
  | 'findById'
  | 'findByIdForUpdate'
  | 'lock'
  | 'findByEmail'
  | 'findByEmailForUpdate'
  | 'create'
  | 'update'
  | 'setPassword'
  | 'changePassword'
  | 'resetPassword'
  | 'markEmailVerified'
  | 'setVerifiedEmail'
  | 'deleteSettings'
  | 'erase'
>;

export function userAccounts(scope: DataScope): UserAccounts {
  return new UsersRepository(scope.executor);
}
