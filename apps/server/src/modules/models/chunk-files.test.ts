import { brotliDecompressSync } from 'node:zlib';
import type { Model, ModelVersion, Share } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNKS } from '../../testing/fake-convert.ts';
import {
  createShare,
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';
import type { TestServer } from '../../testing/test-server.ts';

/** The chunks of a chunked viewable: served like viewable.glb, behind the same checks. */
describe('chunk files', () => {
  let server: TestServer;
  let team: ShareTeam;
  let chunked: Model;

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
    chunked = await readyModel(server, team.owner.token, team.project.id, 'chunked-tower.obj');
  });
  afterAll(async () => server?.close());

  const get = (path: string, init: { token?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${path}`, {
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
    });
  const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());
  /** The chunk URL beside a viewable URL, with the viewable's signed query. */
  const chunkUrl = (viewableUrl: string, n: number) =>
    viewableUrl.replace('/viewable.glb?', `/chunks/${n}.glb?`);

  it('serves each chunk by bearer token, identity and brotli, with its own ETag', async () => {
    const path = `/api/models/${chunked.id}/chunks`;
    const etags = new Set<string>();
    for (const [i, chunk] of CHUNKS.entries()) {
      const plain = await get(`${path}/${i + 1}.glb`, {
        token: team.member.token,
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-type')).toBe('model/gltf-binary');
      expect(await bytes(plain)).toEqual(chunk);
      etags.add(plain.headers.get('etag')!);
      const again = await get(`${path}/${i + 1}.glb`, {
        token: team.member.token,
        headers: { 'accept-encoding': 'identity', 'if-none-match': plain.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
    expect(etags.size).toBe(2);
    const viewable = await get(`/api/models/${chunked.id}/viewable.glb`, {
      token: team.member.token,
    });
    expect(etags.has(viewable.headers.get('etag')!)).toBe(false);
    // Raw bytes: undici would inflate the brotli body itself.
    const res = await server.app.inject({
      method: 'GET',
      url: `${path}/2.glb`,
      headers: { authorization: `Bearer ${team.member.token}`, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(new Uint8Array(brotliDecompressSync(res.rawPayload))).toEqual(CHUNKS[1]);
    // Range on the identity bytes, like the viewable.
    const range = await get(`${path}/1.glb`, {
      token: team.member.token,
      headers: { 'accept-encoding': 'identity', range: 'bytes=0-9' },
    });
    expect(range.status).toBe(206);
    expect(await bytes(range)).toEqual(CHUNKS[0]!.subarray(0, 10));
  });

  it("opens with the viewable's signed query, immutable when v is current, for its user only", async () => {
    const model = (
      await server.api<Model>('GET', `/api/models/${chunked.id}`, { token: team.member.token })
    ).body;
    const url = chunkUrl(model.viewable_url!, 1);
    const res = await get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(await bytes(res)).toEqual(CHUNKS[0]);
    expect(res.headers.get('cache-control')).toContain('immutable');
    // Another user's id under the same signature, or no signature at all: 401.
    const forged = url.replace(team.member.user.id, team.owner.user.id);
    expect((await get(forged)).status).toBe(401);
    expect((await get(`/api/models/${chunked.id}/chunks/1.glb`)).status).toBe(401);
    // The thumbnail's signature is not the viewable's.
    expect(
      (await get(model.thumbnail_url!.replace('/thumbnail.png?', '/chunks/1.glb?'))).status,
    ).toBe(401);
  });

  it('gives 404 to outsiders, for missing chunks and for a model without chunks', async () => {
    const path = `/api/models/${chunked.id}/chunks/1.glb`;
    expect((await get(path, { token: team.outsider.token })).status).toBe(404);
    expect(
      (await get(`/api/models/${chunked.id}/chunks/3.glb`, { token: team.owner.token })).status,
    ).toBe(404);
    expect(
      (await get(`/api/models/${team.model.id}/chunks/1.glb`, { token: team.owner.token })).status,
    ).toBe(404);
  });

  it('refuses names that are not chunks with 400 and a stable code', async () => {
    for (const name of ['0.glb', '01.glb', 'x.glb', '1.gltf', '1234567.glb', '..%2Fmodel.glb']) {
      const res = await get(`/api/models/${chunked.id}/chunks/${name}`, {
        token: team.owner.token,
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("serves a version's chunks and a share's chunks behind their checks", async () => {
    const versions = await server.api<ModelVersion[]>('GET', `/api/models/${chunked.id}/versions`, {
      token: team.member.token,
    });
    const version = versions.body[0]!;
    const byVersion = await get(`/api/models/${chunked.id}/versions/${version.id}/chunks/2.glb`, {
      token: team.member.token,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(byVersion.status).toBe(200);
    expect(await bytes(byVersion)).toEqual(CHUNKS[1]);
    expect(
      (
        await get(`/api/models/${chunked.id}/versions/${version.id}/chunks/2.glb`, {
          token: team.outsider.token,
        })
      ).status,
    ).toBe(404);
    expect((await get(chunkUrl(version.viewable_url!, 2))).status).toBe(200);

    const link: Share = await createShare(server, team.owner.token, {
      modelId: chunked.id,
      type: 'public',
      expiration: '7d',
      allowComments: false,
      issuePermission: 'view',
    });
    const shared = await get(`/api/share/${link.token}/chunks/1.glb`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(shared.status).toBe(200);
    expect(await bytes(shared)).toEqual(CHUNKS[0]);
    // Not immutable: a cut-off share must stop serving even cached chunks.
    expect(shared.headers.get('cache-control')).not.toContain('immutable');
    await server.api('PATCH', `/api/shares/${link.id}`, {
      token: team.owner.token,
      body: { status: 'disabled' },
    });
    expect((await get(`/api/share/${link.token}/chunks/1.glb`)).status).toBe(404);
  });
});
