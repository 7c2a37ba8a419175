import type { DataScope, Executor } from '../../repositories.ts';
import { AuthRepository } from './repository.ts';

/**
 * The auth module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createAuthRepositories(executor: Executor) {
  return {
    executor,
    auth: new AuthRepository(executor),
  };
}

export type AuthRepositories = ReturnType<typeof createAuthRepositories>;

/**
 * What other modules may do with sessions and codes (sign everyone out, check a code, a deleted
 * account's codes), on the
 * caller's executor.
 */
export type AuthTokens = Pick<
  AuthRepository,
  'activeCodeForUpdate' | 'revokeAllFamilies' | 'deleteCodesOfUser'
>;

export function authTokens(scope: DataScope): AuthTokens {
  return new AuthRepository(scope.executor);
}
