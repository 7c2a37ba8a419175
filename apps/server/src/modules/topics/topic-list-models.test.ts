import type { TopicList } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import { createIssue } from './test-fixture.ts';

/** GET /api/project/{id}/topics?models=a,b: the topics of several models (the federated view). */
describe(`topic list of several models (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(() => server?.close());

  it('lists the topics of any of the given models, not of others or of none', async () => {
    const other = await readyModel(server, team.owner.token, team.project.id, 'other.obj');
    const third = await readyModel(server, team.owner.token, team.project.id, 'third.obj');
    const on = (modelId?: string) =>
      createIssue(server, team.member.token, team.project.id, modelId ? { modelId } : {});
    const a = await on(team.model.id);
    const b = await on(other.id);
    await on(third.id);
    await on();
    const res = await server.api<TopicList>(
      'GET',
      `/api/project/${team.project.id}/topics?models=${team.model.id},${other.id}&sort=number&order=asc`,
      { token: team.member.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.topics.map((t) => t.id)).toEqual([a.id, b.id]);
  });

  it('refuses a malformed list', async () => {
    const res = await server.api('GET', `/api/project/${team.project.id}/topics?models=x,y`, {
      token: team.member.token,
    });
    expect(res.status).toBe(400);
  });
});
