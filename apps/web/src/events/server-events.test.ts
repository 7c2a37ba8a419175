import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Project, ServerEvent } from '@truss/contracts';
import { goneHere, membersKey, myInvitationsKey, projectsKey } from '../features/projects';
import { applyServerEvent, type EventContext } from './server-events';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const P1 = '00000000-0000-4000-8000-0000000000a1';
const P2 = '00000000-0000-4000-8000-0000000000a2';

const project = (id: string, name: string, is_default = false): Project => ({
  id,
  name,
  description: '',
  is_default,
  role: 'member',
  metadata: {},
  creator: { id: OTHER, email: 'o@example.com', name: null },
  tier: 'free',
  is_favorite: false,
  show_in_sidebar: false,
  member_count: 2,
  model_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

const event = (type: ServerEvent['type'], projectId: string, data = {}): ServerEvent => ({
  id: 'e',
  type,
  projectId,
  data,
  at: '2026-11-22T00:00:00.000Z',
});

function setup(frameProjectId: string | null = P1, routeNamesFrameProject = true) {
  const client = new QueryClient();
  client.setQueryData(projectsKey, [project(P2, 'Default', true), project(P1, 'Tower')]);
  client.setQueryData(membersKey(P1), []);
  client.setQueryData(myInvitationsKey, []);
  const onGone = vi.fn();
  const ctx: EventContext = { client, myId: ME, frameProjectId, routeNamesFrameProject, onGone };
  return { client, ctx, onGone };
}

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('server events -> queries', () => {
  it('member and invitation events refetch the list, the project, its members and my invitations', () => {
    const { client, ctx } = setup();
    applyServerEvent(event('member.changed', P1, { action: 'accepted' }), ctx);
    expect(stale(client, projectsKey)).toBe(true);
    expect(stale(client, membersKey(P1))).toBe(true);
    expect(stale(client, myInvitationsKey)).toBe(true);
  });

  it('someone else removed: only refetches', () => {
    const { client, ctx, onGone } = setup();
    applyServerEvent(event('member.removed', P1, { userId: OTHER }), ctx);
    expect(onGone).not.toHaveBeenCalled();
    expect(stale(client, membersKey(P1))).toBe(true);
    expect(client.getQueryData<Project[]>(projectsKey)).toHaveLength(2);
  });

  it('I was removed from the project I am looking at: drop it and leave the page', () => {
    const { client, ctx, onGone } = setup(P1, true);
    applyServerEvent(event('member.removed', P1, { userId: ME, left: false }), ctx);
    expect(client.getQueryData<Project[]>(projectsKey)?.map((p) => p.id)).toEqual([P2]);
    expect(onGone).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'removed', viewing: true, leavePage: true }),
    );
    expect(onGone.mock.calls[0]?.[0].project.name).toBe('Tower');
  });

  it('a project deleted elsewhere while another one is shown: notice only', () => {
    const { ctx, onGone } = setup(P2, false);
    applyServerEvent(event('project.deleted', P1), ctx);
    expect(onGone).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'deleted', viewing: false, leavePage: false }),
    );
  });

  it('says "left" when I left in another tab, and nothing when this tab did it', () => {
    const first = setup();
    applyServerEvent(event('member.removed', P1, { userId: ME, left: true }), first.ctx);
    expect(first.onGone).toHaveBeenCalledWith(expect.objectContaining({ reason: 'left' }));

    const second = setup();
    goneHere.add(P1);
    applyServerEvent(event('project.deleted', P1), second.ctx);
    expect(second.onGone).not.toHaveBeenCalled();
    expect(goneHere.has(P1)).toBe(false);
  });
});
