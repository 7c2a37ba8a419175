import type { onRequestAsyncHookHandler } from 'fastify';
import type { DataAccess, DataScope } from '../../repositories.ts';
import type { RegisterModule } from '../module.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { diffRoutes } from './routes.ts';
import { ModelDiffService } from './service.ts';

export { compareElementSets } from './compare.ts';
export { elementSet, type ElementSet } from './element-set.ts';
export { ModelDiffService } from './service.ts';

export interface DiffDeps {
  /** Diff has no tables: it reads the models' through their functions. */
  data: DataAccess<DataScope>;
  storage: ObjectStorage;
  requireAuth: onRequestAsyncHookHandler;
}

/** Version comparison (issue 18): what changed between two versions of a model. */
export const register: RegisterModule<DiffDeps, { diff: ModelDiffService }> = async (app, deps) => {
  const diff = new ModelDiffService({ data: deps.data, storage: deps.storage });
  await app.register(diffRoutes, { diff, requireAuth: deps.requireAuth });
  return { diff };
};
