import type { DataScope } from '../../repositories.ts';
import { ModelNotFoundError } from './errors.ts';
import { createModelsRepositories } from './repositories.ts';
import type { ModelListFilter, ModelWithCreator, NewModel } from './repository.ts';
import type { NewVersion, VersionWithCreator } from './versions-repository.ts';

/*
 * What other modules may do with the models' tables: each function takes the caller's
 * repositories (`scope`, of any module) and runs on their executor, so inside a transaction it
 * is part of it (a finished upload's model or version row, its job and its `finished` mark
 * commit together).
 */

/** A model (trashed ones too), or undefined. */
export async function findModel(
  scope: DataScope,
  modelId: string,
): Promise<ModelWithCreator | undefined> {
  return createModelsRepositories(scope.executor).models.findById(modelId);
}

/** A model version, or undefined. */
export async function findModelVersion(
  scope: DataScope,
  versionId: string,
): Promise<VersionWithCreator | undefined> {
  return createModelsRepositories(scope.executor).modelVersions.findById(versionId);
}

/** The project's models, as its model list shows them. */
export async function listProjectModels(
  scope: DataScope,
  projectId: string,
  filter: ModelListFilter,
): Promise<ModelWithCreator[]> {
  return createModelsRepositories(scope.executor).models.listForProject(projectId, filter);
}

/** A stored upload becomes a new model (and its first version). */
export async function createUploadedModel(scope: DataScope, model: NewModel): Promise<void> {
  await createModelsRepositories(scope.executor).models.insert(model);
}

/**
 * A stored upload becomes the model's next version. The model is locked first, so two versions
 * finishing at once take different numbers; ModelNotFoundError when it was deleted meanwhile.
 */
export async function createModelVersion(
  scope: DataScope,
  version: Omit<NewVersion, 'number'>,
): Promise<void> {
  const { models, modelVersions } = createModelsRepositories(scope.executor);
  const model = await models.lockById(version.modelId);
  if (!model) throw new ModelNotFoundError('the model was deleted during the upload');
  await modelVersions.insert({
    ...version,
    number: await modelVersions.nextNumber(version.modelId),
  });
}
