import type { DevMail, InviteResponse, ProjectMember } from '@truss/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { grantPaidPlan } from '../../testing/paid-plan.ts';
import { addMember, createTeam, type Team, type TestUser } from '../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';

/** The `member_changes` mails: role changed or removed by someone else, read from the outbox. */
describe(`member change mails (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
    // These tests invite many addresses to one project: more than the Free plan's 5 members.
    await grantPaidPlan(server.db, team.owner.user.id, 'pro', server.clock());
    await server.db
      .updateTable('users')
      .set({ full_name: 'Olivia Owner' })
      .where('id', '=', team.owner.user.id)
      .execute();
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await server.api('DELETE', '/api/dev/mail');
  });

  const base = () => `/api/project/${team.project.id}`;
  const mailsTo = async (user: TestUser) =>
    (await server.api<DevMail[]>('GET', `/api/dev/mail?to=${encodeURIComponent(user.user.email)}`))
      .body;
  const allMails = async () => (await server.api<DevMail[]>('GET', '/api/dev/mail')).body;
  const newMember = async (role: 'admin' | 'member' = 'member') => {
    const user = await server.createUser();
    const id = await addMember(server, team.project.id, user.user.id, role, team.owner.user.id);
    await server.api('DELETE', '/api/dev/mail'); // the sign-up code
    return { user, id };
  };
  const setRole = (by: TestUser, memberId: string, role: string) =>
    server.api<ProjectMember>('PUT', `${base()}/members/${memberId}`, {
      token: by.token,
      body: { role },
    });
  const remove = (by: TestUser, memberId: string) =>
    server.api('DELETE', `${base()}/members/${memberId}`, { token: by.token });

  it('a role change mails the member: who, which project, the new role, a link to the project', async () => {
    const { user, id } = await newMember();
    expect((await setRole(team.owner, id, 'admin')).status).toBe(200);

    const mails = await mailsTo(user);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Your role in a Truss project changed');
    expect(mail!.text).toContain(
      `Olivia Owner changed your role in the project "${team.project.name}" to admin.`,
    );
    expect(mail!.text).toContain(`http://127.0.0.1/project/${team.project.id}`);
    expect(mail!.html).toContain(`href="http://127.0.0.1/project/${team.project.id}"`);
    // nobody else is mailed
    expect(await allMails()).toHaveLength(1);

    // back to member, by an admin (named by their address: no name set)
    expect((await setRole(team.admin, id, 'member')).status).toBe(200);
    const again = await mailsTo(user);
    expect(again).toHaveLength(2);
    expect(again[0]!.subject).toBe('Your role in a Truss project changed');
    expect(again[0]!.text).toContain(`"${team.project.name}" to member.`);
    expect(again[0]!.text).toContain(`${team.admin.user.email} changed your role`);
  });

  it('setting the role a member already has mails nothing', async () => {
    const { id } = await newMember('member');
    expect((await setRole(team.owner, id, 'member')).status).toBe(200);
    expect(await allMails()).toHaveLength(0);
  });

  it('a removal mails the member, with a link to their models', async () => {
    const { user, id } = await newMember('admin');
    expect((await remove(team.owner, id)).status).toBe(200);

    const mails = await mailsTo(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You were removed from a Truss project');
    expect(mails[0]!.text).toContain(
      `Olivia Owner removed you from the project "${team.project.name}".`,
    );
    expect(mails[0]!.text).toContain('Open your models: http://127.0.0.1/models\n');
    expect(await allMails()).toHaveLength(1);
  });

  it('leaving on one’s own mails nobody', async () => {
    const { user, id } = await newMember();
    const leave = await server.api('DELETE', `${base()}/members/${id}`, { token: user.token });
    expect(leave.status).toBe(200);
    expect(await allMails()).toHaveLength(0);
  });

  it('a member who turned member_changes off gets no mail; the change still happens', async () => {
    const { user, id } = await newMember();
    const off = await server.api('PUT', '/api/user/notifications', {
      token: user.token,
      body: { member_changes: false },
    });
    expect(off.status).toBe(200);
    expect((await setRole(team.owner, id, 'admin')).body.role).toBe('admin');
    expect((await remove(team.owner, id)).status).toBe(200);
    const members = await server.api<ProjectMember[]>('GET', `${base()}/members`, {
      token: team.owner.token,
    });
    expect(members.body.some((row) => row.user_id === user.user.id)).toBe(false);
    expect(await mailsTo(user)).toHaveLength(0);
  });

  it('a zh-CN member is mailed in Chinese', async () => {
    const { user, id } = await newMember();
    await server.db
      .updateTable('users')
      .set({ language: 'zh-CN' })
      .where('id', '=', user.user.id)
      .execute();
    await setRole(team.owner, id, 'admin');
    await remove(team.owner, id);
    const mails = await mailsTo(user);
    const roleSubject = '您在 Truss 项目中的角色已变更';
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      ['您已被移出一个 Truss 项目', roleSubject].sort(),
    );
    expect(mails.find((mail) => mail.subject === roleSubject)!.text).toContain(
      `Olivia Owner 已将您在项目「${team.project.name}」中的角色变更为管理员。`,
    );
  });

  it('changing the role of a pending invitation or cancelling it sends no member-change mail', async () => {
    const invitee = await server.createUser();
    const invited = await server.api<InviteResponse>('POST', `${base()}/invitations`, {
      token: team.owner.token,
      body: { emails: [invitee.user.email], role: 'member' },
    });
    expect(invited.body.invited).toBe(1);
    await server.api('DELETE', '/api/dev/mail');
    const rows = await server.api<ProjectMember[]>('GET', `${base()}/members`, {
      token: team.owner.token,
    });
    const pending = rows.body.find((row) => row.email === invitee.user.email)!;
    expect(pending.kind).toBe('invitation');
    expect((await setRole(team.owner, pending.id, 'admin')).status).toBe(200);
    expect((await remove(team.owner, pending.id)).status).toBe(200);
    expect(await allMails()).toHaveLength(0);
  });
});
