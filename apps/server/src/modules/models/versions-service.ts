import type { Model, ModelVersion } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ModelsRepositories } from './repositories.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { VersionIsCurrentError, VersionNotFoundError, VersionNotReadyError } from './errors.ts';
import { statusEvent, type ModelEvents } from './events.ts';
import type { FileUrlSigner } from './file-urls.ts';
import { withoutCreatorEmail } from './presenter.ts';
import type { ModelWithCreator } from './repository.ts';
import type { ModelsService } from './service.ts';
import { modelKeys, StoredModelFiles, type StoredFile } from './stored-files.ts';
import { toModelVersion } from './version-presenter.ts';
import type { VersionWithCreator } from './versions-repository.ts';

interface ModelVersionsServiceDeps {
  data: DataAccess<ModelsRepositories>;
  storage: ObjectStorage;
  events: ModelEvents;
  signer: FileUrlSigner;
  models: ModelsService;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * The versions of a model (issue 18): listed and opened by anyone who may view the model;
 * renamed (their message), made current and deleted by those who may edit it. New versions
 * come from uploads (uploads module, tus metadata `modelId`) and turn current once processed.
 */
export class ModelVersionsService {
  readonly #d: ModelVersionsServiceDeps;
  readonly #files: StoredModelFiles;

  constructor(deps: ModelVersionsServiceDeps) {
    this.#d = deps;
    this.#files = new StoredModelFiles(deps.storage);
  }

  #present(row: VersionWithCreator, model: ModelWithCreator, userId: string): ModelVersion {
    return toModelVersion(
      row,
      { currentVersionId: model.current_version_id, trashed: model.deleted_at !== null },
      this.#d.signer,
      this.#d.now(),
      userId,
    );
  }

  /** The version of this model (404 when it is another model's or gone). */
  async #version(modelId: string, versionId: string): Promise<VersionWithCreator> {
    const version = await this.#d.data.repos.modelVersions.findById(versionId);
    if (!version || version.model_id !== modelId) throw new VersionNotFoundError();
    return version;
  }

  /** Newest first. */
  async list(userId: string, modelId: string): Promise<ModelVersion[]> {
    // Versions before the model, as in get(): a version shown ready is shown current if it is.
    const rows = await this.#d.data.repos.modelVersions.listForModel(modelId);
    const { model, hideEmails } = await this.#d.models.authorizedShown(
      userId,
      modelId,
      'model.view',
    );
    return rows.map((row) =>
      this.#present(hideEmails ? withoutCreatorEmail(row) : row, model, userId),
    );
  }

  async get(userId: string, modelId: string, versionId: string): Promise<ModelVersion> {
    // The version is read before the model: a conversion flips the version to ready and makes
    // it current in one transaction, so a ready version read first is never paired with the
    // model as it was before that flip (which would call it not current).
    const version = await this.#d.data.repos.modelVersions.findById(versionId);
    const { model, hideEmails } = await this.#d.models.authorizedShown(
      userId,
      modelId,
      'model.view',
    );
    if (!version || version.model_id !== modelId) throw new VersionNotFoundError();
    return this.#present(hideEmails ? withoutCreatorEmail(version) : version, model, userId);
  }

  async setMessage(
    userId: string,
    modelId: string,
    versionId: string,
    message: string,
  ): Promise<ModelVersion> {
    const model = await this.#d.models.authorized(userId, modelId, 'modelVersion.update');
    await this.#version(modelId, versionId);
    await this.#d.data.repos.modelVersions.setMessage(versionId, message, this.#d.now());
    await this.#d.events.publish(statusEvent(model, versionId));
    return this.#present(await this.#version(modelId, versionId), model, userId);
  }

  /** The model shows this (ready) version from now on; shares that follow it too. */
  async makeCurrent(userId: string, modelId: string, versionId: string): Promise<Model> {
    await this.#d.models.authorized(userId, modelId, 'modelVersion.update');
    const row = await this.#d.data.transaction(async (repos) => {
      const model = await repos.models.lockById(modelId);
      const version = await repos.modelVersions.findById(versionId);
      if (!model || !version || version.model_id !== modelId) throw new VersionNotFoundError();
      if (version.status !== 'ready') throw new VersionNotReadyError();
      if (model.current_version_id === versionId) return model;
      return repos.models.setCurrent(modelId, versionId, this.#d.now());
    });
    if (row) await this.#d.events.publish(statusEvent(row, versionId));
    return this.#d.models.present(modelId, userId);
  }

  /**
   * Deletes a version that is not the current one, with its files and element index; shares
   * pinned to it follow the current version again, topics made on it keep no version.
   */
  async remove(userId: string, modelId: string, versionId: string): Promise<void> {
    await this.#d.models.authorized(userId, modelId, 'modelVersion.delete');
    const model = await this.#d.data.transaction(async (repos) => {
      const locked = await repos.models.lockById(modelId);
      const version = await repos.modelVersions.findById(versionId);
      if (!locked || !version || version.model_id !== modelId) throw new VersionNotFoundError();
      if (locked.current_version_id === versionId) throw new VersionIsCurrentError();
      await repos.modelVersions.deleteById(versionId);
      return locked;
    });
    await this.#d.events.publish(statusEvent(model, versionId));
    await this.#removeFiles(modelId, versionId);
  }

  async #removeFiles(modelId: string, versionId: string): Promise<void> {
    const { storage, log } = this.#d;
    try {
      await storage.delete(modelKeys.versionOriginal(modelId, versionId));
      await storage.deletePrefix(modelKeys.versionDerivedRoot(modelId, versionId));
    } catch (error) {
      // The row is gone; a leftover folder only costs disk. Logged for an operator.
      log.error({ err: error, model: modelId, version: versionId }, 'could not delete a version');
    }
  }

  /** A version's uploaded file. */
  async original(
    userId: string,
    modelId: string,
    versionId: string,
  ): Promise<StoredFile & { filename: string }> {
    const model = await this.#d.models.authorized(userId, modelId, 'model.view');
    const version = await this.#version(modelId, versionId);
    return this.#files.original({ ...version, name: model.name });
  }
}
