import { useMemo } from 'react';
import { can, type Actor, type Project, type ProjectAction } from '@truss/contracts';
import { useMyId } from './api';

/** The signed-in user as an actor in `project`, for the contracts' `can()`. */
export function actorFor(project: Pick<Project, 'role'> | null, userId: string | null): Actor {
  return { userId: userId ?? '', role: project && userId ? project.role : null };
}

/** What the signed-in user may do with a project as a whole (what the UI offers). */
function projectAbilities(project: Project | null, userId: string | null) {
  const actor = actorFor(project, userId);
  const on = (action: ProjectAction) =>
    !!project &&
    can(actor, action, {
      creatorId: project.creator.id,
      isDefaultProject: project.is_default,
    });
  return {
    actor,
    update: on('project.update'),
    delete: on('project.delete'),
    leave: on('project.leave'),
    invite: on('member.invite'),
    /** The member list and people's addresses: not for a guest. */
    seeMembers: on('member.list'),
    manageInvitations: on('invitation.manage'),
  };
}

export function useProjectAbilities(project: Project | null) {
  const myId = useMyId();
  return useMemo(() => projectAbilities(project, myId), [project, myId]);
}
