import { can, type Project, type SavedView } from '@truss/contracts';
import { actorFor } from '../projects';

/** What the UI offers on saved views (the server decides the same with `can()`). */
export interface SavedViewAbilities {
  create: boolean;
  manage(view: Pick<SavedView, 'created_by'>): boolean;
}

export function savedViewAbilities(
  project: Pick<Project, 'role'> | null,
  userId: string | null,
): SavedViewAbilities {
  const actor = actorFor(project, userId);
  return {
    create: can(actor, 'savedView.create'),
    manage: (view) => can(actor, 'savedView.rename', { ownerId: view.created_by ?? undefined }),
  };
}

/** A share visitor reads the views only. */
export const READ_ONLY: SavedViewAbilities = { create: false, manage: () => false };
