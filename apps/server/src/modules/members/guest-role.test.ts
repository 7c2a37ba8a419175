import type {
  InviteResponse,
  Model,
  ModelVersion,
  Project,
  ProjectMember,
  SavedView,
  Topic,
  TopicComment,
  TopicList,
  TopicWithComments,
} from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type TestUser } from '../../testing/project-team.ts';
import { createShareTeam, startShareServer, type ShareTeam } from '../../testing/share-fixture.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { tusUpload } from '../../testing/uploads.ts';

/**
 * The guest role over HTTP (issue 35): invited as a guest, a client sees the models and topics,
 * comments and resolves what is assigned to them, but never the member list or an address, and
 * cannot invite, upload or share. The team's accounts have no display name, so every name the
 * server knows for them is their e-mail address: exactly what a guest must not see.
 */
async function createIssue(
  server: TestServer,
  token: string,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Topic> {
  const res = await server.api<Topic>('POST', `/api/project/${projectId}/topics`, {
    token,
    body: { kind: 'issue', ...body },
  });
  if (res.status !== 201) throw new Error(`create topic failed: ${res.status} ${res.text}`);
  return res.body;
}

describe('guest role', () => {
  let server: TestServer;
  let team: ShareTeam;
  let guest: TestUser;
  const base = () => `/api/project/${team.project.id}`;
  const noAddress = (value: unknown) => expect(JSON.stringify(value)).not.toMatch(/@example\.com/);

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
    guest = await server.createUser();
    // Through the real invitation: owner invites the address as guest, the guest accepts.
    const invite = await server.api<InviteResponse>('POST', `${base()}/invitations`, {
      token: team.owner.token,
      body: { emails: [guest.user.email], role: 'guest' },
    });
    expect(invite.body.invited).toBe(1);
    const mine = await server.api<{ id: string; role: string }[]>('GET', '/api/user/invitations', {
      token: guest.token,
    });
    expect(mine.body.map((i) => i.role)).toEqual(['guest']);
    const accepted = await server.api('POST', `/api/user/invitations/${mine.body[0]!.id}/accept`, {
      token: guest.token,
    });
    expect(accepted.status).toBe(200);
  }, 60_000);
  afterAll(() => server?.close());

  it('joins as guest and sees the project without its creator’s address', async () => {
    const project = await server.api<Project>('GET', base(), { token: guest.token });
    expect(project.body).toMatchObject({ role: 'guest', creator: { email: null } });
    const list = await server.api<Project[]>('GET', '/api/project', { token: guest.token });
    expect(list.body.find((p) => p.id === team.project.id)?.creator.email).toBeNull();
    // The team still sees it.
    const owner = await server.api<Project>('GET', base(), { token: team.member.token });
    expect(owner.body.creator.email).toBe(team.owner.user.email);
  });

  it('is refused the member list with a stable code, in the caller’s language', async () => {
    const en = await server.api('GET', `${base()}/members`, { token: guest.token });
    expect(en).toMatchObject({
      status: 403,
      body: { code: 'MEMBER_LIST_HIDDEN', message: 'Guests cannot see the members of a project' },
    });
    const zh = await server.api('GET', `${base()}/members`, {
      token: guest.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh).toMatchObject({
      status: 403,
      body: { code: 'MEMBER_LIST_HIDDEN', message: '访客无法查看项目成员' },
    });
    // The team lists the guest with their role.
    const rows = await server.api<ProjectMember[]>('GET', `${base()}/members`, {
      token: team.member.token,
    });
    expect(rows.body.find((m) => m.user_id === guest.user.id)?.role).toBe('guest');
  });

  it('cannot invite, upload, share or export BCF', async () => {
    const invite = await server.api('POST', `${base()}/invitations`, {
      token: guest.token,
      body: { emails: ['friend@example.org'], role: 'guest' },
    });
    expect(invite.status).toBe(403);
    const upload = await tusUpload(Buffer.from('o x\nv 0 0 0\n'), {
      baseUrl: server.url,
      token: guest.token,
      projectId: team.project.id,
      filename: 'mine.obj',
    });
    expect(upload.modelId).toBeFalsy();
    const share = await server.api('POST', '/api/shares', {
      token: guest.token,
      body: { modelId: team.model.id, type: 'public', expiration: 'never' },
    });
    expect(share.status).toBe(403);
    const bcf = await server.api('GET', `${base()}/bcf`, { token: guest.token });
    expect(bcf.status).toBe(403);
    const models = await server.api<Model[]>('GET', `${base()}/models`, { token: guest.token });
    expect(models.body.map((m) => m.id)).toEqual([team.model.id]);
  });

  it('sees models and versions with their creators but no address', async () => {
    const models = await server.api<Model[]>('GET', `${base()}/models`, { token: guest.token });
    expect(models.body[0]!.creator).toMatchObject({ id: team.owner.user.id, email: null });
    const model = await server.api<Model>('GET', `/api/models/${team.model.id}`, {
      token: guest.token,
    });
    expect(model.body.creator?.email).toBeNull();
    const versions = await server.api<ModelVersion[]>(
      'GET',
      `/api/models/${team.model.id}/versions`,
      { token: guest.token },
    );
    expect(versions.status).toBe(200);
    noAddress(versions.body);
    const forOwner = await server.api<Model>('GET', `/api/models/${team.model.id}`, {
      token: team.owner.token,
    });
    expect(forOwner.body.creator?.email).toBe(team.owner.user.email);
  });

  it('changes the status of an issue assigned to them and comments; edits nothing else', async () => {
    const mention = `@[${team.admin.user.email}](${team.admin.user.id})`;
    const assigned = await createIssue(server, team.member.token, team.project.id, {
      title: 'Handrail height',
      description: `Please check, ${mention} or write to ${team.member.user.email}`,
      assigneeId: guest.user.id,
    });
    const other = await createIssue(server, team.member.token, team.project.id, {
      title: 'Not theirs',
    });
    const patch = (id: string, body: unknown) =>
      server.api<Topic>('PATCH', `/api/topics/${id}`, { token: guest.token, body });

    const resolved = await patch(assigned.id, { status: 'Resolved' });
    expect(resolved).toMatchObject({ status: 200, body: { status: 'Resolved' } });
    noAddress(resolved.body);
    expect((await patch(assigned.id, { title: 'Renamed' })).status).toBe(403);
    expect((await patch(assigned.id, { assigneeId: null })).status).toBe(403);
    expect((await patch(other.id, { status: 'Closed' })).status).toBe(403);
    const deleted = await server.api('DELETE', `/api/topics/${assigned.id}`, {
      token: guest.token,
    });
    expect(deleted.status).toBe(403);

    const comment = await server.api<TopicComment>('POST', `/api/topics/${assigned.id}/comments`, {
      token: guest.token,
      body: { text: 'Fixed on site' },
    });
    expect(comment.status).toBe(201);
    noAddress(comment.body);
    await server.api('POST', `/api/topics/${assigned.id}/comments`, {
      token: team.member.token,
      body: { text: `Thanks, cc ${mention}` },
    });

    // Every way a guest reads topics: no address, authors as '' (the app's neutral label).
    const detail = await server.api<TopicWithComments>('GET', `/api/topics/${assigned.id}`, {
      token: guest.token,
    });
    noAddress(detail.body);
    expect(detail.body.author).toEqual({ user_id: team.member.user.id, name: '' });
    expect(detail.body.description).toContain(`(${team.admin.user.id})`);
    expect(detail.body.comments.map((c) => c.text)).toContain('Fixed on site');
    const list = await server.api<TopicList>('GET', `${base()}/topics`, { token: guest.token });
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    noAddress(list.body);
    const page = await server.api('GET', `/api/topics/${assigned.id}/comments`, {
      token: guest.token,
    });
    noAddress(page.body);
    // The team reads the same topic with addresses where no name exists.
    const forMember = await server.api<TopicWithComments>('GET', `/api/topics/${assigned.id}`, {
      token: team.member.token,
    });
    expect(forMember.body.author.name).toBe(team.member.user.email);
    expect(forMember.body.description).toContain(team.member.user.email);
  });

  it('raises topics but assigns nobody', async () => {
    const own = await createIssue(server, guest.token, team.project.id, { title: 'Client note' });
    expect(own.author.user_id).toBe(guest.user.id);
    const edited = await server.api('PATCH', `/api/topics/${own.id}`, {
      token: guest.token,
      body: { title: 'Client note, edited' },
    });
    expect(edited.status).toBe(200);
    const assigning = await server.api('POST', `${base()}/topics`, {
      token: guest.token,
      body: { kind: 'issue', title: 'For the member', assigneeId: team.member.user.id },
    });
    expect(assigning.status).toBe(403);
  });

  it('sees saved views without their authors’ addresses', async () => {
    const created = await server.api('POST', `/api/models/${team.model.id}/views`, {
      token: team.member.token,
      body: { name: 'Level 2', state: 'eyJjIjpbMCwwLDBdfQ' },
    });
    expect(created.status).toBe(201);
    const views = await server.api<SavedView[]>('GET', `/api/models/${team.model.id}/views`, {
      token: guest.token,
    });
    expect(views.body.map((v) => [v.name, v.author_name])).toEqual([['Level 2', '']]);
  });

  it('owners and admins move people to and from guest; a member cannot; bad roles are 400', async () => {
    const user = await server.createUser();
    const membership = await addMember(server, team.project.id, user.user.id, 'member');
    const setRole = (token: string, role: string) =>
      server.api<ProjectMember>('PUT', `${base()}/members/${membership}`, {
        token,
        body: { role },
      });
    expect((await setRole(team.member.token, 'guest')).status).toBe(403);
    expect(await setRole(team.admin.token, 'guest')).toMatchObject({
      status: 200,
      body: { role: 'guest' },
    });
    const asGuest = await server.api('GET', `${base()}/members`, { token: user.token });
    expect(asGuest.status).toBe(403);
    expect((await setRole(team.owner.token, 'member')).body.role).toBe('member');
    const asMember = await server.api('GET', `${base()}/members`, { token: user.token });
    expect(asMember.status).toBe(200);
    const bad = await setRole(team.owner.token, 'visitor');
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    const guestChanges = await server.api('PUT', `${base()}/members/${membership}`, {
      token: guest.token,
      body: { role: 'guest' },
    });
    expect(guestChanges.status).toBe(403);
  });

  it('leaves the project on their own, by membership id or by their user id', async () => {
    for (const by of ['membership', 'user'] as const) {
      const user = await server.createUser();
      const membership = await addMember(server, team.project.id, user.user.id, 'guest');
      const id = by === 'membership' ? membership : user.user.id;
      const left = await server.api('DELETE', `${base()}/members/${id}`, { token: user.token });
      expect(left.status).toBe(200);
      expect((await server.api('GET', base(), { token: user.token })).status).toBe(404);
    }
    // Someone else's user id is no membership id: nothing is removed.
    const other = await server.api('DELETE', `${base()}/members/${team.member.user.id}`, {
      token: team.admin.token,
    });
    expect(other.status).toBe(404);
    const project = await server.api('GET', base(), { token: team.member.token });
    expect(project.status).toBe(200);
  });
});
