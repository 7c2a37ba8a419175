import type { SavedView, Share } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShare,
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';
import { createProject } from '../../testing/project-team.ts';
import type { TestServer } from '../../testing/test-server.ts';

/** A 1x1 PNG as the thumbnail. */
const THUMB =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** A view in the model page's `vp` link form (base64url). */
const STATE = Buffer.from(JSON.stringify({ v: 1, c: [1, 2, 3] })).toString('base64url');

describe('saved views of a model', () => {
  let server: TestServer;
  let team: ShareTeam;
  const views = () => `/api/models/${team.model.id}/views`;
  const save = (token: string, name: string, thumbnail: string | null = THUMB) =>
    server.api<SavedView>('POST', views(), { token, body: { name, state: STATE, thumbnail } });

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(() => server?.close());

  it('members save views with a thumbnail and every member lists them, oldest first', async () => {
    const first = await save(team.member.token, '  Level 1 plan  ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      model_id: team.model.id,
      name: 'Level 1 plan',
      state: STATE,
      thumbnail: THUMB,
      created_by: team.member.user.id,
    });
    expect(first.body.author_name).not.toBe('');
    const second = await save(team.owner.token, 'Section through the roof', null);
    expect(second.status).toBe(201);
    expect(second.body.thumbnail).toBeNull();
    for (const user of [team.owner, team.admin, team.member]) {
      const list = await server.api<SavedView[]>('GET', views(), { token: user.token });
      expect(list.status).toBe(200);
      expect(list.body.map((v) => v.name)).toEqual(['Level 1 plan', 'Section through the roof']);
    }
  });

  it('outsiders get 404 for the model; bad input gets 400 with a stable code, in Chinese too', async () => {
    const outsider = await server.api('GET', views(), { token: team.outsider.token });
    expect(outsider.status).toBe(404);
    expect(outsider.body.code).toBe('MODEL_NOT_FOUND');
    const saveOutsider = await save(team.outsider.token, 'x');
    expect(saveOutsider.status).toBe(404);
    const empty = await server.api('POST', views(), {
      token: team.member.token,
      body: { name: '   ', state: STATE },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
    expect(String(empty.body.message)).toMatch(/[\u4e00-\u9fff]/);
    const badState = await server.api('POST', views(), {
      token: team.member.token,
      body: { name: 'x', state: 'not base64url!' },
    });
    expect(badState.status).toBe(400);
    const badThumb = await server.api('POST', views(), {
      token: team.member.token,
      body: { name: 'x', state: STATE, thumbnail: 'data:text/html;base64,PGI+' },
    });
    expect(badThumb.status).toBe(400);
    const noAuth = await server.api('GET', views());
    expect(noAuth.status).toBe(401);
  });

  it('the creator and managers rename and delete; another member may not (403)', async () => {
    const mine = (await save(team.member.token, 'Mine')).body;
    const owners = (await save(team.owner.token, 'Owners')).body;
    const url = (v: SavedView) => `${views()}/${v.id}`;
    const forbidden = await server.api('PATCH', url(owners), {
      token: team.member.token,
      body: { name: 'Taken over' },
    });
    expect(forbidden.status).toBe(403);
    expect((await server.api('DELETE', url(owners), { token: team.member.token })).status).toBe(
      403,
    );
    const renamed = await server.api<SavedView>('PATCH', url(mine), {
      token: team.member.token,
      body: { name: 'Mine, renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Mine, renamed');
    const byAdmin = await server.api<SavedView>('PATCH', url(owners), {
      token: team.admin.token,
      body: { name: 'Renamed by an admin' },
    });
    expect(byAdmin.status).toBe(200);
    expect((await server.api('DELETE', url(mine), { token: team.admin.token })).status).toBe(204);
    expect((await server.api('DELETE', url(mine), { token: team.admin.token })).status).toBe(404);
    // A view id under another model of the project is not found there.
    const other = await readyModel(server, team.owner.token, team.project.id, 'other.obj');
    const elsewhere = await server.api('PATCH', `/api/models/${other.id}/views/${owners.id}`, {
      token: team.owner.token,
      body: { name: 'x' },
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('SAVED_VIEW_NOT_FOUND');
  });

  it("share visitors list the shared model's views; an expired link shows nothing", async () => {
    const share: Share = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: false,
      issuePermission: 'view',
    });
    const list = await server.api<SavedView[]>('GET', `/api/share/${share.token}/views`);
    expect(list.status).toBe(200);
    expect(list.body.map((v) => v.name)).toContain('Level 1 plan');
    expect(list.body.every((v) => v.model_id === team.model.id)).toBe(true);
    const unknown = await server.api('GET', '/api/share/not-a-real-token/views');
    expect(unknown.status).toBe(404);
  });

  it('a federated view keeps its further models; models of another project or twice are refused', async () => {
    const mep = await readyModel(server, team.owner.token, team.project.id, 'mep.obj');
    const saved = await server.api<SavedView>('POST', views(), {
      token: team.member.token,
      body: { name: 'With MEP', state: STATE, model_ids: [mep.id, mep.id] },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.model_ids).toEqual([mep.id]);
    const list = await server.api<SavedView[]>('GET', views(), { token: team.admin.token });
    expect(list.body.find((v) => v.name === 'With MEP')?.model_ids).toEqual([mep.id]);
    expect(list.body.find((v) => v.name === 'Level 1 plan')?.model_ids).toEqual([]);

    const otherProject = await createProject(server, team.owner.token);
    const foreign = await readyModel(server, team.owner.token, otherProject.id, 'far.obj');
    for (const model_ids of [[foreign.id], [team.model.id]]) {
      const refused = await server.api('POST', views(), {
        token: team.member.token,
        body: { name: 'Bad', state: STATE, model_ids },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('SAVED_VIEW_MODELS_INVALID');
      expect(refused.body.message).toBe('视图只能显示本项目中已就绪的模型');
    }
    const after = await server.api<SavedView[]>('GET', views(), { token: team.owner.token });
    expect(after.body.some((v) => v.name === 'Bad')).toBe(false);
  });
});
