import type { DataScope, Executor } from '../../repositories.ts';
import { SubscriptionsRepository, type Usage } from './repository.ts';

/**
 * The subscriptions module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createSubscriptionsRepositories(executor: Executor) {
  return {
    executor,
    subscriptions: new SubscriptionsRepository(executor),
  };
}

export type SubscriptionsRepositories = ReturnType<typeof createSubscriptionsRepositories>;

/** The owner's usage figures, for other modules' limits (`scope`: the caller's repositories). */
export async function storageUsage(scope: DataScope, userId: string): Promise<Usage> {
  return createSubscriptionsRepositories(scope.executor).subscriptions.usage(userId);
}
