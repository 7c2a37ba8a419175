import { randomUUID } from 'node:crypto';
import type { Model, ModelVersion, ProjectStorage } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';
import { createAppRepositories } from '../../app-data.ts';
import { OBJ, startModelsServer } from './testing/models-api.ts';

/** A second, different file (its own viewable hash and size). */
const OBJ_V2 = Buffer.from(`${OBJ.toString()}v 0 0 1\nf 1 2 4\n`);

describe(`model versions (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  beforeAll(async () => {
    server = await startModelsServer();
    team = await createTeam(server);
  });
  afterAll(() => server?.close());

  const getModel = async (id: string, token = team.owner.token) =>
    (await server.api<Model>('GET', `/api/models/${id}`, { token })).body;
  const versions = async (id: string, token = team.owner.token) =>
    server.api<ModelVersion[]>('GET', `/api/models/${id}/versions`, { token });

  async function newModel(bytes = OBJ): Promise<Model> {
    const result = await tusUpload(bytes, {
      baseUrl: server.url,
      token: team.owner.token,
      projectId: team.project.id,
      filename: 'tower.obj',
    });
    expect(result.error).toBeNull();
    return waitForModel(() => getModel(result.modelId!));
  }

  /** Uploads a new version and waits until it is processed. */
  async function newVersion(
    modelId: string,
    bytes = OBJ_V2,
    options: { message?: string; token?: string } = {},
  ): Promise<ModelVersion> {
    const result = await tusUpload(bytes, {
      baseUrl: server.url,
      token: options.token ?? team.owner.token,
      filename: 'tower-v2.obj',
      modelId,
      ...(options.message !== undefined ? { message: options.message } : {}),
    });
    expect(result.error).toBeNull();
    expect(result.modelId).toBe(modelId);
    const versionId = result.versionId!;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await server.api<ModelVersion>(
        'GET',
        `/api/models/${modelId}/versions/${versionId}`,
        { token: team.owner.token },
      );
      if (res.body.status === 'ready' || res.body.status === 'failed') return res.body;
      if (Date.now() > deadline) throw new Error(`version ${versionId} is ${res.body.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a tus upload with modelId adds version 2, which becomes current once ready', async () => {
    const model = await newModel();
    expect(model).toMatchObject({ version_count: 1, current_version: { id: model.id, number: 1 } });
    const v2 = await newVersion(model.id, OBJ_V2, { message: 'Level 3 walls moved' });
    expect(v2).toMatchObject({
      model_id: model.id,
      number: 2,
      message: 'Level 3 walls moved',
      status: 'ready',
      current: true,
      size: OBJ_V2.length,
      original_filename: 'tower-v2.obj',
      creator: { id: team.owner.user.id },
    });
    expect(v2.viewable_url).toContain(`/api/models/${model.id}/versions/${v2.id}/viewable.glb?`);

    const after = await getModel(model.id);
    expect(after).toMatchObject({
      id: model.id,
      name: model.name,
      version_count: 2,
      current_version: { id: v2.id, number: 2 },
      size: OBJ_V2.length,
    });
    expect(after.metadata_url).not.toBe(model.metadata_url);

    const list = await versions(model.id);
    expect(list.status).toBe(200);
    expect(list.body.map((v) => [v.number, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    // Each version's files are its own (the fake converter names the file in the metadata).
    const names = await Promise.all(
      list.body.map(async (v) => {
        const served = await fetch(`${server.url}${v.metadata_url}`);
        return ((await served.json()) as { name: string }).name;
      }),
    );
    expect(names).toEqual(['tower-v2.obj', 'tower.obj']);
    const original1 = await server.api('GET', list.body[1]!.original_url, {
      token: team.member.token,
    });
    expect(original1.status).toBe(200);
    expect(original1.text).toBe(OBJ.toString());
    // The project's members see the list too; a single version by id as well.
    expect((await versions(model.id, team.member.token)).body).toHaveLength(2);
    expect((await versions(model.id, team.outsider.token)).status).toBe(404);
  });

  it('make current switches back (restore), rename changes the message, delete removes a non-current version', async () => {
    const model = await newModel();
    const v2 = await newVersion(model.id);
    const restored = await server.api<Model>(
      'POST',
      `/api/models/${model.id}/versions/${model.id}/current`,
      { token: team.admin.token },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      current_version: { id: model.id, number: 1 },
      size: OBJ.length,
    });
    expect((await getModel(model.id)).metadata_url).toBe(model.metadata_url);

    const renamed = await server.api<ModelVersion>(
      'PUT',
      `/api/models/${model.id}/versions/${v2.id}`,
      { token: team.owner.token, body: { message: 'Issued for review' } },
    );
    expect(renamed).toMatchObject({ status: 200, body: { message: 'Issued for review' } });
    // A member who did not upload the model edits none of its versions.
    const refused = await server.api('PUT', `/api/models/${model.id}/versions/${v2.id}`, {
      token: team.member.token,
      body: { message: 'x' },
    });
    expect(refused.status).toBe(403);

    const current = await server.api('DELETE', `/api/models/${model.id}/versions/${model.id}`, {
      token: team.owner.token,
    });
    expect(current).toMatchObject({ status: 409, body: { code: 'VERSION_IS_CURRENT' } });
    const deleted = await server.api('DELETE', `/api/models/${model.id}/versions/${v2.id}`, {
      token: team.owner.token,
    });
    expect(deleted.status).toBe(200);
    expect((await versions(model.id)).body.map((v) => v.number)).toEqual([1]);
    expect((await getModel(model.id)).version_count).toBe(1);
    expect(
      await server.app.models.storage.stat(`models/${model.id}/versions/${v2.id}/original`),
    ).toBeNull();
    // A version of another model is not found through this one.
    const other = await newModel();
    const foreign = await server.api(
      'POST',
      `/api/models/${model.id}/versions/${other.id}/current`,
      {
        token: team.owner.token,
      },
    );
    expect(foreign).toMatchObject({ status: 404, body: { code: 'VERSION_NOT_FOUND' } });
  });

  it('only whoever may edit the model uploads a version; outsiders learn nothing', async () => {
    const model = await newModel();
    const asMember = await tusUpload(OBJ_V2, {
      baseUrl: server.url,
      token: team.member.token,
      filename: 'x.obj',
      modelId: model.id,
    });
    expect(asMember.error?.status).toBe(403);
    const asOutsider = await tusUpload(OBJ_V2, {
      baseUrl: server.url,
      token: team.outsider.token,
      filename: 'x.obj',
      modelId: model.id,
    });
    expect(asOutsider.error?.status).toBe(404);
    // projectId, when sent, must be the model's.
    const elsewhere = await tusUpload(OBJ_V2, {
      baseUrl: server.url,
      token: team.owner.token,
      projectId: (
        await server.api<{ id: string }[]>('GET', '/api/project', { token: team.owner.token })
      ).body.find((p) => p.id !== team.project.id)!.id,
      filename: 'x.obj',
      modelId: model.id,
    });
    expect(elsewhere.error?.status).toBe(404);
    expect((await versions(model.id)).body).toHaveLength(1);
  });

  it('storage and plan limits count every version; a version adds no model', async () => {
    const solo = await createTeam(server);
    const token = solo.owner.token;
    const first = await tusUpload(OBJ, {
      baseUrl: server.url,
      token,
      projectId: solo.project.id,
      filename: 'a.obj',
    });
    const model = await waitForModel(
      async () => (await server.api<Model>('GET', `/api/models/${first.modelId}`, { token })).body,
    );
    await tusUpload(OBJ_V2, { baseUrl: server.url, token, filename: 'b.obj', modelId: model.id });
    const deadline = Date.now() + 60_000;
    while (
      (await server.api<Model>('GET', `/api/models/${model.id}`, { token })).body.version_count <
        2 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const storage = await server.api<ProjectStorage>(
      'GET',
      `/api/project/${solo.project.id}/storage`,
      { token },
    );
    expect(storage.body).toMatchObject({ models: 1, original_bytes: OBJ.length + OBJ_V2.length });
    const usage = await createAppRepositories(server.db).subscriptions.usage(solo.owner.user.id);
    expect(usage.storageBytes).toBe(OBJ.length + OBJ_V2.length);

    // Free: 1 GiB. An older version that takes almost all of it leaves no room for another.
    const at = new Date();
    await server.db
      .insertInto('model_versions')
      .values({
        id: randomUUID(),
        model_id: model.id,
        number: 3,
        created_by: solo.owner.user.id,
        created_at: at,
        updated_at: at,
        size_bytes: 1024 ** 3 - OBJ.length - OBJ_V2.length - 50,
        status: 'failed',
      })
      .execute();
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const create = (metadata: string, length: number) =>
      fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': metadata,
        },
      });
    const tooBig = await create(`modelId ${b64(model.id)},filename ${b64('c.obj')}`, 100);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ code: 'STORAGE_LIMIT_EXCEEDED' });
    expect(
      (await create(`projectId ${b64(solo.project.id)},filename ${b64('d.obj')}`, 100)).status,
    ).toBe(413);

    // Free: 10 models per project. A new version of one of them still fits.
    await server.db
      .insertInto('models')
      .values(Array.from({ length: 9 }, (_, i) => ({ project_id: solo.project.id, name: `m${i}` })))
      .execute();
    const newModel = await create(`projectId ${b64(solo.project.id)},filename ${b64('e.obj')}`, 10);
    expect(newModel.status).toBe(403);
    const version = await create(`modelId ${b64(model.id)},filename ${b64('f.obj')}`, 10);
    expect(version.status).toBe(201);
  });

  it('trash and restore keep every version', async () => {
    const model = await newModel();
    await newVersion(model.id);
    expect(
      (await server.api('DELETE', `/api/models/${model.id}`, { token: team.owner.token })).status,
    ).toBe(200);
    const trashed = await versions(model.id);
    expect(trashed.body).toHaveLength(2);
    // A trashed model serves no files of any version.
    expect(trashed.body.every((v) => v.viewable_url === null)).toBe(true);
    const again = await tusUpload(OBJ_V2, {
      baseUrl: server.url,
      token: team.owner.token,
      filename: 'x.obj',
      modelId: model.id,
    });
    expect(again.error?.status).toBe(404);
    expect(
      (await server.api('POST', `/api/models/${model.id}/restore`, { token: team.owner.token }))
        .status,
    ).toBe(200);
    const restored = await versions(model.id);
    expect(restored.body.map((v) => [v.number, v.current, v.status])).toEqual([
      [2, true, 'ready'],
      [1, false, 'ready'],
    ]);
    expect(restored.body[0]!.viewable_url).not.toBeNull();
  });
});
