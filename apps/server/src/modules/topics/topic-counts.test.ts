import type { TopicCounts } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import { createIssue } from './test-fixture.ts';

/** GET /api/project/{id}/topic-counts: open issues per model, for the model cards. */
describe(`topic counts (${testEngine()})`, () => {
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
});
