import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import type { ProjectsRepositories } from './repositories.ts';
import type { CachedReads } from '../cache/index.ts';
import type { EventPublisher } from '../events/index.ts';
import type { RegisterModule } from '../module.ts';
import { projectsRoutes } from './routes.ts';
import {
  ProjectsService,
  type OwnedProjectsLimit,
  type OwnerTiers,
  type ProjectDeletionListener,
} from './service.ts';

export {
  assertCan,
  canInProject,
  findProjectAccess,
  loadProjectAccess,
  type ProjectAccess,
} from './access.ts';
export { ProjectLimitExceededError, ProjectNotFoundError } from './errors.ts';
export {
  createProjectsRepositories,
  type ProjectsRepositories,
  projectRows,
  type ProjectRows,
} from './repositories.ts';
export {
  hidesEmails,
  maskEmails,
  MASKED_EMAIL,
  nameWithoutEmail,
  nullableNameWithoutEmail,
} from './privacy.ts';
export {
  newProjectMetadata,
  ProjectsService,
  type ProjectDeletionContext,
  type OwnedProjectsLimit,
  type OwnerTiers,
  type ProjectDeletionListener,
} from './service.ts';

export interface ProjectsDeps {
  data: DataAccess<ProjectsRepositories>;
  events: EventPublisher;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
  /** The owner's plan limits (the subscriptions module). */
  limits: OwnedProjectsLimit;
  /** Who is told of a deletion (the members module's `projectAudience`). */
  projectAudience: (scope: DataScope, projectId: string) => Promise<string[]>;
  /** The owner's tier that projects report (the subscriptions module). */
  tiers?: OwnerTiers;
  /** The hot reads' cache: the project list is kept per user. */
  cache?: CachedReads;
}

export interface ProjectsModule {
  projects: ProjectsService;
  /**
   * Modules that own project data (models, storage) add their clean-up here; project and account
   * deletion read the list when they run, so later modules can still add theirs.
   */
  deletionListeners: ProjectDeletionListener[];
}

/** Projects: list, create, update, delete, favourites; and the one project-access step. */
export const register: RegisterModule<ProjectsDeps, ProjectsModule> = async (app, deps) => {
  const deletionListeners: ProjectDeletionListener[] = [];
  const projects = new ProjectsService({
    data: deps.data,
    events: deps.events,
    now: deps.now,
    log: app.log,
    deletionListeners,
    projectAudience: deps.projectAudience,
    limits: deps.limits,
    ...(deps.tiers ? { tiers: deps.tiers } : {}),
    ...(deps.cache ? { cache: deps.cache } : {}),
  });
  await app.register(projectsRoutes, { projects, requireAuth: deps.requireAuth });
  return { projects, deletionListeners };
};
