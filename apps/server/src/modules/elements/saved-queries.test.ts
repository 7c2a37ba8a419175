import type { SavedQuery } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';

const DOORS = { all: [{ field: 'type', op: '=', value: 'IfcDoor' }] };
const FIRE = {
  all: [
    { field: 'type', op: '=', value: 'IfcDoor' },
    { any: [{ field: 'Pset_DoorCommon.FireRating', op: '=', value: 'EI30' }] },
  ],
};

describe(`saved queries of a project (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  const queries = () => `/api/project/${team.project.id}/queries`;
  const save = (token: string, name: string, where: unknown = DOORS) =>
    server.api<SavedQuery>('POST', queries(), { token, body: { name, where } });

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
  }, 180_000);
  afterAll(() => server?.close());

  it('members save queries that every member lists, oldest first, with the query as saved', async () => {
    const first = await save(team.member.token, '  Fire doors  ', FIRE);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      project_id: team.project.id,
      name: 'Fire doors',
      where: FIRE,
      models: null,
      created_by: team.member.user.id,
    });
    expect(first.body.author_name).not.toBe('');
    const second = await save(team.owner.token, 'All doors');
    expect(second.status).toBe(201);
    for (const user of [team.owner, team.admin, team.member]) {
      const list = await server.api<SavedQuery[]>('GET', queries(), { token: user.token });
      expect(list.status).toBe(200);
      expect(list.body.map((q) => q.name)).toEqual(['Fire doors', 'All doors']);
    }
    const outsider = await server.api('GET', queries(), { token: team.outsider.token });
    expect(outsider.status).toBe(404);
    expect(outsider.body.code).toBe('PROJECT_NOT_FOUND');
  });

  it('authors and managers change and delete a query; other members may not', async () => {
    const mine = (await save(team.member.token, 'Mine')).body;
    const owners = (await save(team.owner.token, 'Owner’s')).body;
    const renamed = await server.api<SavedQuery>('PATCH', `${queries()}/${mine.id}`, {
      token: team.member.token,
      body: { name: 'Mine, renamed', where: FIRE, models: [] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Mine, renamed', where: FIRE, models: [] });
    const denied = await server.api('PATCH', `${queries()}/${owners.id}`, {
      token: team.member.token,
      body: { name: 'Taken over' },
    });
    expect(denied.status).toBe(403);
    const deleteDenied = await server.api('DELETE', `${queries()}/${owners.id}`, {
      token: team.member.token,
    });
    expect(deleteDenied.status).toBe(403);
    const byAdmin = await server.api('PATCH', `${queries()}/${mine.id}`, {
      token: team.admin.token,
      body: { name: 'Checked by admin' },
    });
    expect(byAdmin.status).toBe(200);
    expect(
      (await server.api('DELETE', `${queries()}/${mine.id}`, { token: team.member.token })).status,
    ).toBe(204);
    expect(
      (await server.api('DELETE', `${queries()}/${owners.id}`, { token: team.admin.token })).status,
    ).toBe(204);
    const gone = await server.api('PATCH', `${queries()}/${mine.id}`, {
      token: team.owner.token,
      body: { name: 'x' },
    });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('SAVED_QUERY_NOT_FOUND');
  });

  it('a query is checked before it is saved; bad input answers 400 with a stable code', async () => {
    let deep: unknown = DOORS;
    for (let i = 0; i < 4; i++) deep = { any: [deep] };
    const tooDeep = await save(team.member.token, 'Deep', deep);
    expect(tooDeep.status).toBe(400);
    expect((tooDeep.body as unknown as { code: string }).code).toBe('QUERY_TOO_DEEP');
    const empty = await save(team.member.token, '   ');
    expect(empty.status).toBe(400);
    expect((empty.body as unknown as { code: string }).code).toBe('VALIDATION_ERROR');
    const nothing = await server.api('PATCH', `${queries()}/${crypto.randomUUID()}`, {
      token: team.member.token,
      body: {},
    });
    expect(nothing.status).toBe(400);
  });
});
