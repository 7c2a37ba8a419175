import type { InvitationPreview, InviteResponse, Project, ProjectMember } from '@truss/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { grantPaidPlan } from '../../testing/paid-plan.ts';
import { createTeam, signIn, type Team, type TestUser } from '../../testing/project-team.ts';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

const INVALID_TEXT = 'This invitation link has expired or is invalid, please contact the inviter';

describe('invitations: mail, link, preview, accept, decline, expiry, resend, cancel', () => {
  let server: TestServer;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'smtp' });
    team = await createTeam(server);
    // These tests invite many addresses to one project: more than the Free plan's 5 members.
    await grantPaidPlan(server.db, team.owner.user.id, 'pro', server.clock());
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    if (server.mail) server.mail.failing = false;
  });

  const base = () => `/api/project/${team.project.id}`;
  const invite = (emails: string[], role = 'member', who: TestUser = team.owner, lang = 'en') =>
    server.api<InviteResponse>('POST', `${base()}/invitations`, {
      token: who.token,
      body: { emails, role },
      headers: { 'accept-language': lang },
    });
  /** The token of the newest invitation mail to `email` (waits for `count` mails). */
  const mailedToken = async (email: string, count = 1) => {
    const [mail] = await server.mail!.waitFor(email, count);
    const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    if (!token) throw new Error(`no invitation link in: ${mail!.text}`);
    return { token, mail: mail! };
  };
  const preview = (token: string) =>
    server.api<InvitationPreview>('GET', `/api/invitations/${token}`);
  const accept = (token: string, user?: TestUser) =>
    server.api<{ project_id: string }>('POST', `/api/invitations/${token}/accept`, {
      token: user?.token,
    });
  const members = async () =>
    (await server.api<ProjectMember[]>('GET', `${base()}/members`, { token: team.owner.token }))
      .body;

  it('invites per address, mails a link, and the link previews, then accepts once', async () => {
    const invitee = await server.createUser();
    await server.db
      .updateTable('users')
      .set({ language: 'zh-CN' })
      .where('id', '=', invitee.user.id)
      .execute();
    const stranger = uniqueEmail('stranger');
    const res = await invite([
      `  ${invitee.user.email.toUpperCase()} `,
      invitee.user.email,
      stranger,
      'not-an-email',
      team.member.user.email,
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { email: invitee.user.email, status: 'invited', code: null, message: null },
      { email: stranger, status: 'invited', code: null, message: null },
      {
        email: 'not-an-email',
        status: 'invalid',
        code: 'EMAIL_INVALID',
        message: 'Please enter a valid email address',
      },
      {
        email: team.member.user.email,
        status: 'already_member',
        code: 'MEMBER_ALREADY_ADDED',
        message: 'This address has already been added to the project',
      },
    ]);
    expect(res.body).toMatchObject({ invited: 2, failed: 2 });

    // The registered invitee reads Chinese (their profile); the stranger the inviter's language.
    const { token, mail } = await mailedToken(invitee.user.email);
    expect(mail.subject).toBe('您收到一个 Truss 项目邀请');
    expect(mail.text).toContain('项目「Tower A」');
    expect(mail.text).toContain('http://127.0.0.1/invite?token=');
    const strangerMail = await mailedToken(stranger);
    expect(strangerMail.mail.subject).toBe('You are invited to a project on Truss');
    expect(strangerMail.mail.text).toContain('to join the project "Tower A"');
    expect(token.length).toBeGreaterThanOrEqual(43);

    // Only a hash is stored.
    const rows = await server.db.selectFrom('project_invitations').selectAll().execute();
    expect(rows.some((row) => JSON.stringify(row).includes(token))).toBe(false);

    const shown = await preview(token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      project: { id: team.project.id, name: 'Tower A' },
      role: 'member',
      email: invitee.user.email,
      status: 'pending',
    });
    // Whoever holds the link learns the inviter's display name (null without one), never the
    // inviter's address (issue 35): the web app then says "A project member".
    const ownerRow = await server.db
      .selectFrom('users')
      .select(['full_name', 'first_name', 'last_name'])
      .where('id', '=', team.owner.user.id)
      .executeTakeFirstOrThrow();
    const ownerNamed = !!(ownerRow.full_name || ownerRow.first_name || ownerRow.last_name);
    expect(shown.body.inviter.name === null).toBe(!ownerNamed);
    expect(JSON.stringify(shown.body)).not.toContain(team.owner.user.email);
    // With a display name, the preview shows it; without one, null (never the address).
    const names = { full_name: 'Olivia Owner', first_name: null, last_name: null };
    await server.db.updateTable('users').set(names).where('id', '=', team.owner.user.id).execute();
    expect((await preview(token)).body.inviter).toEqual({ name: 'Olivia Owner' });
    await server.db
      .updateTable('users')
      .set({ full_name: null, first_name: null, last_name: null })
      .where('id', '=', team.owner.user.id)
      .execute();
    const nameless = await preview(token);
    expect(nameless.body.inviter).toEqual({ name: null });
    expect(JSON.stringify(nameless.body)).not.toContain(team.owner.user.email);
    await server.db
      .updateTable('users')
      .set(ownerRow)
      .where('id', '=', team.owner.user.id)
      .execute();

    const again = await invite([invitee.user.email]);
    expect(again.body.results[0]).toMatchObject({
      status: 'already_invited',
      code: 'INVITATION_ALREADY_PENDING',
    });
    const zh = await invite([invitee.user.email], 'member', team.owner, 'zh-CN');
    expect(zh.body.results[0]!.message).toBe('已向该邮箱发送过邀请，正在等待回应');

    expect((await accept(token)).status).toBe(401);
    const accepted = await accept(token, invitee);
    expect(accepted).toMatchObject({ status: 200, body: { project_id: team.project.id } });
    const projects = await server.api<Project[]>('GET', '/api/project', { token: invitee.token });
    expect(projects.body.find((p) => p.id === team.project.id)).toMatchObject({ role: 'member' });
    const row = (await members()).find((m) => m.email === invitee.user.email)!;
    expect(row).toMatchObject({ kind: 'member', status: 'accepted', role: 'member' });
    expect(row.invited_by).toMatchObject({ email: team.owner.user.email });

    // Idempotent for the member, single use for anyone else.
    expect((await accept(token, invitee)).body).toEqual({ project_id: team.project.id });
    const reused = await accept(token, team.outsider);
    expect(reused).toMatchObject({
      status: 410,
      body: { code: 'INVITATION_INVALID', message: INVALID_TEXT },
    });
    expect((await preview(token)).status).toBe(410);
  });

  it('unknown and malformed links: 404 INVITATION_INVALID, 400 for an absurd token', async () => {
    const unknown = await preview('A'.repeat(43));
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: 'INVITATION_INVALID', message: INVALID_TEXT },
    });
    const zh = await server.api('GET', `/api/invitations/${'B'.repeat(43)}`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toMatchObject({ message: '邀请链接已过期或无效，请联系邀请人' });
    expect((await accept('C'.repeat(43), team.outsider)).status).toBe(404);
    const absurd = await preview('x'.repeat(201));
    expect(absurd.status).toBe(400);
    expect(absurd.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('a link expires after 7 days; inviting again renews it with a new link', async () => {
    const email = uniqueEmail('late');
    await invite([email]);
    const { token } = await mailedToken(email);
    server.clock.advance(7 * 24 * 3600 + 1);
    try {
      expect(await preview(token)).toMatchObject({
        status: 410,
        body: { code: 'INVITATION_INVALID' },
      });
      const owner = await signIn(server, team.owner);
      const outsider = await signIn(server, team.outsider);
      expect((await accept(token, outsider)).status).toBe(410);
      const renewed = await invite([email], 'admin', owner);
      expect(renewed.body.results[0]!.status).toBe('invited');
      const fresh = await mailedToken(email, 2);
      expect(fresh.token).not.toBe(token);
      expect((await preview(token)).status).toBe(404);
      expect((await preview(fresh.token)).body).toMatchObject({ role: 'admin', status: 'pending' });
      team.owner = owner;
      team.outsider = outsider;
    } finally {
      server.clock.set(new Date());
    }
    team.owner = await signIn(server, team.owner);
    team.outsider = await signIn(server, team.outsider);
  });

  it('resend: new link, at most once a minute (429 + Retry-After); only managers', async () => {
    const email = uniqueEmail('resend');
    await invite([email]);
    const first = await mailedToken(email);
    const row = (await members()).find((m) => m.email === email)!;
    const path = `${base()}/invitations/${row.id}/resend`;
    const soon = await server.api('POST', path, { token: team.owner.token });
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(50);
    expect((await server.api('POST', path, { token: team.member.token })).status).toBe(403);
    expect((await server.api('POST', path, { token: team.outsider.token })).status).toBe(404);
    expect((await server.api('POST', path)).status).toBe(401);

    server.clock.advance(61);
    const resent = await server.api<ProjectMember>('POST', path, { token: team.admin.token });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: row.id, kind: 'invitation', status: 'pending' });
    const second = await mailedToken(email, 2);
    expect(second.token).not.toBe(first.token);
    expect((await preview(first.token)).status).toBe(404);
    expect((await preview(second.token)).status).toBe(200);
    expect(
      (
        await server.api('POST', `${base()}/invitations/${team.project.id}/resend`, {
          token: team.owner.token,
        })
      ).status,
    ).toBe(404);
  });

  it('a cancelled invitation link stops working', async () => {
    const email = uniqueEmail('cancel');
    await invite([email]);
    const { token } = await mailedToken(email);
    const row = (await members()).find((m) => m.email === email)!;
    const res = await server.api('DELETE', `${base()}/invitations/${row.id}`, {
      token: team.admin.token,
    });
    expect(res.status).toBe(200);
    expect((await preview(token)).status).toBe(410);
    expect((await accept(token, team.outsider)).status).toBe(410);
    expect((await members()).some((m) => m.email === email)).toBe(false);
  });

  it('declining by link (no sign-in needed) leaves a rejected row; the link is used up', async () => {
    const email = uniqueEmail('decline');
    await invite([email]);
    const { token } = await mailedToken(email);
    const res = await server.api('POST', `/api/invitations/${token}/decline`);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await members()).find((m) => m.email === email)).toMatchObject({
      kind: 'invitation',
      status: 'rejected',
    });
    expect((await preview(token)).status).toBe(410);
    expect((await accept(token, team.outsider)).status).toBe(410);
    expect((await server.api('POST', `/api/invitations/${token}/decline`)).status).toBe(410);
  });

  it('"Shared with me": my pending invitations, answered by id; not by someone else', async () => {
    const me = await server.createUser();
    await invite([me.user.email], 'admin');
    const mine = await server.api<(InvitationPreview & { id: string })[]>(
      'GET',
      '/api/user/invitations',
      { token: me.token },
    );
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({ project: { id: team.project.id }, role: 'admin' });
    const id = mine.body[0]!.id;
    const other = await server.api('POST', `/api/user/invitations/${id}/accept`, {
      token: team.outsider.token,
    });
    expect(other).toMatchObject({ status: 404, body: { code: 'INVITATION_NOT_FOUND' } });
    expect((await server.api('GET', '/api/user/invitations')).status).toBe(401);

    const res = await server.api('POST', `/api/invitations/${id}/accept`, { token: me.token });
    expect(res).toMatchObject({ status: 200, body: { project_id: team.project.id } });
    expect((await members()).find((m) => m.user_id === me.user.id)?.role).toBe('admin');
    const after = await server.api<unknown[]>('GET', '/api/user/invitations', { token: me.token });
    expect(after.body).toHaveLength(0);

    const next = await server.createUser();
    await invite([next.user.email]);
    const [pending] = (
      await server.api<{ id: string }[]>('GET', '/api/user/invitations', { token: next.token })
    ).body;
    const declined = await server.api('POST', `/api/user/invitations/${pending!.id}/decline`, {
      token: next.token,
    });
    expect(declined.status).toBe(200);
    expect((await members()).find((m) => m.email === next.user.email)?.status).toBe('rejected');
  });

  it('accepting with another account than the invited one is allowed (the page warns)', async () => {
    const invited = uniqueEmail('invited');
    await invite([invited]);
    const { token } = await mailedToken(invited);
    const other = await server.createUser();
    const res = await accept(token, other);
    expect(res.status).toBe(200);
    expect((await members()).find((m) => m.user_id === other.user.id)?.status).toBe('accepted');
    expect((await members()).some((m) => m.email === invited)).toBe(false);
  });

  it('a mail that cannot be sent is reported per address and can be resent at once', async () => {
    const email = uniqueEmail('bounce');
    server.mail!.failing = true;
    const res = await invite([email]);
    expect(res.body.results[0]).toMatchObject({
      status: 'failed',
      code: 'INVITATION_MAIL_FAILED',
    });
    server.mail!.failing = false;
    const row = (await members()).find((m) => m.email === email)!;
    const resent = await server.api('POST', `${base()}/invitations/${row.id}/resend`, {
      token: team.owner.token,
    });
    expect(resent.status).toBe(200);
    await mailedToken(email);
  });
});
