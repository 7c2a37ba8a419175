import {
  SAVED_QUERIES_PER_PROJECT,
  type CreateSavedQueryBody,
  type ElementWhere,
  type SavedQuery,
  type UpdateSavedQueryBody,
} from '@truss/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ElementsRepositories } from './repositories.ts';
import { assertCan, hidesEmails, loadProjectAccess, nameWithoutEmail } from '../projects/index.ts';
import {
  SavedQueriesLimitError,
  SavedQueryModelsError,
  SavedQueryNotFoundError,
} from './errors.ts';
import { planQuery } from './query-plan.ts';
import type { SavedQueryWithAuthor } from './repository.ts';
import { findModel } from '../models/index.ts';

function toSavedQuery(row: SavedQueryWithAuthor): SavedQuery {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    where: row.query,
    models: row.models,
    created_by: row.created_by,
    author_name: row.author_name ?? '',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A query as a guest sees it: an author without a display name is named by no address. */
function withoutAuthorEmail(query: SavedQuery): SavedQuery {
  return { ...query, author_name: nameWithoutEmail(query.author_name) };
}

/**
 * Named queries of a project, shared with its members: every member lists, runs and saves them;
 * their creators and the project's managers change and delete them (contracts' `can()`). A
 * query is checked (limits, operators) before it is saved.
 */
export class SavedQueriesService {
  readonly #d: { data: DataAccess<ElementsRepositories>; now: Clock };

  constructor(deps: { data: DataAccess<ElementsRepositories>; now: Clock }) {
    this.#d = deps;
  }

  async #query(repos: ElementsRepositories, projectId: string, queryId: string) {
    const row = await repos.elements.findQuery(queryId);
    if (!row || row.project_id !== projectId) throw new SavedQueryNotFoundError();
    return row;
  }

  /** The models a query is saved for: every one a model of its project (not deleted). */
  async #assertModels(
    repos: ElementsRepositories,
    projectId: string,
    ids: readonly string[] | null | undefined,
  ) {
    for (const id of new Set(ids ?? [])) {
      const model = await findModel(repos, id);
      if (!model || model.deleted_at || model.project_id !== projectId) {
        throw new SavedQueryModelsError(`model ${id} is not in the project`);
      }
    }
  }

  async list(userId: string, projectId: string): Promise<SavedQuery[]> {
    const { repos } = this.#d.data;
    const access = await loadProjectAccess(repos, projectId, userId);
    assertCan(access, 'savedQuery.list');
    const queries = (await repos.elements.listQueries(projectId)).map(toSavedQuery);
    return hidesEmails(access) ? queries.map(withoutAuthorEmail) : queries;
  }

  async create(userId: string, projectId: string, body: CreateSavedQueryBody): Promise<SavedQuery> {
    planQuery(body.where as ElementWhere);
    return this.#d.data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      assertCan(access, 'savedQuery.create');
      if ((await repos.elements.countQueries(projectId)) >= SAVED_QUERIES_PER_PROJECT) {
        throw new SavedQueriesLimitError();
      }
      await this.#assertModels(repos, projectId, body.models);
      const id = await repos.elements.insertQuery({
        project_id: projectId,
        name: body.name,
        query: body.where,
        models: body.models ?? null,
        created_by: userId,
        at: this.#d.now(),
      });
      const query = toSavedQuery((await repos.elements.findQuery(id))!);
      return hidesEmails(access) ? withoutAuthorEmail(query) : query;
    });
  }

  async update(
    userId: string,
    projectId: string,
    queryId: string,
    body: UpdateSavedQueryBody,
  ): Promise<SavedQuery> {
    if (body.where) planQuery(body.where as ElementWhere);
    return this.#d.data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      const row = await this.#query(repos, projectId, queryId);
      assertCan(access, 'savedQuery.update', { ownerId: row.created_by ?? undefined });
      await this.#assertModels(repos, projectId, body.models);
      await repos.elements.updateQuery(
        queryId,
        { name: body.name, query: body.where, models: body.models },
        this.#d.now(),
      );
      const query = toSavedQuery((await repos.elements.findQuery(queryId))!);
      return hidesEmails(access) ? withoutAuthorEmail(query) : query;
    });
  }

  async delete(userId: string, projectId: string, queryId: string): Promise<void> {
    await this.#d.data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      const row = await this.#query(repos, projectId, queryId);
      assertCan(access, 'savedQuery.delete', { ownerId: row.created_by ?? undefined });
      await repos.elements.deleteQuery(queryId);
    });
  }
}
