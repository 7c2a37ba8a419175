import type { Project } from '@truss/contracts';

/**
 * Spec §4 "Current project": the projectId route parameter, else the user's last choice in the
 * switcher, else the default project, else the first.
 */
export function pickCurrentProject(
  projects: readonly Project[] | undefined,
  routeId: string | undefined,
  chosenId: string | null,
): Project | null {
  if (!projects?.length) return null;
  const wanted = routeId?.trim().toLowerCase();
  const byRoute = wanted
    ? (projects.find((p) => p.id === wanted) ??
      projects.find((p) => p.name.toLowerCase() === wanted))
    : undefined;
  if (byRoute) return byRoute;
  const chosen = chosenId ? projects.find((p) => p.id === chosenId) : undefined;
  return chosen ?? projects.find((p) => p.is_default) ?? projects[0] ?? null;
}
