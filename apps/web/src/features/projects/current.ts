import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { Project } from '@truss/contracts';
import { useAuth } from '../../lib/auth-store';
import { pickCurrentProject, projectsQuery } from './api';

/** The project last picked in the switcher or just created (this tab only). */
let chosenProjectId: string | null = null;
const listeners = new Set<() => void>();

export function chooseProject(id: string | null): void {
  chosenProjectId = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The project id or name a route names: /project/:id, /models/:name, ?project= on the trash. */
export function useRouteProjectId(): string | undefined {
  const params = useParams();
  const [search] = useSearchParams();
  return (
    params.id ??
    (params.name !== 'trash' ? params.name : undefined) ??
    search.get('project') ??
    undefined
  );
}

export function useCurrentProject(): {
  project: Project | null;
  projects: Project[];
  isLoading: boolean;
  error: unknown;
  /** The route named a project that is not in the list. */
  notFound: boolean;
  /** The project the frame shows (switcher, top bar): falls back past an unknown route id. */
  frameProject: Project | null;
} {
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  const chosen = useSyncExternalStore(
    subscribe,
    () => chosenProjectId,
    () => null,
  );
  const query = useQuery({ ...projectsQuery(), enabled: isAuthenticated });
  const routeId = useRouteProjectId();
  const projects = query.data ?? [];
  const project = pickCurrentProject(projects, routeId, chosen);
  const wanted = routeId?.toLowerCase();
  const notFound =
    !!wanted &&
    query.isSuccess &&
    !projects.some((p) => p.id === wanted || p.name.toLowerCase() === wanted);
  return {
    project: notFound ? null : project,
    frameProject: notFound ? pickCurrentProject(projects, undefined, chosen) : project,
    projects,
    isLoading: query.isLoading,
    error: query.error,
    notFound,
  };
}
