import type { DataScope, Executor } from '../../repositories.ts';
import { ProjectsRepository } from './repository.ts';

/**
 * The projects module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createProjectsRepositories(executor: Executor) {
  return {
    executor,
    projects: new ProjectsRepository(executor),
  };
}

export type ProjectsRepositories = ReturnType<typeof createProjectsRepositories>;

/**
 * What other modules may do with projects' rows (a new account's default project, an account's
 * deletion plan and transfers, a locked project while inviting, a member's standing), on the
 * caller's executor.
 */
export type ProjectRows = Pick<
  ProjectsRepository,
  | 'createDefaultProject'
  | 'lockMetadata'
  | 'delete'
  | 'findAccess'
  | 'ownerOf'
  | 'ownedWithModelCounts'
  | 'transferOwnership'
>;

export function projectRows(scope: DataScope): ProjectRows {
  return new ProjectsRepository(scope.executor);
}
