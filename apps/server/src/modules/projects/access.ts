import { can, type Actor, type PermissionResource, type ProjectAction } from '@truss/contracts';
import { ForbiddenError, type AppError } from '../../http/errors.ts';
import type { DataScope } from '../../repositories.ts';
import { createProjectsRepositories } from './repositories.ts';
import { ProjectNotFoundError } from './errors.ts';
import type { ProjectAccessRow } from './repository.ts';

/**
 * The one project-access step, used by every module that touches a project's resources
 * (projects, members, models, uploads, shares): the project and the caller's role in it are
 * loaded once (one query, accepted memberships only), then every decision is contracts' `can()`.
 */
export interface ProjectAccess {
  project: ProjectAccessRow;
  actor: Actor;
}

/** The project and the caller's standing in it, or null when the project does not exist. */
export async function findProjectAccess(
  scope: DataScope,
  projectId: string,
  userId: string,
): Promise<ProjectAccess | null> {
  // Any module's repositories: the projects' are built on the same executor (and transaction).
  const { projects } = createProjectsRepositories(scope.executor);
  const project = await projects.findAccess(projectId, userId);
  if (!project) return null;
  return { project, actor: { userId, role: project.role } };
}

/**
 * Loads the project for `userId`. Unknown projects and projects the caller may not view
 * (`can(actor, 'project.view')`) both give `notFound()` (default 404 PROJECT_NOT_FOUND): never
 * 403, so a non-member cannot learn that a project, or a model or share in it, exists.
 */
export async function loadProjectAccess(
  scope: DataScope,
  projectId: string,
  userId: string,
  notFound: () => AppError = () => new ProjectNotFoundError(),
): Promise<ProjectAccess> {
  const access = await findProjectAccess(scope, projectId, userId);
  if (!access || !can(access.actor, 'project.view')) throw notFound();
  return access;
}

/** `can()` with the project's creator and default flag filled in. */
export function canInProject(
  access: ProjectAccess,
  action: ProjectAction,
  resource: PermissionResource = {},
): boolean {
  return can(access.actor, action, {
    creatorId: access.project.owner_id,
    isDefaultProject: access.project.is_default,
    ...resource,
  });
}

/**
 * The one permission check for project-scoped actions; `denied` is the error when the answer is
 * no (default 403 FORBIDDEN).
 */
export function assertCan(
  access: ProjectAccess,
  action: ProjectAction,
  resource: PermissionResource = {},
  denied: () => AppError = () => new ForbiddenError(`${action} denied`),
): void {
  if (!canInProject(access, action, resource)) throw denied();
}
