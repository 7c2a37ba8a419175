import { randomUUID } from 'node:crypto';
import { seesMemberDetails, type Project } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import type { ProjectsRepositories } from './repositories.ts';
import { uncached, type CachedReads } from '../cache/index.ts';
import type { EventPublisher } from '../events/index.ts';
import { displayName } from '../users/index.ts';
import { assertCan, loadProjectAccess } from './access.ts';
import {
  DefaultProjectUndeletableError,
  ProjectLimitExceededError,
  ProjectNotFoundError,
} from './errors.ts';
import type { ProjectListRow } from './repository.ts';

/** Icon colours a new project picks from. */
export const PROJECT_COLORS = [
  '#2563eb',
  '#7c3aed',
  '#db2777',
  '#ea580c',
  '#16a34a',
  '#0891b2',
  '#ca8a04',
  '#4f46e5',
] as const;

/** Metadata of a new project: a stable colour derived from a seed (e.g. the owner id). */
export function newProjectMetadata(seed: string): Record<string, unknown> {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { avatar_bg_color: PROJECT_COLORS[hash % PROJECT_COLORS.length] };
}

/** Metadata merge: keys sent replace stored ones, a key sent as null is removed, others stay. */
function mergeMetadata(
  stored: Record<string, unknown>,
  patch: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}

function toProject(row: ProjectListRow, tier: Project['tier'] = 'free'): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_default: row.is_default,
    role: row.role,
    metadata: row.metadata,
    creator: {
      id: row.creator_id,
      // A guest learns no address, not even the creator's.
      email: seesMemberDetails({ userId: '', role: row.role }) ? row.creator_email : null,
      name: displayName({
        full_name: row.creator_full_name,
        first_name: row.creator_first_name,
        last_name: row.creator_last_name,
        name_format: row.creator_name_format,
      }),
    },
    // The owner's plan (the creator is the owner): 'paid' while a paid period runs.
    tier,
    is_favorite: row.is_favorite,
    show_in_sidebar: row.show_in_sidebar,
    member_count: Number(row.member_count),
    model_count: Number(row.model_count),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export interface ProjectDeletionContext {
  projectId: string;
  /**
   * The deletion transaction's repositories (of the module deleting: projects or account): the
   * project's rows still exist. A listener builds its own module's on their executor.
   */
  repos: DataScope;
  now: Date;
}

/**
 * Lets other modules clean up when a project is deleted for good (models' stored files, jobs).
 * `beforeProjectDelete` runs inside the deletion transaction before the project row goes (its
 * models, members and invitations are deleted by ON DELETE CASCADE right after): delete or
 * collect your rows there. The returned function, if any, runs after the commit (e.g. removing
 * files from storage); its failure is logged and never undoes the deletion.
 */
export interface ProjectDeletionListener {
  beforeProjectDelete(context: ProjectDeletionContext): Promise<void | (() => Promise<void>)>;
}

interface ProjectsServiceDeps {
  data: DataAccess<ProjectsRepositories>;
  events: EventPublisher;
  now: Clock;
  log: FastifyBaseLogger;
  /** Read at deletion time: modules may push theirs after the service is built. */
  deletionListeners?: ProjectDeletionListener[];
  /**
   * Who is told of a deletion: the members module's `projectAudience`, handed in by app.ts
   * (members builds on projects, so projects imports nothing of it).
   */
  projectAudience: (scope: DataScope, projectId: string) => Promise<string[]>;
  /** The owner's plan limits (the subscriptions module); absent: unlimited. */
  limits?: OwnedProjectsLimit;
  /** The owner's tier (the subscriptions module); absent: every project reports 'free'. */
  tiers?: OwnerTiers;
  /** Keeps each user's project list until a change to it commits; absent: no cache. */
  cache?: CachedReads;
}

export interface OwnerTiers {
  ownerTier(userId: string): Promise<Project['tier']>;
}

/** How many projects a user may own under their current plan; null: unlimited. */
export interface OwnedProjectsLimit {
  planLimits(userId: string): Promise<{ projects: number | null }>;
}

export class ProjectsService {
  readonly #d: ProjectsServiceDeps;
  readonly #data: DataAccess<ProjectsRepositories>;

  constructor(deps: ProjectsServiceDeps) {
    this.#d = deps;
    this.#data = deps.data;
  }

