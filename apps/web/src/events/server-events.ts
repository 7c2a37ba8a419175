import { useEffect, useRef } from 'react';
import type { Query, QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Project, ServerEvent } from '@truss/contracts';
import { http } from '../lib/api';
import { authStore, useAuth } from '../lib/auth-store';
import { startEventStream } from './events';
import { queryClient, refetchChanged } from '../lib/query-client';
import { toast } from '../lib/toast';
import { applyModelEvent, refreshModelsAfterReconnect } from '../features/models';
import { subscriptionKey } from '../features/subscription';
import { topicsKey, applyTopicEvent } from '../features/topics';
import {
  chooseProject,
  dropProject,
  goneHere,
  myInvitationsKey,
  projectKey,
  projectsKey,
  useCurrentProject,
  useMyId,
  useRouteProjectId,
} from '../features/projects';

/** Why a project went away: removed by someone, left (maybe in another tab), deleted. */
export type GoneReason = 'removed' | 'left' | 'deleted';

export interface EventContext {
  client: QueryClient;
  myId: string | null;
  /** The project the frame shows (route, switcher choice or default). */
  frameProjectId: string | null;
  /** Whether the URL itself names that project (then the page must be left). */
  routeNamesFrameProject: boolean;
  /** The project is gone for me while I may be looking at it. */
  onGone: (info: {
    project: Project;
    reason: GoneReason;
    viewing: boolean;
    leavePage: boolean;
  }) => void;
}

function refreshProject(client: QueryClient, projectId: string | null): void {
  void refetchChanged(client, { queryKey: projectsKey, exact: true });
  if (projectId) void refetchChanged(client, { queryKey: projectKey(projectId) });
}

function gone(ctx: EventContext, projectId: string, reason: GoneReason): void {
  const { client } = ctx;
  const project = dropProject(client, projectId);
  void refetchChanged(client, { queryKey: projectsKey, exact: true });
  void refetchChanged(client, { queryKey: subscriptionKey });
  void refetchChanged(client, { queryKey: myInvitationsKey });
  const byThisTab = goneHere.delete(projectId);
  if (!project || byThisTab) return;
  const viewing = ctx.frameProjectId === projectId;
  ctx.onGone({ project, reason, viewing, leavePage: viewing && ctx.routeNamesFrameProject });
}

/**
 * What one server event does to the cache: project and member events refetch the project list,
 * the project and its members; invitation events also my invitations. Losing a project (removed
 * from it, or it was deleted) drops it locally and tells the page.
 */
export function applyServerEvent(event: ServerEvent, ctx: EventContext): void {
  const { client } = ctx;
  const id = event.projectId;
  switch (event.type) {
    case 'project.created':
    case 'project.updated':
      refreshProject(client, id);
      return;
    case 'project.deleted':
      if (id) gone(ctx, id, 'deleted');
      return;
    case 'member.removed':
      if (id && ctx.myId && event.data.userId === ctx.myId) {
        gone(ctx, id, event.data.left === true ? 'left' : 'removed');
      } else refreshProject(client, id);
      return;
    case 'member.changed':
    case 'invitation.changed':
      refreshProject(client, id);
      void refetchChanged(client, { queryKey: myInvitationsKey });
      return;
    case 'model.status':
      // The project's model count and "updated" time, then the model itself.
      refreshProject(client, id);
      applyModelEvent(event, client);
      return;
    case 'model.progress':
      applyModelEvent(event, client);
      return;
    default:
      applyTopicEvent(event, client);
  }
}

/**
 * Events may have been missed while no stream was open: refetch everything they would have
 * touched. After a reconnect that is all of it; at the first open (the stream loads after the
 * page, lazily) only what was read before the stream was listening (`readBefore`, ms).
 */
export function refreshAfterReconnect(client: QueryClient, readBefore?: number): void {
  const predicate =
    readBefore === undefined ? undefined : (query: Query) => query.state.dataUpdatedAt < readBefore;
  const only = predicate ? { predicate } : {};
  void refetchChanged(client, { queryKey: projectsKey, ...only });
  void refetchChanged(client, { queryKey: myInvitationsKey, ...only });
  refreshModelsAfterReconnect(client, predicate);
  void refetchChanged(client, { queryKey: topicsKey, ...only });
}

/**
 * The tab's one event stream while signed in (spec §9 heartbeat and back-off), feeding TanStack
 * Query. Mounted once in the root shell.
 */
export function useServerEvents(): void {
  const signedIn = useAuth((s) => s.isAuthenticated);
  const myId = useMyId();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { frameProject } = useCurrentProject();
  const routeId = useRouteProjectId()?.toLowerCase();
  const routeNamesFrameProject =
    !!frameProject &&
    !!routeId &&
    (routeId === frameProject.id || routeId === frameProject.name.toLowerCase());

  const frameProjectId = frameProject?.id ?? null;
  const ctx = useRef<EventContext | null>(null);
  useEffect(() => {
    ctx.current = {
      client: queryClient,
      myId,
      frameProjectId,
      routeNamesFrameProject,
      onGone: ({ project, reason, viewing, leavePage }) => {
        const name = project.name;
        toast.show({
          title: t(`realtime.${reason}`, { name }),
          ...(viewing ? { description: t('realtime.switched') } : {}),
          color: 'warning',
          icon: 'warning',
        });
        if (viewing) chooseProject(null);
        if (leavePage) navigate('/models', { replace: true });
      },
    };
  });

  useEffect(() => {
    if (!signedIn) return;
    const stream = startEventStream({
      getToken: () => (authStore.getState().isAuthenticated ? authStore.getState().token : null),
      prepare: () => http.ensureFreshToken(),
      onUnauthorized: async () => {
        try {
          await http.refresh();
          return true;
        } catch {
          return false;
        }
      },
      onEvent: (event) => {
        if (ctx.current) applyServerEvent(event, ctx.current);
      },
      onOpen: ({ reconnected }) => {
        refreshAfterReconnect(queryClient, reconnected ? undefined : Date.now());
      },
    });
    const online = () => stream.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      stream.stop();
    };
  }, [signedIn]);
}
