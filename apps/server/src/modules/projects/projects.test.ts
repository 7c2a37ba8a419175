import type { Project } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe('GET /api/project', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  it('anonymous callers get 401 UNAUTHORIZED', async () => {
    const res = await server.api('GET', '/api/project');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('a new user has exactly the Default Project, owned, with real counts', async () => {
    const user = await server.createUser();
    const res = await server.api<Project[]>('GET', '/api/project', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [project] = res.body;
    expect(project).toMatchObject({
      name: 'Default Project',
      description: '',
      is_default: true,
      role: 'owner',
      tier: 'free',
      is_favorite: false,
      show_in_sidebar: true,
      member_count: 1,
      model_count: 0,
      creator: { id: user.user.id, email: user.user.email, name: null },
    });
    expect(project!.metadata.avatar_bg_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('counts models (not trashed) and accepted members from the tables', async () => {
    const owner = await server.createUser();
    const member = await server.createUser();
    const [project] = (await server.api<Project[]>('GET', '/api/project', { token: owner.token }))
      .body;
    await server.db
      .insertInto('project_members')
      .values({
        project_id: project!.id,
        user_id: member.user.id,
        role: 'member',
        status: 'accepted',
      })
      .execute();
    await server.db
      .insertInto('models')
      .values([
        { project_id: project!.id, name: 'a.ifc', size_bytes: 10 },
        { project_id: project!.id, name: 'b.glb', size_bytes: 20 },
        { project_id: project!.id, name: 'c.obj', size_bytes: 30, deleted_at: new Date() },
      ])
      .execute();
    const mine = (await server.api<Project[]>('GET', '/api/project', { token: owner.token })).body;
    expect(mine[0]).toMatchObject({ member_count: 2, model_count: 2 });

    const theirs = (await server.api<Project[]>('GET', '/api/project', { token: member.token }))
      .body;
    // Only the member's own default project is theirs by default (issue 35: two defaults).
    expect(theirs.map((p) => [p.name, p.role, p.is_default])).toEqual([
      ['Default Project', 'owner', true],
      ['Default Project', 'member', false],
    ]);
    expect(theirs[1]!.creator.id).toBe(owner.user.id);
  });

  it('lists the own default project first even when a joined one changed later', async () => {
    const owner = await server.createUser();
    const member = await server.createUser();
    await server.api('GET', '/api/project', { token: member.token });
    const [shared] = (await server.api<Project[]>('GET', '/api/project', { token: owner.token }))
      .body;
    await server.db
      .insertInto('project_members')
      .values({
        project_id: shared!.id,
        user_id: member.user.id,
        role: 'admin',
        status: 'accepted',
      })
      .execute();
    // The joined project is the most recently updated one.
    await server.db
      .updateTable('projects')
      .set({ updated_at: new Date(Date.now() + 60_000) })
      .where('id', '=', shared!.id)
      .execute();
    const list = (await server.api<Project[]>('GET', '/api/project', { token: member.token })).body;
    expect(list.map((p) => [p.creator.id, p.is_default])).toEqual([
      [member.user.id, true],
      [owner.user.id, false],
    ]);
    const one = await server.api<Project>('GET', `/api/project/${shared!.id}`, {
      token: member.token,
    });
    expect(one.body.is_default).toBe(false);
    const own = await server.api<Project>('GET', `/api/project/${shared!.id}`, {
      token: owner.token,
    });
    expect(own.body.is_default).toBe(true);
  });

  it('re-creates a missing default project on list', async () => {
    const user = await server.createUser();
    await server.db.deleteFrom('projects').where('owner_id', '=', user.user.id).execute();
    const res = await server.api<Project[]>('GET', '/api/project', { token: user.token });
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ is_default: true, role: 'owner', member_count: 1 });
    const again = await server.api<Project[]>('GET', '/api/project', { token: user.token });
    expect(again.body[0]!.id).toBe(res.body[0]!.id);
  });
});
