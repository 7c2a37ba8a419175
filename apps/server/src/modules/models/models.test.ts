import type { Model, Project } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import { openSse } from '../../testing/sse.ts';
import { modelsApi, OBJ, startModelsServer } from './testing/models-api.ts';

describe(`models API (${testEngine()})`, () => {
  let server: TestServer;
  let api: ReturnType<typeof modelsApi>;
  beforeAll(async () => {
    server = await startModelsServer();
    api = modelsApi(server);
  });
  afterAll(() => server?.close());

  const user = () => api.user();
  const addMember = (...args: Parameters<typeof api.addMember>) => api.addMember(...args);
  const upload = (...args: Parameters<typeof api.upload>) => api.upload(...args);
  const create = (...args: Parameters<typeof api.create>) => api.create(...args);

  it('permissions: anonymous 401, outsiders 404, members view and upload, only owners/admins or the uploader edit', async () => {
    const owner = await user();
    const member = await user();
    const admin = await user();
    const outsider = await user();
    await addMember(owner.projectId, member.user.id, 'member');
    await addMember(owner.projectId, admin.user.id, 'admin');

    expect((await create(null, owner.projectId, 10)).status).toBe(401);
    const refused = await create(outsider.token, owner.projectId, 10);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });

    const ownersModel = await upload(owner.token, owner.projectId);
    expect(ownersModel).toMatchObject({ status: 'ready', progress: 100 });
    expect(ownersModel.creator).toMatchObject({ id: owner.user.id, email: owner.user.email });
    const membersModel = await upload(member.token, owner.projectId, 'mine.obj');
    expect(membersModel.creator?.id).toBe(member.user.id);

    const path = (id: string) => `/api/models/${id}`;
    expect((await server.api('GET', path(ownersModel.id))).status).toBe(401);
    const hidden = await server.api('GET', path(ownersModel.id), { token: outsider.token });
    expect(hidden).toMatchObject({ status: 404, body: { code: 'MODEL_NOT_FOUND' } });
    expect(
      (await server.api('GET', `/api/project/${owner.projectId}/models`, { token: outsider.token }))
        .status,
    ).toBe(404);
    expect((await server.api('GET', path(ownersModel.id), { token: member.token })).status).toBe(
      200,
    );
    expect(
      (await server.api('GET', `${path(ownersModel.id)}/viewable.glb`, { token: outsider.token }))
        .status,
    ).toBe(404);
    expect((await server.api('GET', `${path(ownersModel.id)}/viewable.glb`)).status).toBe(401);

    const rename = (token: string, id: string, name: string) =>
      server.api<Model>('PUT', path(id), { token, body: { name } });
    expect(await rename(member.token, ownersModel.id, 'x')).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect((await rename(member.token, membersModel.id, ' Mine ')).body.name).toBe('Mine');
    expect((await rename(admin.token, ownersModel.id, 'By admin')).body.name).toBe('By admin');
    expect((await rename(outsider.token, ownersModel.id, 'x')).status).toBe(404);
    expect(await rename(owner.token, ownersModel.id, '  ')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
    expect((await server.api('DELETE', path(ownersModel.id), { token: member.token })).status).toBe(
      403,
    );
  });

  it('status and progress reach the project members live (model.status, model.progress over SSE)', async () => {
    const owner = await user();
    const member = await user();
    await addMember(owner.projectId, member.user.id, 'member');
    const controller = new AbortController();
    const stream = await fetch(`${server.url}/api/events`, {
      headers: { authorization: `Bearer ${member.token}` },
      signal: controller.signal,
    });
    const events: { type: string; projectId: string; data: Record<string, unknown> }[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (const line of buffer.split('\n')) {
          if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
        if (events.some((e) => e.type === 'model.status' && e.data.status === 'ready')) return;
      }
    })().catch(() => undefined);
    const model = await upload(owner.token, owner.projectId);
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 5000))]);
    controller.abort();
    const mine = events.filter((e) => e.data.modelId === model.id);
    expect(mine.every((e) => e.projectId === owner.projectId)).toBe(true);
    const statuses = mine.filter((e) => e.type === 'model.status').map((e) => e.data.status);
    // `queued` (API) and `processing` (worker) come from two actors and may cross on the way;
    // the worker's own events are in order and `ready` is last
    expect([...statuses].sort()).toEqual(['processing', 'queued', 'ready']);
    expect(statuses.at(-1)).toBe('ready');
    const progress = mine.filter((e) => e.type === 'model.progress');
    expect(progress.length).toBeGreaterThan(0);
    const values = progress.map((e) => e.data.progress as number);
    expect(values).toEqual([...values].sort((a, b) => a - b)); // only forward
    expect(values.at(-1)).toBeGreaterThan(0);
  });

  it('rename, trash, restore and permanent delete each reach other members live', async () => {
    const owner = await user();
    const member = await user();
    await addMember(owner.projectId, member.user.id, 'member');
    const model = await upload(owner.token, owner.projectId);
    const sse = await openSse(server.url, member.token);
    try {
      const seen = (since: number) =>
        sse.waitFor(
          (event) =>
            event.type === 'model.status' &&
            event.data.modelId === model.id &&
            sse.events.indexOf(event) >= since,
        );
      const steps: [string, string][] = [
        ['PUT', `/api/models/${model.id}`],
        ['DELETE', `/api/models/${model.id}`],
        ['POST', `/api/models/${model.id}/restore`],
        ['DELETE', `/api/models/${model.id}`],
        ['DELETE', `/api/models/${model.id}/permanent`],
      ];
      for (const [method, route] of steps) {
        const since = sse.events.length;
        const response = await server.api(method, route, {
          token: owner.token,
          ...(method === 'PUT' ? { body: { name: 'Renamed' } } : {}),
        });
        expect(response.status, `${method} ${route}`).toBeLessThan(300);
        await seen(since);
      }
    } finally {
      sse.close();
    }
  });

  it('list with sort and search, trash, restore, permanent deletion frees the storage', async () => {
    const owner = await user();
    const a = await upload(owner.token, owner.projectId, 'Beta tower.obj');
    const b = await upload(owner.token, owner.projectId, 'alpha house.obj');
    const list = (query = '') =>
      server.api<Model[]>('GET', `/api/project/${owner.projectId}/models${query}`, {
        token: owner.token,
      });
    expect((await list('?sort=name&order=asc')).body.map((m) => m.name)).toEqual([
      'alpha house.obj',
      'Beta tower.obj',
    ]);
    expect((await list('?search=TOWER')).body.map((m) => m.id)).toEqual([a.id]);
    expect((await list('?search=%25')).body).toEqual([]);

    const storage = async () =>
      (
        await server.api<{ limits: { storage: { current: number } } }>(
          'GET',
          '/api/user/subscription',
          { token: owner.token },
        )
      ).body.limits.storage.current;
    expect(await storage()).toBe(2 * OBJ.length);
    const projectStorage = await server.api('GET', `/api/project/${owner.projectId}/storage`, {
      token: owner.token,
    });
    expect(projectStorage.body).toMatchObject({
      project_id: owner.projectId,
      models: 2,
      trashed: 0,
      original_bytes: 2 * OBJ.length,
    });
    expect(projectStorage.body.derived_bytes).toBeGreaterThan(0);

    expect(
      (await server.api('DELETE', `/api/models/${a.id}/permanent`, { token: owner.token })).body,
    ).toMatchObject({ code: 'MODEL_NOT_IN_TRASH' });
    const trashed = await server.api<Model>('DELETE', `/api/models/${a.id}`, {
      token: owner.token,
    });
    expect(trashed.body.deleted_at).not.toBeNull();
    expect((await list()).body.map((m) => m.id)).toEqual([b.id]);
    expect((await list('?trashed=true')).body.map((m) => m.id)).toEqual([a.id]);
    const restored = await server.api<Model>('POST', `/api/models/${a.id}/restore`, {
      token: owner.token,
    });
    expect(restored.body.deleted_at).toBeNull();
    await server.api('DELETE', `/api/models/${a.id}`, { token: owner.token });
    const storageKeys = await server.app.models.storage.list(`models/${a.id}/`);
    // the original + the viewable: model.glb and its brotli copy, ONE metadata copy (brotli)
    // and the thumbnail
    expect(storageKeys.map((key) => key.replace(/^.*\//, '')).sort()).toEqual([
      'metadata.json.br',
      'model.glb',
      'model.glb.br',
      'original',
      'thumbnail.png',
    ]);
    const gone = await server.api('DELETE', `/api/models/${a.id}/permanent`, {
      token: owner.token,
    });
    expect(gone).toMatchObject({ status: 200, body: { ok: true } });
    expect(await server.app.models.storage.list(`models/${a.id}/`)).toEqual([]);
    expect((await server.api('GET', `/api/models/${a.id}`, { token: owner.token })).status).toBe(
      404,
    );
    expect(await storage()).toBe(OBJ.length);
    expect(
      (await server.api('GET', `/api/project/${owner.projectId}/storage`, { token: owner.token }))
        .body,
    ).toMatchObject({ models: 1, trashed: 0, original_bytes: OBJ.length });
  });

  it('move needs rights in both projects; deleting a project removes its models files', async () => {
    const owner = await user();
    const member = await user();
    const other = await server.api<Project>('POST', '/api/project', {
      token: owner.token,
      body: { name: 'Second', description: 'Other project' },
    });
    expect(other.status).toBe(201);
    const model = await upload(owner.token, owner.projectId);
    const move = (token: string, projectId: string) =>
      server.api<Model>('POST', `/api/models/${model.id}/move`, { token, body: { projectId } });

    const strangersProject = (await user()).projectId;
    expect((await move(owner.token, strangersProject)).status).toBe(404);
    await addMember(owner.projectId, member.user.id, 'member');
    expect((await move(member.token, member.projectId)).status).toBe(403);
    const moved = await move(owner.token, other.body.id);
    expect(moved).toMatchObject({ status: 200, body: { project_id: other.body.id } });
    expect(
      (
        await server.api<Model[]>('GET', `/api/project/${other.body.id}/models`, {
          token: owner.token,
        })
      ).body.map((m) => m.id),
    ).toEqual([model.id]);

    expect((await server.app.models.storage.list(`models/${model.id}/`)).length).toBeGreaterThan(0);
    const deleted = await server.api('DELETE', `/api/project/${other.body.id}`, {
      token: owner.token,
      body: { confirm: 'DELETE' },
    });
    expect(deleted.status).toBeLessThan(300);
    expect(await server.app.models.storage.list(`models/${model.id}/`)).toEqual([]);
  });
});
