import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  CreateProjectBody,
  GrantableRole,
  InvitationPreview,
  InviteBody,
  InviteResponse,
  Project,
  ProjectMember,
  UpdateProjectBody,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { ApiError } from '../../lib/http';
import { queryClient } from '../../lib/query-client';
import { profileQuery } from '../auth';
import { subscriptionKey } from '../subscription';
import { withFirstAnswer } from '../../lib/first-answer';

/**
 * Query keys. Everything about projects lives under `['projects']`, so one invalidation of that
 * prefix (a server event) refreshes the list, each project and each member list on screen.
 */
export const projectsKey = ['projects'] as const;
export const projectKey = (id: string) => ['projects', id] as const;
export const membersKey = (id: string) => ['projects', id, 'members'] as const;
export const myInvitationsKey = ['user', 'invitations'] as const;

/**
 * GET /api/project. Failures are kept in the query state and logged (spec §8). `first`: the
 * answer the boot asked for (the route loader's), taken by the first fetch.
 */
export const projectsQuery = (first?: Promise<unknown>) => {
  const get = withFirstAnswer(() => http.get<Project[]>('/api/project'), first);
  return queryOptions({
    queryKey: projectsKey,
    queryFn: async () => {
      try {
        return await get();
      } catch (error) {
        console.error('[projects] failed to load the project list', error);
        throw error;
      }
    },
    staleTime: 60_000,
  });
};

export const membersQuery = (projectId: string) =>
  queryOptions({
    queryKey: membersKey(projectId),
    queryFn: () => http.get<ProjectMember[]>(`/api/project/${projectId}/members`),
    staleTime: 30_000,
  });

/** Pending invitations addressed to me ("Shared with me"). */
export type MyInvitation = InvitationPreview & { id: string };
export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: myInvitationsKey,
    queryFn: () => http.get<MyInvitation[]>('/api/user/invitations'),
    staleTime: 30_000,
  });

export { pickCurrentProject } from './pick';

/* ---------- cache updates (spec §4) ---------- */

/** Creating a project puts it first. */
function addProjectFirst(client: QueryClient, project: Project): void {
  client.setQueryData<Project[]>(projectsKey, (list = []) => [
    project,
    ...list.filter((p) => p.id !== project.id),
  ]);
}

/** Updating merges the response into the list (the current project is read from the list). */
function mergeProject(client: QueryClient, project: Partial<Project> & { id: string }) {
  client.setQueryData<Project[]>(projectsKey, (list) =>
    list?.map((p) => (p.id === project.id ? { ...p, ...project } : p)),
  );
}

/**
 * Projects this tab is deleting or leaving itself: the server event that follows needs no
 * "you lost this project" notice.
 */
export const goneHere = new Set<string>();

/** Leaving, removal or deletion drops the project locally; the current project is re-picked. */
export function dropProject(client: QueryClient, id: string): Project | undefined {
  const list = client.getQueryData<Project[]>(projectsKey);
  const dropped = list?.find((p) => p.id === id);
  if (list) {
    client.setQueryData<Project[]>(
      projectsKey,
      list.filter((p) => p.id !== id),
    );
  }
  client.removeQueries({ queryKey: projectKey(id) });
  return dropped;
}

/** The signed-in user's id (for `can()` and "is this row me?"). */
export function useMyId(): string | null {
  const signedIn = useAuth((s) => s.isAuthenticated);
  const { data } = useQuery({ ...profileQuery(), enabled: signedIn });
  return data?.id ?? null;
}

/* ---------- calls ---------- */

