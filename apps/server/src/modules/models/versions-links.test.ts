import type { Model, PublicShare, Share, Topic } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShare } from '../../testing/share-fixture.ts';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import {
  tusUpload,
  waitForModel,
  waitForVersions as readyVersions,
} from '../../testing/uploads.ts';
import { OBJ, startModelsServer } from './testing/models-api.ts';

/** What the share page opens: the shown version's number and the file name in its metadata. */
async function shown(server: TestServer, share: Share) {
  const page = await server.api<PublicShare>('GET', `/api/share/${share.token}`);
  expect(page.status).toBe(200);
  const model = page.body.model!;
  const metadata = await fetch(`${server.url}${model.metadata_url}`);
  expect(metadata.status).toBe(200);
  const { name } = (await metadata.json()) as { name: string };
  return { version: model.version, pinned: model.pinned, file: name };
}

describe(`versions in shares and topics (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  beforeAll(async () => {
    server = await startModelsServer();
    team = await createTeam(server);
  });
  afterAll(() => server?.close());

  async function upload(filename: string, modelId?: string): Promise<string> {
    const result = await tusUpload(OBJ, {
      baseUrl: server.url,
      token: team.owner.token,
      filename,
      ...(modelId ? { modelId } : { projectId: team.project.id }),
    });
    expect(result.error).toBeNull();
    return result.versionId!;
  }

  const waitForVersions = (modelId: string, count: number) =>
    readyVersions(server, team.owner.token, modelId, count);

  it('a share pinned to a version keeps showing it after a new upload; the others follow', async () => {
    const modelId = await upload('tower-v1.obj');
    await waitForModel(
      async () =>
        (await server.api<Model>('GET', `/api/models/${modelId}`, { token: team.owner.token }))
          .body,
    );
    const pinned = await createShare(server, team.owner.token, {
      modelId,
      type: 'public',
      expiration: 'never',
      modelVersionId: modelId,
    });
    expect(pinned.model_version).toEqual({ id: modelId, number: 1 });
    const following = await createShare(server, team.owner.token, {
      modelId,
      type: 'public',
      expiration: 'never',
    });
    expect(following.model_version).toBeNull();
    expect(await shown(server, pinned)).toEqual({ version: 1, pinned: true, file: 'tower-v1.obj' });

    await upload('tower-v2.obj', modelId);
    await waitForVersions(modelId, 2);
    expect(await shown(server, pinned)).toEqual({ version: 1, pinned: true, file: 'tower-v1.obj' });
    expect(await shown(server, following)).toEqual({
      version: 2,
      pinned: false,
      file: 'tower-v2.obj',
    });

    // Unpinned, it follows the current version; pinned again by edit.
    const unpinned = await server.api<Share>('PATCH', `/api/shares/${pinned.id}`, {
      token: team.owner.token,
      body: { modelVersionId: null },
    });
    expect(unpinned.body.model_version).toBeNull();
    expect((await shown(server, pinned)).file).toBe('tower-v2.obj');
    await server.api('PATCH', `/api/shares/${pinned.id}`, {
      token: team.owner.token,
      body: { modelVersionId: modelId },
    });
    expect((await shown(server, pinned)).file).toBe('tower-v1.obj');

    // Only a version of the share's own model can be pinned.
    const otherId = await upload('other.obj');
    await waitForVersions(otherId, 1);
    const foreign = await server.api('POST', '/api/shares', {
      token: team.owner.token,
      body: { modelId, type: 'public', expiration: 'never', modelVersionId: otherId },
    });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'VERSION_NOT_FOUND' } });

    // Deleting the pinned version unpins the share: it shows the current version again.
    await server.api('POST', `/api/models/${modelId}/versions/${modelId}/current`, {
      token: team.owner.token,
    });
    const [v2] = await waitForVersions(modelId, 2);
    await server.api('POST', `/api/models/${modelId}/versions/${v2!.id}/current`, {
      token: team.owner.token,
    });
    const removed = await server.api('DELETE', `/api/models/${modelId}/versions/${modelId}`, {
      token: team.owner.token,
    });
    expect(removed.status).toBe(200);
    expect(await shown(server, pinned)).toEqual({
      version: 2,
      pinned: false,
      file: 'tower-v2.obj',
    });
  });

  it('topics and viewpoints record the version they were made on', async () => {
    const modelId = await upload('slab-v1.obj');
    await waitForVersions(modelId, 1);
    const viewpoint = {
      camera: null,
      clippingPlanes: [],
      lines: [],
      bitmaps: [],
      selection: [{ ifcGuid: '2O2Fr$t4X7Zf8NOew3FLOH' }],
      visibility: { defaultVisibility: true, exceptions: [] },
      coloring: [],
    };
    const create = (body: Record<string, unknown>) =>
      server.api<Topic>('POST', `/api/project/${team.project.id}/topics`, {
        token: team.member.token,
        body: { kind: 'issue', modelId, title: 'Crack', ...body },
      });
    const first = await create({ viewpoints: [viewpoint] });
    expect(first.status).toBe(201);
    expect(first.body.model_version_id).toBe(modelId);
    expect(first.body.viewpoints[0]!.model_version_id).toBe(modelId);

    const v2 = await upload('slab-v2.obj', modelId);
    await waitForVersions(modelId, 2);
    const later = await create({});
    expect(later.body.model_version_id).toBe(v2);
    // Made while looking at version 1 (?version=1): recorded as such.
    const onOld = await create({ modelVersionId: modelId });
    expect(onOld.body.model_version_id).toBe(modelId);
    // The first topic still names version 1; a viewpoint added now is on version 2.
    const reply = await server.api<{ viewpoint_id: string }>(
      'POST',
      `/api/topics/${first.body.id}/comments`,
      { token: team.member.token, body: { text: 'Still there in v2', viewpoint } },
    );
    expect(reply.status).toBe(201);
    const reread = await server.api<Topic>('GET', `/api/topics/${first.body.id}`, {
      token: team.member.token,
    });
    expect(reread.body.model_version_id).toBe(modelId);
    expect(reread.body.viewpoints.map((vp) => vp.model_version_id)).toEqual([modelId, v2]);
    // A version of another model is refused.
    const foreign = await create({ modelVersionId: team.project.id });
    expect(foreign.status).toBe(404);
  });
});
