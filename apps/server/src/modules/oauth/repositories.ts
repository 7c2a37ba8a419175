import type { DataScope, Executor } from '../../repositories.ts';
import { IdentitiesRepository } from './repository.ts';

/**
 * The oauth module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createOauthRepositories(executor: Executor) {
  return {
    executor,
    identities: new IdentitiesRepository(executor),
  };
}

export type OauthRepositories = ReturnType<typeof createOauthRepositories>;

/** What other modules may do with linked sign-in identities (account settings and deletion). */
export type LinkedIdentities = Pick<IdentitiesRepository, 'listForUser' | 'unlink' | 'unlinkAll'>;

export function linkedIdentities(scope: DataScope): LinkedIdentities {
  return new IdentitiesRepository(scope.executor);
}
