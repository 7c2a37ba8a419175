import type { DataScope, Executor } from '../../repositories.ts';
import { UploadsRepository } from './repository.ts';

/**
 * The uploads module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createUploadsRepositories(executor: Executor) {
  return {
    executor,
    uploads: new UploadsRepository(executor),
  };
}

export type UploadsRepositories = ReturnType<typeof createUploadsRepositories>;

/**
 * What unfinished uploads reserve, for the models' plan limits (`scope`: the caller's
 * repositories, of any module, in its transaction).
 */
export const uploadReservations = {
  reservedBytesForOwner: (scope: DataScope, ownerId: string): Promise<number> =>
    createUploadsRepositories(scope.executor).uploads.reservedBytesForOwner(ownerId),
  countUnfinishedInProject: (scope: DataScope, projectId: string): Promise<number> =>
    createUploadsRepositories(scope.executor).uploads.countUnfinishedInProject(projectId),
};