  /**
   * The user's projects, default first. Re-creates a missing default project. Cached per user:
   * it depends on the user's memberships (`u:`), each listed project with its members and models
   * (`p:`), and each creator's name and plan (`u:`).
   */
  async list(userId: string): Promise<Project[]> {
    return (this.#d.cache ?? uncached).read(`projects:${userId}`, async () => {
      const projects = await this.#list(userId);
      const tags = [`u:${userId}`];
      for (const project of projects) tags.push(`p:${project.id}`, `u:${project.creator.id}`);
      return { value: projects, tags };
    });
  }

  async #list(userId: string): Promise<Project[]> {
    let rows = await this.#data.repos.projects.listForUser(userId);
    if (!rows.some((row) => row.is_default && row.role === 'owner')) {
      const created = await this.#data.transaction(async (repos) => {
        if (await repos.projects.hasDefaultProject(userId)) return false;
        await repos.projects.createDefaultProject(userId, newProjectMetadata(userId));
        return true;
      });
      if (created) rows = await this.#data.repos.projects.listForUser(userId);
    }
    const tiers = await this.#tiers(rows.map((row) => row.creator_id));
    return rows.map((row) => toProject(row, tiers.get(row.creator_id)));
  }

  async get(userId: string, projectId: string): Promise<Project> {
    await loadProjectAccess(this.#data.repos, projectId, userId);
    return this.#read(userId, projectId);
  }

  /** A new project; the creator becomes its owner. */
  async create(
    userId: string,
    body: { name: string; description: string; metadata?: { avatar_bg_color?: string } },
  ): Promise<Project> {
    const metadata = {
      ...newProjectMetadata(randomUUID()),
      ...(body.metadata?.avatar_bg_color ? { avatar_bg_color: body.metadata.avatar_bg_color } : {}),
    };
    // Read before the transaction (its own connection); counted inside it, under the owner's
    // lock, so two concurrent requests cannot both take the last place.
    const limit = (await this.#d.limits?.planLimits(userId))?.projects ?? null;
    const projectId = await this.#data.transaction(async (repos) => {
      if (limit !== null) {
        await repos.projects.lockOwner(userId);
        // After a downgrade the owner may be over the limit: nothing is deleted, only refused.
        if ((await repos.projects.countOwned(userId)) >= limit) {
          throw new ProjectLimitExceededError(limit);
        }
      }
      return repos.projects.create({
        name: body.name,
        description: body.description,
        ownerId: userId,
        metadata,
        now: this.#d.now(),
      });
    });
    const project = await this.#read(userId, projectId);
    await this.#d.events.publish({ type: 'project.created', projectId, data: {} });
    return project;
  }

  /** Name, description and metadata (merged: keys sent as null are removed). */
  async update(
    userId: string,
    projectId: string,
    body: {
      name?: string;
      description?: string;
      metadata?: Record<string, unknown>;
    },
  ): Promise<Project> {
    await this.#data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      assertCan(access, 'project.update');
      const stored = (await repos.projects.lockMetadata(projectId)) ?? {};
      await repos.projects.update(
        projectId,
        {
          name: body.name,
          description: body.description,
          metadata: body.metadata ? mergeMetadata(stored, body.metadata) : undefined,
        },
        this.#d.now(),
      );
    });
    const project = await this.#read(userId, projectId);
    await this.#d.events.publish({
      type: 'project.updated',
      projectId,
      data: { name: project.name },
    });
    return project;
  }

  /**
   * Permanent deletion by the owner: the project, its members, invitations and models, then
   * whatever the deletion listeners clean up after the commit. The default project stays.
   */
  async delete(userId: string, projectId: string): Promise<void> {
    const now = this.#d.now();
    const { audience, afterCommit } = await this.#data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      if (access.project.is_default && access.actor.role === 'owner') {
        throw new DefaultProjectUndeletableError();
      }
      assertCan(access, 'project.delete');
      const audience = await this.#d.projectAudience(repos, projectId);
      const afterCommit: (() => Promise<void>)[] = [];
      for (const listener of this.#d.deletionListeners ?? []) {
        const after = await listener.beforeProjectDelete({ projectId, repos, now });
        if (after) afterCommit.push(after);
      }
      if (!(await repos.projects.delete(projectId))) throw new ProjectNotFoundError();
      return { audience, afterCommit };
    });
    for (const work of afterCommit) {
      try {
        await work();
      } catch (error) {
        this.#d.log.error({ err: error, projectId }, 'project deletion clean-up failed');
      }
    }
    await this.#d.events.publish(
      { type: 'project.deleted', projectId, data: {} },
      { members: false, userIds: audience },
    );
  }

  /** The caller's own flags for the project (favourite, shown in the sidebar). */
  async setPreferences(
    userId: string,
    projectId: string,
    flags: { is_favorite?: boolean; show_in_sidebar?: boolean },
  ): Promise<Project> {
    await loadProjectAccess(this.#data.repos, projectId, userId);
    await this.#data.repos.projects.setPreferences(projectId, userId, flags);
    const project = await this.#read(userId, projectId);
    // Only the caller's other tabs care: the flags are per user.
    await this.#d.events.publish(
      { type: 'project.updated', projectId, data: { preferences: true } },
      { members: false, userIds: [userId] },
    );
    return project;
  }

  async #read(userId: string, projectId: string): Promise<Project> {
    const row = await this.#data.repos.projects.findForUser(projectId, userId);
    if (!row) throw new ProjectNotFoundError();
    const tiers = await this.#tiers([row.creator_id]);
    return toProject(row, tiers.get(row.creator_id));
  }

  /** Each distinct owner's tier, asked once. */
  async #tiers(ownerIds: string[]): Promise<Map<string, Project['tier']>> {
    const source = this.#d.tiers;
    const unique = [...new Set(ownerIds)];
    if (!source) return new Map();
    const tiers = await Promise.all(unique.map((id) => source.ownerTier(id)));
    return new Map(unique.map((id, index) => [id, tiers[index] ?? 'free']));
  }
}
