import { useMemo } from 'react';
import { can, type Model, type Project } from '@truss/contracts';
import { useMyId, actorFor } from '../projects';

/** What the signed-in user may do with one model (members manage the models they uploaded). */
export function modelAbilities(
  project: Pick<Project, 'role'> | null,
  userId: string | null,
  model: Pick<Model, 'creator'>,
) {
  const actor = actorFor(project, userId);
  const resource = { ownerId: model.creator?.id };
  return {
    rename: can(actor, 'model.rename', resource),
    move: can(actor, 'model.move', resource),
    trash: can(actor, 'model.trash', resource),
    restore: can(actor, 'model.restore', resource),
    /** Permanent deletion is the server's `model.trash` right on a trashed model. */
    deletePermanently: can(actor, 'model.trash', resource),
  };
}

export type ModelAbilities = ReturnType<typeof modelAbilities>;

export function canUpload(project: Pick<Project, 'role'> | null, userId: string | null): boolean {
  return !!project && can(actorFor(project, userId), 'model.upload');
}

export function useCanUpload(project: Pick<Project, 'role'> | null): boolean {
  const myId = useMyId();
  return useMemo(() => canUpload(project, myId), [project, myId]);
}
