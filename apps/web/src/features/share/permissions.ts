import { can, type Project } from '@truss/contracts';
import { actorFor } from '../projects';

/** Any member of the model's project may share it (`share.create`); a trashed model may not. */
export function canShareModel(
  project: Pick<Project, 'role'> | null,
  userId: string | null,
  model: { deleted_at: string | null },
): boolean {
  return !!project && !model.deleted_at && can(actorFor(project, userId), 'share.create');
}
