import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Model } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import { grantPaidPlan } from '../../testing/paid-plan.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';
import { modelsApi, OBJ, startModelsServer } from './testing/models-api.ts';

describe(`uploads of the models API: failed finishes, limits, purge (${testEngine()})`, () => {
  let server: TestServer;
  let api: ReturnType<typeof modelsApi>;
  beforeAll(async () => {
    server = await startModelsServer();
    api = modelsApi(server);
  });
  afterAll(() => server?.close());

  const user = () => api.user();
  const create = (...args: Parameters<typeof api.create>) => api.create(...args);

  it('a failed finish (Failed to merge files) is finished by the next HEAD, once', async () => {
    const owner = await user();
    const storage = server.app.models.storage;
    const putFile = storage.putFile.bind(storage);
    storage.putFile = async () => {
      throw new Error('disk full');
    };
    let result;
    try {
      result = await tusUpload(OBJ, {
        baseUrl: server.url,
        token: owner.token,
        projectId: owner.projectId,
        filename: 'late.obj',
      });
    } finally {
      storage.putFile = putFile;
    }
    expect(result.error?.status).toBe(500);
    expect(JSON.parse(result.error!.body)).toMatchObject({
      code: 'MERGE_FAILED',
      message: 'Failed to merge files',
    });
    const head = () =>
      fetch(result.url!, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${owner.token}` },
      });
    const resumed = await head();
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe(String(OBJ.length));
    const modelId = resumed.headers.get('truss-model-id');
    expect(modelId).toBe(result.url!.split('/').pop());
    const model = await waitForModel(
      async () =>
        (await server.api<Model>('GET', `/api/models/${modelId}`, { token: owner.token })).body,
    );
    expect(model.status).toBe('ready');
    expect((await head()).status).toBe(404); // finished uploads are gone from tus
    const list = await server.api<Model[]>('GET', `/api/project/${owner.projectId}/models`, {
      token: owner.token,
    });
    expect(list.body).toHaveLength(1);
  });

  it('the OpenAPI document lists the models and upload routes', async () => {
    const doc = await server.api<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/project/{id}/models',
        '/api/models/{id}',
        '/api/models/{id}/viewable.glb',
        '/api/uploads',
        '/api/uploads/{id}',
      ]),
    );
  });

  it('at most 3 unfinished uploads per user ("Maximum 3 Files Allowed"), in both languages', async () => {
    const owner = await user();
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await create(owner.token, owner.projectId, 100);
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBeNull(); // same origin only
      urls.push(response.headers.get('location')!);
    }
    const fourth = await create(owner.token, owner.projectId, 100);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({
      code: 'TOO_MANY_UPLOADS',
      message: 'Maximum 3 Files Allowed',
    });
    const zh = await create(owner.token, owner.projectId, 100, { 'accept-language': 'zh-CN' });
    expect(await zh.json()).toMatchObject({
      code: 'TOO_MANY_UPLOADS',
      message: '最多同时上传 3 个文件',
    });
    // cancelling one (tus DELETE) frees a slot
    const cancel = await fetch(`${server.url}${urls[0]}`, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${owner.token}` },
    });
    expect(cancel.status).toBe(204);
    expect((await create(owner.token, owner.projectId, 100)).status).toBe(201);
    // someone else's upload URL is not found
    const other = await user();
    const stolen = await fetch(`${server.url}${urls[1]}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${other.token}` },
    });
    expect(stolen.status).toBe(404);
  });

  it("refuses an upload the owner's plan has no storage for", async () => {
    const owner = await user();
    const response = await create(owner.token, owner.projectId, 2 * 1024 ** 3);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'STORAGE_LIMIT_EXCEEDED' });
    expect((await create(owner.token, owner.projectId, 1024 ** 3)).status).toBe(201);
    // that reservation counts until the upload finishes or is purged
    expect((await create(owner.token, owner.projectId, 10)).status).toBe(413);
  });

  const uploadRows = async (projectId: string) =>
    (
      await server.db
        .selectFrom('uploads')
        .select('id')
        .where('project_id', '=', projectId)
        .execute()
    ).length;

  it('Free: the tenth model of a project is taken, the eleventh refused, nothing reserved', async () => {
    const owner = await user();
    await server.db
      .insertInto('models')
      .values(Array.from({ length: 9 }, (_, i) => ({ project_id: owner.projectId, name: `m${i}` })))
      .execute();
    expect((await create(owner.token, owner.projectId, 10)).status).toBe(201);
    const refused = await create(owner.token, owner.projectId, 10);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'MODEL_LIMIT_EXCEEDED' });
    expect(await uploadRows(owner.projectId)).toBe(1);
  });

  it("the owner's paid plan lifts the model and storage limits", async () => {
    const owner = await user();
    await server.db
      .insertInto('models')
      .values(
        Array.from({ length: 10 }, (_, i) => ({ project_id: owner.projectId, name: `m${i}` })),
      )
      .execute();
    expect((await create(owner.token, owner.projectId, 10)).status).toBe(403);
    expect((await create(owner.token, owner.projectId, 2 * 1024 ** 3)).status).toBe(413);
    expect(await uploadRows(owner.projectId)).toBe(0);
    await grantPaidPlan(server.db, owner.user.id, 'pro', server.clock());
    expect((await create(owner.token, owner.projectId, 2 * 1024 ** 3)).status).toBe(201);
  });

  it('purges unfinished uploads after 24 hours', async () => {
    const owner = await user();
    const response = await create(owner.token, owner.projectId, OBJ.length * 2);
    const url = `${server.url}${response.headers.get('location')}`;
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        authorization: `Bearer ${owner.token}`,
      },
      body: OBJ,
    });
    expect(patch.status).toBe(204);
    const id = url.split('/').pop()!;
    const file = path.join(server.dataDir, 'uploads', id);
    expect(existsSync(file)).toBe(true);
    server.clock.advance(23 * 3600);
    await server.app.models.uploads.sweep();
    expect(existsSync(file)).toBe(true);
    server.clock.advance(2 * 3600);
    expect((await server.app.models.uploads.sweep()).expired).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.json`)).toBe(false);
    const row = await server.db.selectFrom('uploads').select('id').where('id', '=', id).execute();
    expect(row).toEqual([]);
  });
});
