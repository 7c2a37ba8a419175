import { can, type Project, type SavedQuery } from '@truss/contracts';
import { actorFor } from '../projects';

/** What the query panel offers on saved queries (the server decides the same with `can()`). */
export interface SavedQueryAbilities {
  create: boolean;
  manage(query: Pick<SavedQuery, 'created_by'>): boolean;
}

export function savedQueryAbilities(
  project: Pick<Project, 'role'> | null,
  userId: string | null,
): SavedQueryAbilities {
  const actor = actorFor(project, userId);
  return {
    create: can(actor, 'savedQuery.create'),
    manage: (query) => can(actor, 'savedQuery.delete', { ownerId: query.created_by ?? undefined }),
  };
}