export const projectsApi = {
  create: (body: CreateProjectBody) => http.post<Project>('/api/project', body),
  update: (id: string, body: UpdateProjectBody) =>
    http.request<Project>(`/api/project/${id}`, { method: 'PUT', body }),
  remove: (id: string) =>
    http.request<unknown>(`/api/project/${id}`, { method: 'DELETE', body: { confirm: 'DELETE' } }),
  preferences: (id: string, body: { is_favorite?: boolean; show_in_sidebar?: boolean }) =>
    http.request<Partial<Project>>(`/api/project/${id}/preferences`, { method: 'PUT', body }),
  invite: (id: string, body: InviteBody) =>
    http.post<InviteResponse>(`/api/project/${id}/invitations`, body),
  resendInvitation: (id: string, invitationId: string) =>
    http.post<unknown>(`/api/project/${id}/invitations/${invitationId}/resend`),
  cancelInvitation: (id: string, invitationId: string) =>
    http.request<unknown>(`/api/project/${id}/invitations/${invitationId}`, { method: 'DELETE' }),
  changeRole: (id: string, memberId: string, role: GrantableRole) =>
    http.request<unknown>(`/api/project/${id}/members/${memberId}`, {
      method: 'PUT',
      body: { role },
    }),
  /** Removing someone else, or (own membership) leaving. */
  removeMember: (id: string, memberId: string) =>
    http.request<unknown>(`/api/project/${id}/members/${memberId}`, { method: 'DELETE' }),
};

function invalidateProjectsAndPlan(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectsKey }),
    queryClient.invalidateQueries({ queryKey: subscriptionKey }),
  ]);
}

export function useCreateProject() {
  return useMutation({
    mutationFn: projectsApi.create,
    onSuccess: (project) => {
      addProjectFirst(queryClient, project);
      void queryClient.invalidateQueries({ queryKey: subscriptionKey });
    },
  });
}

export function useUpdateProject(id: string) {
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => projectsApi.update(id, body),
    onSuccess: (project) => mergeProject(queryClient, project),
  });
}

export function useDeleteProject() {
  return useMutation({
    mutationFn: (id: string) => projectsApi.remove(id),
    onMutate: (id) => {
      goneHere.add(id);
    },
    onError: (_error, id) => {
      goneHere.delete(id);
    },
    onSuccess: (_data, id) => {
      dropProject(queryClient, id);
      void invalidateProjectsAndPlan();
    },
  });
}

/** Favourite and show-in-sidebar flip at once in the cache; a failure puts them back. */
export function useProjectPreferences() {
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      is_favorite?: boolean;
      show_in_sidebar?: boolean;
    }) => projectsApi.preferences(id, body),
    onMutate: async ({ id, ...body }) => {
      await queryClient.cancelQueries({ queryKey: projectsKey, exact: true });
      const before = queryClient.getQueryData<Project[]>(projectsKey);
      mergeProject(queryClient, { id, ...body });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(projectsKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsKey, exact: true }),
  });
}

/**
 * Leaving is deleting one's own membership (found in the member list; a guest's by their user
 * id); the creator gets CREATOR_CANNOT_LEAVE from the server.
 */
export function useLeaveProject() {
  return useMutation({
    mutationFn: async ({ projectId, userId }: { projectId: string; userId: string }) => {
      const members = await queryClient
        .ensureQueryData(membersQuery(projectId))
        .catch((error: unknown) => {
          // A guest may not list members: their user id stands for their membership.
          if (error instanceof ApiError && error.code === 'MEMBER_LIST_HIDDEN') return null;
          throw error;
        });
      if (!members) return projectsApi.removeMember(projectId, userId);
      const mine = members.find((m) => m.kind === 'member' && m.user_id === userId);
      if (!mine) {
        throw new ApiError({
          statusCode: 404,
          statusMessage: '',
          message: 'membership not found',
          code: 'MEMBER_NOT_FOUND',
        });
      }
      return projectsApi.removeMember(projectId, mine.id);
    },
    onMutate: ({ projectId }) => {
      goneHere.add(projectId);
    },
    onError: (_error, { projectId }) => {
      goneHere.delete(projectId);
    },
    onSuccess: (_data, { projectId }) => {
      dropProject(queryClient, projectId);
      void invalidateProjectsAndPlan();
    },
  });
}

export function invalidateMembers(projectId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: membersKey(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectsKey, exact: true }),
  ]);
}
