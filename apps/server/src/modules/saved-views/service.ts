import { SAVED_VIEWS_PER_MODEL, type CreateSavedViewBody, type SavedView } from '@truss/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { SavedViewsRepositories } from './repositories.ts';
import { findModel, ModelNotFoundError } from '../models/index.ts';
import {
  assertCan,
  hidesEmails,
  loadProjectAccess,
  nameWithoutEmail,
  type ProjectAccess,
} from '../projects/index.ts';
import { SavedViewModelsError, SavedViewNotFoundError, SavedViewsLimitError } from './errors.ts';
import type { SavedViewWithAuthor } from './repository.ts';

interface SavedViewsServiceDeps {
  data: DataAccess<SavedViewsRepositories>;
  now: Clock;
}

function toSavedView(row: SavedViewWithAuthor): SavedView {
  const thumbnail =
    row.thumbnail && row.thumbnail_type
      ? `data:${row.thumbnail_type};base64,${Buffer.from(row.thumbnail).toString('base64')}`
      : null;
  return {
    id: row.id,
    model_id: row.model_id,
    name: row.name,
    state: row.state,
    model_ids: row.model_ids,
    thumbnail,
    created_by: row.created_by,
    author_name: row.author_name ?? '',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A view as a guest sees it: an author without a display name is named by no address. */
function withoutAuthorEmail(view: SavedView): SavedView {
  return { ...view, author_name: nameWithoutEmail(view.author_name) };
}

/** `data:image/png;base64,...` (already checked by the body schema) -> bytes and type. */
function decodeThumbnail(dataUrl: string | null | undefined) {
  if (!dataUrl) return { thumbnail: null, thumbnail_type: null };
  const comma = dataUrl.indexOf(',');
  const type = dataUrl.startsWith('data:image/png') ? 'image/png' : 'image/jpeg';
  return {
    thumbnail: new Uint8Array(Buffer.from(dataUrl.slice(comma + 1), 'base64')),
    thumbnail_type: type as 'image/png' | 'image/jpeg',
  };
}

/**
 * Saved views of a model: members of its project list and save them, their creators and the
 * project's managers rename and delete them (contracts' `can()`); share visitors of the model
 * list them. A model or view the caller cannot see answers 404.
 */
export class SavedViewsService {
  readonly #d: SavedViewsServiceDeps;

  constructor(deps: SavedViewsServiceDeps) {
    this.#d = deps;
  }

  async #modelAccess(repos: SavedViewsRepositories, userId: string, modelId: string) {
    const model = await findModel(repos, modelId);
    if (!model || model.deleted_at) throw new ModelNotFoundError();
    const access: ProjectAccess = await loadProjectAccess(
      repos,
      model.project_id,
      userId,
      () => new ModelNotFoundError('not a member'),
    );
    return access;
  }

  /** A federated view's further models: distinct, not the view's own, ready in its project. */
  async #otherModels(
    repos: SavedViewsRepositories,
    projectId: string,
    modelId: string,
    ids: readonly string[] | undefined,
  ): Promise<string[]> {
    const others = [...new Set(ids ?? [])];
    if (others.includes(modelId)) throw new SavedViewModelsError("the view's own model");
    for (const id of others) {
      const model = await findModel(repos, id);
      if (!model || model.deleted_at || model.project_id !== projectId)
        throw new SavedViewModelsError(`model ${id} is not in the project`);
      if (model.status !== 'ready') throw new SavedViewModelsError(`model ${id} is not ready`);
    }
    return others;
  }

  async #view(repos: SavedViewsRepositories, modelId: string, viewId: string) {
    const view = await repos.savedViews.find(viewId);
    if (!view || view.model_id !== modelId) throw new SavedViewNotFoundError();
    return view;
  }

  async list(userId: string, modelId: string): Promise<SavedView[]> {
    const { repos } = this.#d.data;
    const access = await this.#modelAccess(repos, userId, modelId);
    assertCan(access, 'savedView.list');
    const views = (await repos.savedViews.listForModel(modelId)).map(toSavedView);
    return hidesEmails(access) ? views.map(withoutAuthorEmail) : views;
  }

  /** What a share visitor sees: the shared model's views (the share was checked by the gate). */
  async listShared(modelId: string): Promise<SavedView[]> {
    return (await this.#d.data.repos.savedViews.listForModel(modelId)).map(toSavedView);
  }

  async create(userId: string, modelId: string, body: CreateSavedViewBody): Promise<SavedView> {
    return this.#d.data.transaction(async (repos) => {
      const access = await this.#modelAccess(repos, userId, modelId);
      assertCan(access, 'savedView.create');
      if ((await repos.savedViews.countForModel(modelId)) >= SAVED_VIEWS_PER_MODEL) {
        throw new SavedViewsLimitError();
      }
      const others = await this.#otherModels(repos, access.project.id, modelId, body.model_ids);
      const id = await repos.savedViews.insert({
        model_id: modelId,
        model_ids: others,
        name: body.name,
        state: body.state,
        ...decodeThumbnail(body.thumbnail),
        created_by: userId,
        at: this.#d.now(),
      });
      const view = toSavedView((await repos.savedViews.find(id))!);
      return hidesEmails(access) ? withoutAuthorEmail(view) : view;
    });
  }

  async rename(userId: string, modelId: string, viewId: string, name: string): Promise<SavedView> {
    return this.#d.data.transaction(async (repos) => {
      const access = await this.#modelAccess(repos, userId, modelId);
      const view = await this.#view(repos, modelId, viewId);
      assertCan(access, 'savedView.rename', { ownerId: view.created_by ?? undefined });
      await repos.savedViews.rename(viewId, name, this.#d.now());
      const renamed = toSavedView((await repos.savedViews.find(viewId))!);
      return hidesEmails(access) ? withoutAuthorEmail(renamed) : renamed;
    });
  }

  async delete(userId: string, modelId: string, viewId: string): Promise<void> {
    await this.#d.data.transaction(async (repos) => {
      const access = await this.#modelAccess(repos, userId, modelId);
      const view = await this.#view(repos, modelId, viewId);
      assertCan(access, 'savedView.delete', { ownerId: view.created_by ?? undefined });
      await repos.savedViews.delete(viewId);
    });
  }
}
