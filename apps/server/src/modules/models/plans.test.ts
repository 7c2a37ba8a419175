import { readFileSync } from 'node:fs';
import type { Model, ModelVersion, Sheet, StoreyPlan } from '@truss/contracts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '../../testing/samples.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel, waitForVersions } from '../../testing/uploads.ts';
import { modelsApi } from './testing/models-api.ts';

/**
 * IFC storey plans through the real path: the converter's worker draws one plan per storey
 * beside the 3D viewable, `GET /plans` lists them and `GET /sheets` serves them like a
 * drawing's sheets (vector JSON with element ids, preview raster).
 */
describe.skipIf(!HAVE_SAMPLES)(`IFC storey plans (${testEngine()})`, () => {
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

  async function upload(token: string, projectId: string, bytes: Buffer, filename: string) {
    const result = await tusUpload(bytes, { baseUrl: server.url, token, projectId, filename });
    expect(result.error).toBeNull();
    return waitForModel(
      async () => (await server.api<Model>('GET', `/api/models/${result.modelId}`, { token })).body,
      150_000,
    );
  }

  const get = (url: string) => fetch(`${server.url}${url}`);

  it(
    'Duplex: a plan per storey, listed, served with element ids',
    { timeout: 240_000 },
    async () => {
      const owner = await api.user();
      const model = await upload(
        owner.token,
        owner.projectId,
        readFileSync(sample('ifc/duplex.ifc')),
        'duplex.ifc',
      );
      expect(model.status, model.failure?.message).toBe('ready');

      const plans = await server.api<StoreyPlan[]>('GET', `/api/models/${model.id}/plans`, {
        token: owner.token,
      });
      expect(plans.status).toBe(200);
      expect(plans.body.map((plan) => [plan.name, plan.elevation])).toEqual([
        ['T/FDN', -1.25],
        ['Level 1', 0],
        ['Level 2', 3.1],
        ['Roof', 6],
      ]);
      for (const plan of plans.body) {
        expect(plan.storeyId).toMatch(/^[0-9A-Za-z_$]{22}$/);
        expect(plan.sheetId).toBe(`s${plan.storeyId}`);
      }

      const sheets = await server.api<Sheet[]>('GET', `/api/models/${model.id}/sheets`, {
        token: owner.token,
      });
      expect(sheets.status).toBe(200);
      expect(sheets.body.map((sheet) => sheet.id)).toEqual(plans.body.map((plan) => plan.sheetId));
      const level1 = sheets.body.find((sheet) => sheet.name === 'Level 1')!;
      expect(level1).toMatchObject({
        kind: 'storey-plan',
        units: 'm',
        content: 'vector',
        text_url: null,
        storey: { elevation: 0, cut_height: 1.2 },
      });
      expect(level1.layers.map((layer) => layer.name)).toEqual(
        expect.arrayContaining(['IfcWallStandardCase', 'IfcDoor', 'IfcSpace']),
      );
      const content = await get(level1.content_url);
      expect(content.status).toBe(200);
      const vector = (await content.json()) as {
        paths: { element?: number; fill: string | null }[];
        texts: { text: string }[];
      };
      expect(vector.paths.length).toBeGreaterThan(100);
      expect(vector.paths.every((path) => Number.isInteger(path.element))).toBe(true);
      expect(vector.texts.map((text) => text.text)).toContain('A102');
      const preview = await get(`${level1.preview_url}&width=300`);
      expect(PNG.sync.read(Buffer.from(await preview.arrayBuffer())).width).toBe(300);

      // Members only; a missing model is 404 like the other model routes.
      const stranger = await api.user();
      expect(
        (await server.api('GET', `/api/models/${model.id}/plans`, { token: stranger.token }))
          .status,
      ).toBe(404);
      expect(
        (
          await server.api('GET', '/api/models/00000000-0000-4000-8000-000000000000/plans', {
            token: owner.token,
          })
        ).status,
      ).toBe(404);
      expect((await server.api('GET', `/api/models/${model.id}/plans`)).status).toBe(401);
    },
  );

  it(
    "an older version's plans: listed and served for that version, not the current one's",
    { timeout: 300_000 },
    async () => {
      const owner = await api.user();
      const model = await upload(
        owner.token,
        owner.projectId,
        readFileSync(sample('ifc/duplex.ifc')),
        'duplex.ifc',
      );
      // Version 2: another IFC with other storeys (example.ifc has 2).
      const second = await tusUpload(readFileSync(sample('ifc/example.ifc')), {
        baseUrl: server.url,
        token: owner.token,
        projectId: owner.projectId,
        filename: 'duplex.ifc',
        modelId: model.id,
      });
      expect(second.error).toBeNull();
      const [v2, v1] = (await waitForVersions(server, owner.token, model.id, 2)) as [
        ModelVersion,
        ModelVersion,
      ];
      const current = await server.api<Sheet[]>('GET', `/api/models/${model.id}/sheets`, {
        token: owner.token,
      });
      const listed = (version: ModelVersion) =>
        server.api<Sheet[]>('GET', `/api/models/${model.id}/versions/${version.id}/sheets`, {
          token: owner.token,
        });
      const older = await listed(v1);
      expect(older.status).toBe(200);
      expect(older.body.map((sheet) => sheet.name)).toEqual([
        'T/FDN',
        'Level 1',
        'Level 2',
        'Roof',
      ]);
      expect((await listed(v2)).body.map((sheet) => sheet.id)).toEqual(
        current.body.map((sheet) => sheet.id),
      );
      expect(current.body).toHaveLength(2);
      // The older version's plan content, by its signed URL: Duplex's rooms.
      const level1 = older.body.find((sheet) => sheet.name === 'Level 1')!;
      const content = await get(level1.content_url);
      expect(content.status).toBe(200);
      const vector = (await content.json()) as { texts: { text: string }[] };
      expect(vector.texts.map((text) => text.text)).toContain('A102');
      expect((await get(level1.preview_url)).status).toBe(200);
      // Members only.
      const stranger = await api.user();
      expect(
        (
          await server.api('GET', `/api/models/${model.id}/versions/${v1.id}/sheets`, {
            token: stranger.token,
          })
        ).status,
      ).toBe(404);
    },
  );

  it('a model that is not an IFC has no plans', { timeout: 240_000 }, async () => {
    const owner = await api.user();
    const model = await upload(
      owner.token,
      owner.projectId,
      Buffer.from('o a\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'),
      'a.obj',
    );
    expect(model.status).toBe('ready');
    const plans = await server.api('GET', `/api/models/${model.id}/plans`, { token: owner.token });
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual([]);
    const sheets = await server.api('GET', `/api/models/${model.id}/sheets`, {
      token: owner.token,
    });
    expect(sheets.body).toEqual([]);
  });
});
