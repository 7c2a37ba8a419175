import type { InviteResponse, ProjectMember } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, createTeam, type Team } from '../../testing/project-team.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

type Who = keyof Omit<Team, 'project'>;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('members API: list, roles, removal, leaving, invitation permissions', () => {
  let server: TestServer;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
  });
  afterAll(() => server?.close());

  const as = (who: Who) => team[who].token;
  const base = () => `/api/project/${team.project.id}`;
  const list = async (who: Who = 'owner') =>
    (await server.api<ProjectMember[]>('GET', `${base()}/members`, { token: as(who) })).body;
  const rowOf = async (who: Who) => (await list()).find((m) => m.user_id === team[who].user.id)!;

  it('lists accepted members (creator first) for every member; outsider 404, anonymous 401', async () => {
    const invite = await server.api<InviteResponse>('POST', `${base()}/invitations`, {
      token: as('owner'),
      body: { emails: ['pending.person@example.com'], role: 'member' },
    });
    expect(invite.body.invited).toBe(1);
    for (const who of ['owner', 'admin', 'member'] as const) {
      const rows = await list(who);
      expect(rows.map((r) => [r.email, r.role, r.status, r.kind, r.is_creator])).toEqual([
        [team.owner.user.email, 'owner', 'accepted', 'member', true],
        [team.admin.user.email, 'admin', 'accepted', 'member', false],
        [team.member.user.email, 'member', 'accepted', 'member', false],
        ['pending.person@example.com', 'member', 'pending', 'invitation', false],
      ]);
    }
    const rows = await list();
    expect(rows[1]!.invited_by).toMatchObject({ id: team.owner.user.id });
    expect(rows[3]!.expires_at).not.toBeNull();
    const outsider = await server.api('GET', `${base()}/members`, { token: as('outsider') });
    expect(outsider).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
    expect((await server.api('GET', `${base()}/members`)).status).toBe(401);
  });

  describe('POST /api/project/{id}/invitations (permissions and input)', () => {
    const invite = (who: Who | null, body: unknown) =>
      server.api<InviteResponse>('POST', `${base()}/invitations`, {
        token: who ? as(who) : undefined,
        body,
      });
    const body = { emails: ['someone.new@example.com'], role: 'member' };

    it('member 403 INVITE_PERMISSION_DENIED, outsider 404, anonymous 401', async () => {
      const member = await invite('member', body);
      expect(member).toMatchObject({
        status: 403,
        body: {
          code: 'INVITE_PERMISSION_DENIED',
          message: 'You do not have permission to invite members',
        },
      });
      expect((await invite('outsider', body)).status).toBe(404);
      expect((await invite(null, body)).status).toBe(401);
      expect((await list()).some((r) => r.email === 'someone.new@example.com')).toBe(false);
    });

    it('refuses unknown roles, the owner role, empty lists and lists without a valid address', async () => {
      for (const bad of [
        { emails: ['a@example.com'], role: 'owner' },
        { emails: ['a@example.com'], role: 'boss' },
        { emails: [], role: 'member' },
        { emails: ['a@example.com'] },
      ]) {
        const res = await invite('owner', bad);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      const none = await invite('admin', { emails: ['not an email', '  ', 'x@'], role: 'member' });
      expect(none).toMatchObject({
        status: 400,
        body: { code: 'NO_VALID_EMAIL', message: 'No valid email entered' },
      });
    });

    it('an admin invites admins and members', async () => {
      const res = await invite('admin', { emails: ['new.admin@example.com'], role: 'admin' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ invited: 1, failed: 0 });
    });
  });

  describe('PUT /api/project/{id}/members/{memberId}', () => {
    const put = (who: Who, memberId: string, role: unknown) =>
      server.api<ProjectMember>('PUT', `${base()}/members/${memberId}`, {
        token: as(who),
        body: { role },
      });

    it('owner and admin change roles between admin and member', async () => {
      const member = await rowOf('member');
      const promoted = await put('owner', member.id, 'admin');
      expect(promoted.status).toBe(200);
      expect(promoted.body).toMatchObject({ id: member.id, role: 'admin', kind: 'member' });
      const demoted = await put('admin', member.id, 'member');
      expect(demoted.body.role).toBe('member');
    });

    it('member 403, outsider 404, nobody changes the owner, themselves, or grants owner', async () => {
      const member = await rowOf('member');
      const owner = await rowOf('owner');
      const admin = await rowOf('admin');
      expect(await put('member', member.id, 'admin')).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
      expect((await put('outsider', member.id, 'admin')).status).toBe(404);
      const anonymous = await server.api('PUT', `${base()}/members/${member.id}`, {
        body: { role: 'admin' },
      });
      expect(anonymous.status).toBe(401);
      expect((await put('admin', owner.id, 'member')).status).toBe(403);
      expect((await put('admin', admin.id, 'member')).status).toBe(403);
      expect((await put('owner', member.id, 'owner')).status).toBe(400);
      expect((await rowOf('member')).role).toBe('member');
      expect((await rowOf('admin')).role).toBe('admin');
    });

    it('unknown ids and members of other projects are 404 MEMBER_NOT_FOUND', async () => {
      const other = await createProject(server, as('outsider'), 'Elsewhere');
      const foreign = await server.api<ProjectMember[]>('GET', `/api/project/${other.id}/members`, {
        token: as('outsider'),
      });
      for (const id of [UNKNOWN_ID, foreign.body[0]!.id]) {
        const res = await put('owner', id, 'admin');
        expect(res).toMatchObject({ status: 404, body: { code: 'MEMBER_NOT_FOUND' } });
      }
      expect((await put('owner', 'nope', 'admin')).status).toBe(400);
    });

    it("changes a pending invitation's role by its row id", async () => {
      const pending = (await list()).find((r) => r.email === 'pending.person@example.com')!;
      const res = await put('admin', pending.id, 'admin');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: 'invitation', role: 'admin', status: 'pending' });
    });
  });

  describe('DELETE /api/project/{id}/members/{memberId} and invitations', () => {
    it('a member cannot remove others; an outsider gets 404; anonymous 401', async () => {
      const admin = await rowOf('admin');
      const path = `${base()}/members/${admin.id}`;
      expect((await server.api('DELETE', path, { token: as('member') })).status).toBe(403);
      expect((await server.api('DELETE', path, { token: as('outsider') })).status).toBe(404);
      expect((await server.api('DELETE', path)).status).toBe(401);
      expect((await rowOf('admin')).status).toBe('accepted');
    });

    it('nobody removes the owner; the creator cannot leave', async () => {
      const owner = await rowOf('owner');
      const path = `${base()}/members/${owner.id}`;
      expect((await server.api('DELETE', path, { token: as('admin') })).status).toBe(403);
      const leave = await server.api('DELETE', path, { token: as('owner') });
      expect(leave).toMatchObject({
        status: 403,
        body: { code: 'CREATOR_CANNOT_LEAVE', message: 'The creator cannot leave the project' },
      });
    });

    it('cancelling invitations: member 403, admin ok, then 404 INVITATION_NOT_FOUND', async () => {
      const pending = (await list()).find((r) => r.email === 'new.admin@example.com')!;
      const path = `${base()}/invitations/${pending.id}`;
      expect((await server.api('DELETE', path, { token: as('member') })).status).toBe(403);
      expect((await server.api('DELETE', path, { token: as('outsider') })).status).toBe(404);
      expect((await server.api('DELETE', path)).status).toBe(401);
      expect((await server.api('DELETE', path, { token: as('admin') })).status).toBe(200);
      expect((await list()).some((r) => r.id === pending.id)).toBe(false);
      const again = await server.api('DELETE', path, { token: as('admin') });
      expect(again).toMatchObject({ status: 404, body: { code: 'INVITATION_NOT_FOUND' } });
      const byMemberRoute = (await list()).find((r) => r.kind === 'invitation')!;
      const removed = await server.api('DELETE', `${base()}/members/${byMemberRoute.id}`, {
        token: as('owner'),
      });
      expect(removed.status).toBe(200);
      expect((await list()).some((r) => r.kind === 'invitation')).toBe(false);
    });

    it('a member leaves by deleting their own membership; the project is gone for them', async () => {
      const member = await rowOf('member');
      const res = await server.api('DELETE', `${base()}/members/${member.id}`, {
        token: as('member'),
      });
      expect(res.status).toBe(200);
      const get = await server.api('GET', base(), { token: as('member') });
      expect(get.status).toBe(404);
      expect((await list()).some((r) => r.user_id === team.member.user.id)).toBe(false);
    });

    it('owner removes an admin; admin removes another admin', async () => {
      const extra = await server.createUser();
      const extraId = await addMember(server, team.project.id, extra.user.id, 'admin');
      expect(
        (await server.api('DELETE', `${base()}/members/${extraId}`, { token: as('admin') })).status,
      ).toBe(200);
      const admin = await rowOf('admin');
      expect(
        (await server.api('DELETE', `${base()}/members/${admin.id}`, { token: as('owner') }))
          .status,
      ).toBe(200);
      expect((await list()).map((r) => r.role)).toEqual(['owner']);
    });
  });
});
