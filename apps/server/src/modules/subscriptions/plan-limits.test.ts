import { errorText, type InviteResponse, type Project } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPaidPlan } from '../../testing/paid-plan.ts';
import { addMember, createProject, signIn, type TestUser } from '../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';

const YEAR_AND_A_DAY = 367 * 24 * 3600;

describe(`plan limits: projects owned and members per project (${testEngine()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  const newProject = (user: TestUser, name: string, lang = 'en') =>
    server.api<Project>('POST', '/api/project', {
      token: user.token,
      body: { name, description: 'A tower' },
      headers: { 'accept-language': lang },
    });
  const ownedCount = async (userId: string) =>
    (await server.db.selectFrom('projects').select('id').where('owner_id', '=', userId).execute())
      .length;
  const invite = (user: TestUser, projectId: string, emails: string[], lang = 'en') =>
    server.api<InviteResponse>('POST', `/api/project/${projectId}/invitations`, {
      token: user.token,
      body: { emails, role: 'member' },
      headers: { 'accept-language': lang },
    });
  const invitationsTo = async (projectId: string) =>
    (
      await server.db
        .selectFrom('project_invitations')
        .select('email')
        .where('project_id', '=', projectId)
        .execute()
    ).map((row) => row.email);

  it('Free: the third owned project (default included) is created, the fourth is refused', async () => {
    const user = await server.createUser();
    expect((await newProject(user, 'Second')).status).toBe(201);
    expect((await newProject(user, 'Third')).status).toBe(201);
    const refused = await newProject(user, 'Fourth');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PROJECT_LIMIT_EXCEEDED',
      message: errorText('PROJECT_LIMIT_EXCEEDED', 'en'),
    });
    const zh = await newProject(user, 'Fourth', 'zh-CN');
    expect(zh.body).toMatchObject({
      code: 'PROJECT_LIMIT_EXCEEDED',
      message: errorText('PROJECT_LIMIT_EXCEEDED', 'zh-CN'),
    });
    expect(await ownedCount(user.user.id)).toBe(3);
  });

  it('concurrent creations cannot both take the last place', async () => {
    const user = await server.createUser();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => newProject(user, `Race ${i}`)),
    );
    expect(results.map((res) => res.status).sort()).toEqual([201, 201, 403, 403]);
    expect(await ownedCount(user.user.id)).toBe(3);
  });

  it('a paid plan lifts the limit; after it ends nothing is deleted, new projects are refused', async () => {
    let user = await server.createUser();
    await grantPaidPlan(server.db, user.user.id, 'pro', server.clock());
    for (const name of ['B', 'C', 'D']) expect((await newProject(user, name)).status).toBe(201);
    expect(await ownedCount(user.user.id)).toBe(4);

    server.clock.advance(YEAR_AND_A_DAY); // the Pro year ends: back on Free (3 projects)
    try {
      user = await signIn(server, user); // the old session has expired too
      const list = await server.api<Project[]>('GET', '/api/project', { token: user.token });
      expect(list.body).toHaveLength(4);
      expect((await newProject(user, 'E')).body).toMatchObject({ code: 'PROJECT_LIMIT_EXCEEDED' });
      const renamed = await server.api('PUT', `/api/project/${list.body[0]!.id}`, {
        token: user.token,
        body: { name: 'Still editable' },
      });
      expect(renamed.status).toBe(200);
    } finally {
      server.clock.advance(-YEAR_AND_A_DAY);
    }
  });

  it('Free: members per project count pending invitations; the one over is refused, nothing left', async () => {
    const owner = await server.createUser();
    const project = await createProject(server, owner.token, 'Team');
    const colleague = await server.createUser();
    await addMember(server, project.id, colleague.user.id, 'member');
    // owner + colleague + 2 pending = 4 of 5
    expect((await invite(owner, project.id, ['a@example.com', 'b@example.com'])).status).toBe(200);
    // two more would be 6: refused as a whole, neither invitation is written
    const batch = await invite(owner, project.id, ['c@example.com', 'd@example.com'], 'zh-CN');
    expect(batch.status).toBe(403);
    expect(batch.body).toMatchObject({
      code: 'MEMBER_LIMIT_EXCEEDED',
      message: errorText('MEMBER_LIMIT_EXCEEDED', 'zh-CN'),
    });
    expect((await invite(owner, project.id, ['c@example.com'])).status).toBe(200); // 5 of 5
    const over = await invite(owner, project.id, ['d@example.com']);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      code: 'MEMBER_LIMIT_EXCEEDED',
      message: errorText('MEMBER_LIMIT_EXCEEDED', 'en'),
    });
    expect((await invitationsTo(project.id)).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it("the limit is the project owner's plan: Pro allows the sixth member", async () => {
    const owner = await server.createUser();
    const project = await createProject(server, owner.token, 'Paid team');
    const emails = ['p1', 'p2', 'p3', 'p4', 'p5'].map((name) => `${name}@example.com`);
    expect((await invite(owner, project.id, emails)).status).toBe(403);
    await grantPaidPlan(server.db, owner.user.id, 'pro', server.clock());
    expect((await invite(owner, project.id, emails)).body).toMatchObject({ invited: 5 });
  });

  it('concurrent invitations cannot both take the last place', async () => {
    const owner = await server.createUser();
    const project = await createProject(server, owner.token, 'Race team');
    expect((await invite(owner, project.id, ['r1@example.com', 'r2@example.com'])).status).toBe(
      200,
    );
    // 3 of 5 taken: of three single invitations at once, two fit
    const results = await Promise.all(
      ['r3', 'r4', 'r5'].map((name) => invite(owner, project.id, [`${name}@example.com`])),
    );
    expect(results.map((res) => res.status).sort()).toEqual([200, 200, 403]);
    expect(await invitationsTo(project.id)).toHaveLength(4);
  });
});
