import type {
  Pin,
  CommentPage,
  Topic,
  TopicComment,
  TopicList,
  TopicWithComments,
} from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team, type TestUser } from '../../testing/project-team.ts';
import { openSse } from '../../testing/sse.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createIssue, PNG_1PX, viewpoint } from './test-fixture.ts';

describe('topics: member routes', () => {
  let server: TestServer;
  let team: Team;
  const path = () => `/api/project/${team.project.id}/topics`;

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
  });
  afterAll(() => server?.close());

  it('every member creates; an outsider gets 404', async () => {
    for (const user of [team.owner, team.admin, team.member]) {
      const topic = await createIssue(server, user.token, team.project.id, { title: 'by role' });
      expect(topic.author.user_id).toBe(user.user.id);
      expect(topic.status).toBe('Open');
    }
    const res = await server.api('POST', path(), {
      token: team.outsider.token,
      body: { kind: 'issue', title: 'x' },
    });
    expect(res.status).toBe(404);
    const list = await server.api('GET', path(), { token: team.outsider.token });
    expect(list.status).toBe(404);
  });

  it('numbers topics per project and keeps pin, viewpoint and snapshot', async () => {
    const first = await createIssue(server, team.member.token, team.project.id, {
      pin: { position: { x: 1, y: 2, z: 3 }, elementId: 7, globalId: '1hOSvn6df7F8_7GcBWlRGQ' },
      viewpoints: [viewpoint()],
      labels: ['MEP', 'Level 2'],
      priority: 'High',
      dueDate: '2030-01-02T00:00:00.000Z',
    });
    const second = await createIssue(server, team.member.token, team.project.id);
    expect(second.number).toBe(first.number + 1);
    expect((first.pin as Pin | null)?.globalId).toBe('1hOSvn6df7F8_7GcBWlRGQ');
    expect(first.viewpoints).toHaveLength(1);
    const vp = first.viewpoints[0]!;
    expect(vp.camera?.fieldOfView).toBe(60);
    expect(vp.snapshot_url).toBe(`/api/viewpoints/${vp.id}/snapshot`);
    const image = await fetch(`${server.url}${vp.snapshot_url}`, {
      headers: { authorization: `Bearer ${team.admin.token}` },
    });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    const outsider = await server.api('GET', vp.snapshot_url!, { token: team.outsider.token });
    expect(outsider.status).toBe(404);
  });

  it('refuses NUL bytes, too long text, a non-PNG snapshot, unknown types and non-member assignees', async () => {
    const bad = [
      { kind: 'issue', title: 'a\u0000b' },
      { kind: 'issue', title: 'x'.repeat(256) },
      { kind: 'issue', title: 'ok', description: 'y'.repeat(10_001) },
      { kind: 'issue', title: 'ok', viewpoints: [viewpoint({ snapshotBase64: 'aGVsbG8=' })] },
      { kind: 'issue', title: 'ok', type: 'Nonsense' },
      { kind: 'issue', title: 'ok', assigneeId: team.outsider.user.id },
      { kind: 'bogus', title: 'ok' },
    ];
    for (const body of bad) {
      const res = await server.api('POST', path(), { token: team.owner.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('admins extend the type list; members cannot', async () => {
    const denied = await server.api('POST', `/api/project/${team.project.id}/topic-types`, {
      token: team.member.token,
      body: { name: 'Safety' },
    });
    expect(denied.status).toBe(403);
    const added = await server.api<{ types: string[] }>(
      'POST',
      `/api/project/${team.project.id}/topic-types`,
      { token: team.admin.token, body: { name: 'Safety' } },
    );
    expect(added.body.types).toEqual(['Issue', 'Request', 'Clash', 'Remark', 'Safety']);
    await createIssue(server, team.member.token, team.project.id, { type: 'Safety' });
  });

  describe('who changes what', () => {
    let byOwner: Topic;
    const patch = (user: TestUser, body: Record<string, unknown>, topic = byOwner) =>
      server.api<Topic>('PATCH', `/api/topics/${topic.id}`, { token: user.token, body });

    beforeAll(async () => {
      byOwner = await createIssue(server, team.owner.token, team.project.id);
    });

    it("a member may not edit, assign or change the status of another's unassigned issue", async () => {
      expect((await patch(team.member, { title: 'mine now' })).status).toBe(403);
      expect((await patch(team.member, { assigneeId: team.member.user.id })).status).toBe(403);
      expect((await patch(team.member, { status: 'Resolved' })).status).toBe(403);
      expect((await patch(team.outsider, { status: 'Resolved' })).status).toBe(404);
    });

    it('the admin assigns; the assigned member then changes the status, nothing else', async () => {
      const assigned = await patch(team.admin, { assigneeId: team.member.user.id });
      expect(assigned.status).toBe(200);
      expect(assigned.body.assignee_id).toBe(team.member.user.id);
      const resolved = await patch(team.member, { status: 'Resolved' });
      expect(resolved.status).toBe(200);
      expect(resolved.body.status).toBe('Resolved');
      expect((await patch(team.member, { status: 'Closed', title: 'x' })).status).toBe(403);
    });

    it('members edit their own issues completely', async () => {
      const own = await createIssue(server, team.member.token, team.project.id);
      const res = await patch(
        team.member,
        { title: 'Renamed', priority: 'Critical', labels: ['A'], stage: 'Design', dueDate: null },
        own,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Renamed', priority: 'Critical', labels: ['A'] });
      expect((await patch(team.member, {}, own)).status).toBe(400);
    });

    it('delete: own or admin; 404 afterwards', async () => {
      const other = await createIssue(server, team.admin.token, team.project.id);
      expect(
        (await server.api('DELETE', `/api/topics/${other.id}`, { token: team.member.token }))
          .status,
      ).toBe(403);
      expect(
        (await server.api('DELETE', `/api/topics/${other.id}`, { token: team.owner.token })).status,
      ).toBe(204);
      expect(
        (await server.api('GET', `/api/topics/${other.id}`, { token: team.owner.token })).status,
      ).toBe(404);
    });
  });

  it('comments: mentions of members stored, edit marks edited, own or admin may delete', async () => {
    const topic = await createIssue(server, team.owner.token, team.project.id);
    const text = `@[Admin](${team.admin.user.id}) and @[Out](${team.outsider.user.id}) look`;
    const created = await server.api<TopicComment>('POST', `/api/topics/${topic.id}/comments`, {
      token: team.member.token,
      body: { text, viewpoint: viewpoint() },
    });
    expect(created.status).toBe(201);
    expect(created.body.mentions).toEqual([team.admin.user.id]);
    expect(created.body.viewpoint_id).not.toBeNull();
    const commentPath = `/api/comments/${created.body.id}`;
    const byOwner = await server.api('PATCH', commentPath, {
      token: team.admin.token,
      body: { text: 'moderated' },
    });
    expect(byOwner.status).toBe(200);
    const edited = await server.api<TopicComment>('PATCH', commentPath, {
      token: team.member.token,
      body: { text: 'better words' },
    });
    expect(edited.body).toMatchObject({ text: 'better words', edited: true });
    const nul = await server.api('PATCH', commentPath, {
      token: team.member.token,
      body: { text: 'a\u0000' },
    });
    expect(nul.status).toBe(400);
    const other = await createTeam(server);
    const stranger = await server.api('DELETE', commentPath, { token: other.owner.token });
    expect(stranger.status).toBe(404);
    const full = await server.api<TopicWithComments>('GET', `/api/topics/${topic.id}`, {
      token: team.member.token,
    });
    expect(full.body.comments).toHaveLength(1);
    expect(full.body.viewpoints).toHaveLength(1);
    const deleted = await server.api('DELETE', commentPath, { token: team.owner.token });
    expect(deleted.status).toBe(204);
    // A page of the thread now (was the whole thread as a bare array).
    const list = await server.api<CommentPage>('GET', `/api/topics/${topic.id}/comments`, {
      token: team.member.token,
    });
    expect(list.body).toEqual({ comments: [], total: 0, before: null, after: null });
  });

  it('lists with filters, sort and search', async () => {
    const fresh = await createTeam(server);
    const id = fresh.project.id;
    const a = await createIssue(server, fresh.owner.token, id, {
      title: 'Alpha wall',
      labels: ['arch'],
      priority: 'Low',
      assigneeId: fresh.member.user.id,
      dueDate: '2030-01-01T00:00:00Z',
    });
    await createIssue(server, fresh.owner.token, id, {
      title: 'Beta duct',
      type: 'Clash',
      priority: 'Critical',
    });
    await server.api('POST', `/api/project/${id}/topics`, {
      token: fresh.member.token,
      body: { kind: 'comment', title: 'Gamma note' },
    });
    const list = async (query: string) =>
      (
        await server.api<TopicList>('GET', `/api/project/${id}/topics?${query}`, {
          token: fresh.member.token,
        })
      ).body.topics.map((topic) => topic.title);
    const page = async (query: string) =>
      (
        await server.api<TopicList>('GET', `/api/project/${id}/topics?${query}`, {
          token: fresh.member.token,
        })
      ).body;
    expect(await list('kind=comment')).toEqual(['Gamma note']);
    expect(await list('type=Clash')).toEqual(['Beta duct']);
    expect(await list(`assignee=${fresh.member.user.id}`)).toEqual(['Alpha wall']);
    expect((await list('assignee=none')).sort()).toEqual(['Beta duct', 'Gamma note']);
    expect(await list('label=arch')).toEqual(['Alpha wall']);
    expect(await list('q=duct')).toEqual(['Beta duct']);
    expect(await list(`q=%23${a.number}`)).toEqual(['Alpha wall']);
    expect(await list('dueBefore=2031-01-01T00:00:00Z')).toEqual(['Alpha wall']);
    // No due date: the others; with a due range too, nothing can match both.
    expect((await list('due=none')).sort()).toEqual(['Beta duct', 'Gamma note']);
    expect(await list('due=none&kind=issue')).toEqual(['Beta duct']);
    expect(await list('due=none&dueBefore=2031-01-01T00:00:00Z')).toEqual([]);
    expect((await page('due=none&limit=1')).total).toBe(2);
    expect(
      (
        await server.api('GET', `/api/project/${id}/topics?due=soon`, {
          token: fresh.member.token,
        })
      ).status,
    ).toBe(400);
    expect(await list('kind=issue&sort=priority&order=desc')).toEqual(['Beta duct', 'Alpha wall']);
    expect(await list('sort=number&order=asc')).toEqual(['Alpha wall', 'Beta duct', 'Gamma note']);
    expect(await list('status=Open,In%20Progress&limit=1')).toHaveLength(1);
    // The total counts every match, on a page, past the last page and with none at all.
    expect((await page('limit=1&offset=1')).total).toBe(3);
    expect(await page('kind=issue&offset=5')).toEqual({ total: 2, topics: [] });
    expect(await page('q=nothing-like-this')).toEqual({ total: 0, topics: [] });
  });

  it('publishes topic and comment events to members', async () => {
    const sse = await openSse(server.url, team.member.token);
    try {
      const topic = await createIssue(server, team.owner.token, team.project.id);
      await sse.waitFor((e) => e.type === 'topic.created' && e.data.topicId === topic.id);
      await server.api('POST', `/api/topics/${topic.id}/comments`, {
        token: team.admin.token,
        body: { text: 'hello' },
      });
      await sse.waitFor((e) => e.type === 'comment.created' && e.data.topicId === topic.id);
      await server.api('PATCH', `/api/topics/${topic.id}`, {
        token: team.owner.token,
        body: { status: 'Closed' },
      });
      const updated = await sse.waitFor((e) => e.type === 'topic.updated');
      expect(updated.data).toMatchObject({ topicId: topic.id, status: 'Closed' });
      await server.api('DELETE', `/api/topics/${topic.id}`, { token: team.owner.token });
      await sse.waitFor((e) => e.type === 'topic.deleted' && e.data.topicId === topic.id);
    } finally {
      sse.close();
    }
  });
});
