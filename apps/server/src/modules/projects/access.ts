import { can, type Actor, type PermissionResource, type ProjectAction } from '@truss/contracts';
import { ForbiddenError, type AppError } from '../../http/errors.ts';
import type { Repositories } from '../../repositories.ts';
import { ProjectNotFoundError } from './errors.ts';
import type { ProjectAccessRow } from './repository.ts';

/** A project and the caller's standing in it, as every project-scoped service call starts. */
export interface ProjectAccess {
  project: ProjectAccessRow;
  actor: Actor;
}

/**
 * Loads the project for `userId`. Unknown projects and projects the caller may not view
 * (`can(actor, 'project.view')`) both give 404 PROJECT_NOT_FOUND: never 403, so a non-member
 * cannot learn that a project exists.
 */
export async function loadProjectAccess(
  repos: Repositories,
  projectId: string,
  userId: string,
): Promise<ProjectAccess> {
  const project = await repos.projects.findAccess(projectId, userId);
  const actor: Actor = { userId, role: project?.role ?? null };
  if (!project || !can(actor, 'project.view')) throw new ProjectNotFoundError();
  return { project, actor };
}

/**
 * The one permission check for project-scoped actions, through contracts' `can()`. The project's
 * creator and default flag are filled in; `denied` is the error when the answer is no
 * (default 403 FORBIDDEN).
 */
export function assertCan(
  access: ProjectAccess,
  action: ProjectAction,
  resource: PermissionResource = {},
  denied: () => AppError = () => new ForbiddenError(action),
): void {
  const full: PermissionResource = {
    creatorId: access.project.owner_id,
    isDefaultProject: access.project.is_default,
    ...resource,
  };
  if (!can(access.actor, action, full)) throw denied();
}
