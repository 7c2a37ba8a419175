import type { Project, ProjectMember } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { openSse, type SseClient } from '../../testing/sse.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe('GET /api/events (SSE)', () => {
  let server: TestServer;
  let team: Team;
  const open: SseClient[] = [];
  const connect = async (token: string) => {
    const client = await openSse(server.url, token);
    open.push(client);
    return client;
  };
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server?.close();
  });

  it('anonymous callers and bad tokens get 401 JSON', async () => {
    const anonymous = await server.api('GET', '/api/events');
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    const bad = await server.api('GET', '/api/events', { token: 'nope' });
    expect(bad.status).toBe(401);
  });

  it('opens a text/event-stream with a retry hint', async () => {
    const client = await connect(team.member.token);
    expect(client.status).toBe(200);
    await expect.poll(() => client.raw()).toMatch(/^retry: 1000\n/);
    client.close();
  });

  it('members receive member.changed when another user acts; outsiders nothing', async () => {
    const member = await connect(team.member.token);
    const admin = await connect(team.admin.token);
    const outsider = await connect(team.outsider.token);
    await expect.poll(() => member.raw()).toContain('retry:');
    await expect.poll(() => outsider.raw()).toContain('retry:');
    const res = await server.api('POST', `/api/project/${team.project.id}/invitations`, {
      token: team.owner.token,
      body: { emails: [team.outsider.user.email], role: 'member' },
    });
    expect(res.status).toBe(200);
    const event = await member.waitFor((e) => e.type === 'member.changed');
    expect(event).toMatchObject({
      type: 'member.changed',
      projectId: team.project.id,
      data: { action: 'invited' },
    });
    expect(new Date(event.at).toString()).not.toBe('Invalid Date');
    expect(member.raw()).toContain(`id: ${event.id}\ndata: {`);
    await admin.waitFor((e) => e.id === event.id);
    // The registered invitee's "Shared with me" changes, but it sees nothing of the project.
    const invited = await outsider.waitFor((e) => e.type === 'invitation.changed');
    expect(invited.projectId).toBe(team.project.id);
    expect(outsider.events.some((e) => e.type === 'member.changed')).toBe(false);
  });

  it('project.updated, then member.removed reaches the removed user too', async () => {
    const member = await connect(team.member.token);
    const owner = await connect(team.owner.token);
    await expect.poll(() => member.raw()).toContain('retry:');
    await server.api('PUT', `/api/project/${team.project.id}`, {
      token: team.admin.token,
      body: { name: 'Renamed' },
    });
    await member.waitFor((e) => e.type === 'project.updated' && e.data.name === 'Renamed');
    const rows = await server.api<ProjectMember[]>(
      'GET',
      `/api/project/${team.project.id}/members`,
      { token: team.owner.token },
    );
    const row = rows.body.find((r) => r.user_id === team.member.user.id)!;
    await server.api('DELETE', `/api/project/${team.project.id}/members/${row.id}`, {
      token: team.admin.token,
    });
    const removed = await member.waitFor((e) => e.type === 'member.removed');
    expect(removed.data).toMatchObject({ userId: team.member.user.id });
    await owner.waitFor((e) => e.id === removed.id);
  });

  it('project.created to the creator, project.deleted to every member', async () => {
    const admin = await connect(team.admin.token);
    const owner = await connect(team.owner.token);
    await expect.poll(() => owner.raw()).toContain('retry:');
    const created = await server.api<Project>('POST', '/api/project', {
      token: team.owner.token,
      body: { name: 'Temp', description: 'to delete' },
    });
    await owner.waitFor((e) => e.type === 'project.created' && e.projectId === created.body.id);
    await server.api('DELETE', `/api/project/${team.project.id}`, {
      token: team.owner.token,
      body: { confirm: 'DELETE' },
    });
    await admin.waitFor((e) => e.type === 'project.deleted' && e.projectId === team.project.id);
  });

  it('closing the server ends open streams cleanly', async () => {
    const other = await startTestServer({ mail: 'outbox' });
    const user = await other.createUser();
    const client = await openSse(other.url, user.token);
    await expect.poll(() => client.raw()).toContain('retry:');
    await other.close();
    await client.ended;
    expect(client.raw()).toContain('retry: 1000');
  });
});
