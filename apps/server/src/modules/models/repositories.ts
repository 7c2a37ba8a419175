import type { Executor } from '../../repositories.ts';
import { ModelsRepository } from './repository.ts';
import { ModelVersionsRepository } from './versions-repository.ts';

/**
 * The models module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createModelsRepositories(executor: Executor) {
  return {
    executor,
    models: new ModelsRepository(executor),
    modelVersions: new ModelVersionsRepository(executor),
  };
}

export type ModelsRepositories = ReturnType<typeof createModelsRepositories>;
