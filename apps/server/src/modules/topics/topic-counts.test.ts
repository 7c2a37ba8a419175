import type { TopicCounts, TopicList } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import { createIssue } from './test-fixture.ts';

/**
 * Topics per model: GET /api/project/{id}/topic-counts (open issues per model, for the model
 * cards) and GET /api/project/{id}/topics?models=a,b (the topics of several models, for the
 * federated view). The counts run first: the lists add topics.
 */
describe(`topic counts and lists per model (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;
  const path = () => `/api/project/${team.project.id}/topic-counts`;

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(() => server?.close());

  it('counts Open and In Progress issues per model; threads, closed issues and unpinned ones do not count', async () => {
    const other = await readyModel(server, team.owner.token, team.project.id, 'other.obj');
    const quiet = await readyModel(server, team.owner.token, team.project.id, 'quiet.obj');
    const on = (modelId: string, body: Record<string, unknown> = {}) =>
      createIssue(server, team.member.token, team.project.id, { modelId, ...body });
    await on(team.model.id);
    await on(team.model.id, { status: 'In Progress' });
    await on(team.model.id, { status: 'Resolved' });
    const closing = await on(team.model.id);
    await on(other.id);
    await on(quiet.id, { status: 'Closed' });
    await on(quiet.id, { kind: 'comment' });
    await createIssue(server, team.member.token, team.project.id); // no model
    expect(
      (
        await server.api('PATCH', `/api/topics/${closing.id}`, {
          token: team.owner.token,
          body: { status: 'Closed' },
        })
      ).status,
    ).toBe(200);

    for (const user of [team.owner, team.admin, team.member]) {
      const res = await server.api<TopicCounts>('GET', path(), { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ counts: { [team.model.id]: 2, [other.id]: 1 } });
    }
  });

  it('outsiders get 404, anonymous callers 401, a malformed id 400', async () => {
    expect((await server.api('GET', path(), { token: team.outsider.token })).status).toBe(404);
    expect((await server.api('GET', path())).status).toBe(401);
    const bad = await server.api('GET', '/api/project/not-a-uuid/topic-counts', {
      token: team.owner.token,
    });
    expect(bad.status).toBe(400);
  });

  it('lists the topics of any of the given models, not of others or of none', async () => {
    const first = await readyModel(server, team.owner.token, team.project.id, 'federated-a.obj');
    const second = await readyModel(server, team.owner.token, team.project.id, 'federated-b.obj');
    const on = (modelId?: string) =>
      createIssue(server, team.member.token, team.project.id, modelId ? { modelId } : {});
    const a = await on(first.id);
    const b = await on(second.id);
    await on(team.model.id);
    await on();
    const res = await server.api<TopicList>(
      'GET',
      `/api/project/${team.project.id}/topics?models=${first.id},${second.id}&sort=number&order=asc`,
      { token: team.member.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.topics.map((t) => t.id)).toEqual([a.id, b.id]);
  });

  it('refuses a malformed model list', async () => {
    const res = await server.api('GET', `/api/project/${team.project.id}/topics?models=x,y`, {
      token: team.member.token,
    });
    expect(res.status).toBe(400);
  });
});
