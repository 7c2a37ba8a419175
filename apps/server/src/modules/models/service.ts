import type { CachedReads } from '../cache/index.ts';
import {
  type Model,
  type ModelListParams,
  type ProjectStorage,
  type ProjectAction,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import { createModelsRepositories, type ModelsRepositories } from './repositories.ts';
import { assertCan, hidesEmails, loadProjectAccess, projectRows } from '../projects/index.ts';
import { ProjectNotFoundError } from '../projects/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { ModelNotFoundError, ModelNotInTrashError, VersionNotFoundError } from './errors.ts';
import { statusEvent, type ModelEvents } from './events.ts';
import type { FileUrlSigner, ModelFileName } from './file-urls.ts';
import type { ModelLimits } from './limits.ts';
import { toModel, withoutCreatorEmail } from './presenter.ts';
import type { ModelWithCreator } from './repository.ts';
import { modelKeys, StoredModelFiles, type StoredFile } from './stored-files.ts';

interface ModelsServiceDeps {
  data: DataAccess<ModelsRepositories>;
  storage: ObjectStorage;
  events: ModelEvents;
  signer: FileUrlSigner;
  limits: ModelLimits;
  now: Clock;
  log: FastifyBaseLogger;
  /** Keeps model lists until a change to the project, its models or members commits. */
  cache: CachedReads;
}

/**
 * Who asks for a file: a user (by bearer token, or by a signed URL made for them: their access
 * is checked either way), or a share visitor whose share the shares module checked.
 */
export type FileAccess = { userId: string } | { shared: true };

export class ModelsService {
  readonly #d: ModelsServiceDeps;
  readonly #files: StoredModelFiles;

  constructor(deps: ModelsServiceDeps) {
    this.#d = deps;
    this.#files = new StoredModelFiles(deps.storage);
  }

  /** The model if `userId` may do `action` on it: 404 for non-members, 403 for the rest. */
  async #authorize(userId: string, id: string, action: ProjectAction): Promise<ModelWithCreator> {
    return (await this.#authorizeShown(userId, id, action)).model;
  }

  /**
   * `#authorize`, and whether the caller is kept from e-mail addresses (a guest): their model
   * carries no creator address already.
   */
  async #authorizeShown(
    userId: string,
    id: string,
    action: ProjectAction,
  ): Promise<{ model: ModelWithCreator; hideEmails: boolean }> {
    const model = await this.#d.data.repos.models.findById(id);
    if (!model) throw new ModelNotFoundError();
    const access = await loadProjectAccess(
      this.#d.data.repos,
      model.project_id,
      userId,
      () => new ModelNotFoundError('not a member'),
    );
    assertCan(access, action, { ownerId: model.created_by ?? undefined });
    const hideEmails = hidesEmails(access);
    return { model: hideEmails ? withoutCreatorEmail(model) : model, hideEmails };
  }

  /** The model if `userId` may do `action` on it (for the versions service): 404/403 else. */
  async authorized(userId: string, id: string, action: ProjectAction): Promise<ModelWithCreator> {
    return this.#authorize(userId, id, action);
  }

  /** `authorized`, and whether the caller must see no e-mail address (a guest). */
  async authorizedShown(
    userId: string,
    id: string,
    action: ProjectAction,
  ): Promise<{ model: ModelWithCreator; hideEmails: boolean }> {
    return this.#authorizeShown(userId, id, action);
  }

  /** The model as `userId` sees it. */
  async present(id: string, userId: string): Promise<Model> {
    const row = await this.#d.data.repos.models.findById(id);
    if (!row) throw new ModelNotFoundError();
    return toModel(row, this.#d.signer, this.#d.now(), userId);
  }

  async #publishStatus(row: ModelRow | undefined): Promise<void> {
    if (row) await this.#d.events.publish(statusEvent(row));
  }

  /**
   * A project's models as `userId` sees them (file URLs signed for them). Cached per viewer and
   * query: it depends on the project, its members and models (`p:`) and the creators' names
   * (`u:`); a refusal (not a member) and a search are never kept.
   */
  async list(userId: string, projectId: string, query: ModelListParams): Promise<Model[]> {
    const key = `models:${userId}:${projectId}:${query.trashed}:${query.sort}:${query.order}:${query.search ?? ''}`;
    return this.#d.cache.read(key, async () => {
      const access = await loadProjectAccess(this.#d.data.repos, projectId, userId);
      const hideEmails = hidesEmails(access);
      const rows = await this.#d.data.repos.models.listForProject(projectId, {
        trashed: query.trashed,
        sort: query.sort,
        order: query.order,
        search: query.search || undefined,
      });
      const now = this.#d.now();
      const tags = [`p:${projectId}`];
      for (const row of rows) if (row.created_by) tags.push(`u:${row.created_by}`);
      const value = rows.map((row) =>
        toModel(hideEmails ? withoutCreatorEmail(row) : row, this.#d.signer, now, userId),
      );
      // A search is not kept: any text makes a new key, and memory would follow the caller.
      return { value, tags: query.search ? null : tags };
    });
  }

  /** Storage of one project, for any member. */
  async projectStorage(userId: string, projectId: string): Promise<ProjectStorage> {
    await loadProjectAccess(this.#d.data.repos, projectId, userId);
    const usage = await this.#d.data.repos.models.projectStorage(projectId);
    return {
      project_id: projectId,
      models: usage.models,
      trashed: usage.trashed,
      original_bytes: usage.originals,
      derived_bytes: usage.derived,
    };
  }

  async get(userId: string, id: string): Promise<Model> {
    const row = await this.#authorize(userId, id, 'model.view');
    return toModel(row, this.#d.signer, this.#d.now(), userId);
  }

  async rename(userId: string, id: string, name: string): Promise<Model> {
    const model = await this.#authorize(userId, id, 'model.rename');
    await this.#d.data.repos.models.rename(id, name, this.#d.now());
    // A refresh signal, as for trash and restore: other members' lists show the new name.
    await this.#publishStatus(model);
    return this.present(id, userId);
  }

  /** Needs model.move in the model's project and model.upload in the target project. */
  async move(userId: string, id: string, targetProjectId: string): Promise<Model> {
    const model = await this.#authorize(userId, id, 'model.move');
    if (model.project_id === targetProjectId) return this.present(id, userId);
    const target = await loadProjectAccess(this.#d.data.repos, targetProjectId, userId);
    assertCan(target, 'model.upload', {}, () => new ProjectNotFoundError());
    const targetOwner = target.project.owner_id;
    const sourceOwner = (await projectRows(this.#d.data.repos).ownerOf(model.project_id)) ?? null;
    const allowance = await this.#d.limits.allowance(targetOwner);
    const moved = await this.#d.data.transaction(async (repos) => {
      const row = await repos.models.lockById(id);
      if (!row) throw new ModelNotFoundError();
      // Bytes only count against the target owner's storage when the owner changes.
      const bytes = targetOwner === sourceOwner ? 0 : Number(row.size_bytes);
      await this.#d.limits.assertRoom(
        repos,
        allowance,
        targetProjectId,
        bytes,
        row.deleted_at ? 0 : 1,
      );
      await repos.models.move(id, targetProjectId, this.#d.now());
      return { ...row, project_id: targetProjectId };
    });
    await this.#d.events.publish({ ...statusEvent(model), projectId: model.project_id });
    await this.#publishStatus(moved);
    return this.present(id, userId);
  }

  async trash(userId: string, id: string): Promise<Model> {
    const model = await this.#authorize(userId, id, 'model.trash');
    if (!model.deleted_at)
      await this.#d.data.repos.models.setTrashed(id, this.#d.now(), this.#d.now());
    await this.#publishStatus(model);
    return this.present(id, userId);
  }

  async restore(userId: string, id: string): Promise<Model> {
    const model = await this.#authorize(userId, id, 'model.restore');
    if (model.deleted_at) await this.#d.data.repos.models.setTrashed(id, null, this.#d.now());
    await this.#publishStatus(model);
    return this.present(id, userId);
  }

  /** Removes a trashed model and all its files for good; storage use drops by its bytes. */
  async deletePermanently(userId: string, id: string): Promise<void> {
    const model = await this.#authorize(userId, id, 'model.trash');
    if (!model.deleted_at) throw new ModelNotInTrashError();
    await this.#d.data.repos.models.deleteById(id);
    await this.#publishStatus(model);
    await this.removeFiles([id]);
  }

  /** Deletes the stored files of these models (their rows are gone or going). */
  async removeFiles(modelIds: readonly string[]): Promise<void> {
    for (const id of modelIds) {
      try {
        await this.#d.storage.deletePrefix(modelKeys.root(id));
      } catch (error) {
        // The rows are gone; a leftover folder only costs disk. Logged for an operator.
        this.#d.log.error({ err: error, model: id }, 'could not delete the files of a model');
      }
    }
  }

  /**
   * Project deletion hook (a ProjectDeletionListener of the projects module): inside the deletion
   * transaction, collect the project's models (their rows go with the project by cascade); after
   * the commit, delete their files.
   */
  async beforeProjectDelete(context: {
    projectId: string;
    repos: DataScope;
  }): Promise<() => Promise<void>> {
    const { models } = createModelsRepositories(context.repos.executor);
    const ids = await models.idsInProject(context.projectId);
    return () => this.removeFiles(ids);
  }

  /**
   * A file of the model's current version, or of `versionId` (a version of this model; a share
   * pinned to it, or the version's own URL).
   */
  async file(
    access: FileAccess,
    id: string,
    name: ModelFileName,
    versionId?: string | null,
  ): Promise<StoredFile> {
    const model = await this.readable(access, id);
    if (!versionId) return this.#files.viewable(model, name);
    const version = await this.#d.data.repos.modelVersions.findById(versionId);
    if (!version || version.model_id !== id) throw new VersionNotFoundError();
    return this.#files.viewable(version, name);
  }

  /** Chunk n of a chunked viewable: the model's current version's, or `versionId`'s. */
  async chunk(
    access: FileAccess,
    id: string,
    n: number,
    versionId?: string | null,
  ): Promise<StoredFile> {
    const model = await this.readable(access, id);
    if (!versionId) return this.#files.chunk(model, n);
    const version = await this.#d.data.repos.modelVersions.findById(versionId);
    if (!version || version.model_id !== id) throw new VersionNotFoundError();
    return this.#files.chunk(version, n);
  }

  /**
   * A version of a model `access` may read (`readable`): 404 VERSION_NOT_FOUND for a version of
   * another model or none.
   */
  async readableVersion(access: FileAccess, id: string, versionId: string) {
    await this.readable(access, id);
    const version = await this.#d.data.repos.modelVersions.findById(versionId);
    if (!version || version.model_id !== id) throw new VersionNotFoundError();
    return version;
  }

  /**
   * The model whose files `access` may read (a user's view grant is cached, see
   * `#authorizeView`; a share visitor was checked by the shares module). A trashed model serves
   * nothing, to anyone: 404.
   */
  async readable(access: FileAccess, id: string): Promise<ModelRow> {
    const model =
      'userId' in access
        ? await this.#authorizeView(access.userId, id)
        : await this.#d.data.repos.models.findById(id);
    if (!model || model.deleted_at) throw new ModelNotFoundError();
    return model;
  }

  /**
   * `#authorize(userId, id, 'model.view')`, its grant kept in the read cache so a model's three
   * files (and their range requests) cost one membership check. The grant is tagged with the
   * project and the user: a membership or account change drops it on every instance as it
   * commits (migration 0018's NOTIFY), so a removed member's signed URLs stop at once (issue 33;
   * they used to work for up to 30 s from a per-process cache nothing invalidated).
   */
  async #authorizeView(userId: string, id: string): Promise<ModelWithCreator> {
    const model = await this.#d.data.repos.models.findById(id);
    if (!model) throw new ModelNotFoundError();
    const projectId = model.project_id;
    // Only grants are kept: a refusal throws (404/403 as #authorize says) and is checked again.
    await this.#d.cache.read(`view:${userId} ${projectId}`, async () => {
      await this.#authorize(userId, id, 'model.view');
      return { value: true, tags: [`p:${projectId}`, `u:${userId}`] };
    });
    return model;
  }

  async original(userId: string, id: string): Promise<StoredFile & { filename: string }> {
    return this.#files.original(await this.#authorize(userId, id, 'model.view'));
  }

  /**
   * The uploaded file for a caller whose access was checked elsewhere (a share link: the shares
   * module checks the share on every request), as `file` does for `{ shared: true }`.
   */
  async sharedOriginal(
    id: string,
    versionId?: string | null,
  ): Promise<StoredFile & { filename: string }> {
    const model = await this.#d.data.repos.models.findById(id);
    if (!model) throw new ModelNotFoundError();
    if (!versionId) return this.#files.original(model);
    const version = await this.#d.data.repos.modelVersions.findById(versionId);
    if (!version || version.model_id !== id) throw new VersionNotFoundError();
    return this.#files.original({ ...version, name: model.name });
  }
}
