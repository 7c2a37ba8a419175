import { readFileSync } from 'node:fs';
import type { Model, Sheet } from '@truss/contracts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawing, HAVE_DRAWINGS } from '../../testing/samples.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';
import { modelsApi } from './testing/models-api.ts';

/**
 * Drawings through the real path: tus upload, the converter's worker thread, the sheet files
 * stored, `GET /sheets` with signed URLs and the preview raster at the asked width.
 */
describe.skipIf(!HAVE_DRAWINGS)(`drawings as sheets (${testEngine()})`, () => {
  let server: TestServer;
  let api: ReturnType<typeof modelsApi>;

  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
    });
    api = modelsApi(server);
  }, 120_000);
  afterAll(async () => server?.close());

  async function upload(token: string, projectId: string, path: string): Promise<Model> {
    const result = await tusUpload(readFileSync(drawing(path)), {
      baseUrl: server.url,
      token,
      projectId,
      // Renamed: the content decides the format, not the name.
      filename: `upload-${path.replace(/\W/g, '_')}`,
    });
    expect(result.error).toBeNull();
    return waitForModel(
      async () => (await server.api<Model>('GET', `/api/models/${result.modelId}`, { token })).body,
      150_000,
    );
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${url}`, { headers });

  it(
    'a PDF: one sheet per page, the source PDF by Range, text runs, previews',
    { timeout: 240_000 },
    async () => {
      const owner = await api.user();
      const model = await upload(owner.token, owner.projectId, 'pdf/sheet-set-a3.pdf');
      expect(model.status, model.failure?.message).toBe('ready');
      expect(model.format).toBe('pdf');
      expect(model.viewable_url).toBeNull();
      expect(model.thumbnail_url).not.toBeNull();

      const sheets = await server.api<Sheet[]>('GET', `/api/models/${model.id}/sheets`, {
        token: owner.token,
      });
      expect(sheets.status).toBe(200);
      expect(sheets.body.map((s) => [s.id, s.kind, s.content, s.pdf_page])).toEqual([
        ['p1', 'page', 'pdf', 1],
        ['p2', 'page', 'pdf', 2],
        ['p3', 'page', 'pdf', 3],
      ]);
      const [first] = sheets.body;
      // Every page is drawn from one source PDF: one URL, Range requests work without a token.
      expect(new Set(sheets.body.map((s) => s.content_url)).size).toBe(1);
      const range = await get(first!.content_url, { range: 'bytes=0-4' });
      expect(range.status).toBe(206);
      expect(await range.text()).toBe('%PDF-');
      const text = await get(sheets.body[2]!.text_url!);
      expect(text.status).toBe(200);
      expect(JSON.stringify(await text.json())).toContain('text.dxf');

      const preview = await get(`${first!.preview_url}&width=300`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/png');
      expect(PNG.sync.read(Buffer.from(await preview.arrayBuffer())).width).toBe(300);
      const full = await get(first!.preview_url);
      expect(PNG.sync.read(Buffer.from(await full.arrayBuffer())).width).toBe(1024);
      // By bearer token too, with the default width.
      const byToken = await get(`/api/models/${model.id}/sheets/p2/preview.png?width=64`, {
        authorization: `Bearer ${owner.token}`,
      });
      expect(byToken.status).toBe(200);
      expect(PNG.sync.read(Buffer.from(await byToken.arrayBuffer())).width).toBe(64);
      // Not a sheet of this model; a width past the limit.
      expect(
        (
          await get(`/api/models/${model.id}/sheets/p9/preview.png`, {
            authorization: `Bearer ${owner.token}`,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await get(`/api/models/${model.id}/sheets/p1/preview.png?width=99999`, {
            authorization: `Bearer ${owner.token}`,
          })
        ).status,
      ).toBe(400);
    },
  );

  it(
    'a DWG: model space as a vector sheet with layers, signed for members only',
    { timeout: 240_000 },
    async () => {
      const owner = await api.user();
      const model = await upload(owner.token, owner.projectId, 'dwg/example_2018.dwg');
      expect(model.status, model.failure?.message).toBe('ready');
      expect(model.format).toBe('dwg');
      const sheets = await server.api<Sheet[]>('GET', `/api/models/${model.id}/sheets`, {
        token: owner.token,
      });
      expect(sheets.status).toBe(200);
      const [model_space] = sheets.body;
      expect(model_space).toMatchObject({
        id: 'l0',
        name: 'Model',
        kind: 'model-space',
        units: 'mm',
        content: 'vector',
        text_url: null,
      });
      expect(model_space!.layers.map((l) => l.name)).toEqual(
        expect.arrayContaining(['0', 'Tavolo 2', 'Tavolo 3']),
      );
      const content = await get(model_space!.content_url);
      expect(content.status).toBe(200);
      const vector = (await content.json()) as { paths: unknown[]; texts: { text: string }[] };
      expect(vector.paths.length).toBeGreaterThan(50);
      expect(vector.texts.length).toBeGreaterThan(0);
      const preview = await get(`${model_space!.preview_url}&width=512`);
      expect(PNG.sync.read(Buffer.from(await preview.arrayBuffer())).width).toBe(512);

      // Another user: no list, and the owner's signed URLs do not work for them by token.
      const stranger = await api.user();
      const denied = await server.api('GET', `/api/models/${model.id}/sheets`, {
        token: stranger.token,
      });
      expect(denied.status).toBe(404);
      const bare = new URL(model_space!.content_url, server.url).pathname;
      expect((await get(bare)).status).toBe(401);
      expect((await get(bare, { authorization: `Bearer ${stranger.token}` })).status).toBe(404);
      const forged = model_space!.content_url.replace(/sig=[^&]+/, 'sig=AAAA');
      expect((await get(forged)).status).toBe(401);
    },
  );

  it(
    'a DWG cut short fails with DRAWING_DAMAGED and has no sheets',
    { timeout: 240_000 },
    async () => {
      const owner = await api.user();
      const whole = readFileSync(drawing('dwg/example_2018.dwg'));
      const result = await tusUpload(whole.subarray(0, 40_000), {
        baseUrl: server.url,
        token: owner.token,
        projectId: owner.projectId,
        filename: 'cut.dwg',
      });
      const model = await waitForModel(
        async () =>
          (await server.api<Model>('GET', `/api/models/${result.modelId}`, { token: owner.token }))
            .body,
        150_000,
      );
      expect(model.status).toBe('failed');
      expect(model.failure?.code).toBe('DRAWING_DAMAGED');
      const sheets = await server.api('GET', `/api/models/${model.id}/sheets`, {
        token: owner.token,
      });
      expect(sheets.status).toBe(409);
    },
  );
});
