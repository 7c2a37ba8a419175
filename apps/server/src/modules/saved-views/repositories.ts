import type { Executor } from '../../repositories.ts';
import { SavedViewsRepository } from './repository.ts';

/**
 * The saved-views module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createSavedViewsRepositories(executor: Executor) {
  return {
    executor,
    savedViews: new SavedViewsRepository(executor),
  };
}

export type SavedViewsRepositories = ReturnType<typeof createSavedViewsRepositories>;
