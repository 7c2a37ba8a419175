/**
 * The viewable's stored layout: one brotli copy of the metadata, served as stored, recoded as
 * gzip or decoded for other clients; the model as is plus a brotli copy, each with Range; and
 * folders stored before (three metadata copies, no model copy) still read.
 */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Model, Project } from '@truss/contracts';
import { VIEWABLE_FILES } from '@truss/viewable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';
import type { ConvertFn } from './convert-job.ts';

const METADATA = JSON.stringify({ version: 2, format: 'obj', strings: ['x'.repeat(2000)] });
/** A compressible stand-in for a model (the job stores it without reading it). */
const GLB = Buffer.concat([
  Buffer.from('glTF'),
  Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 97)),
]);

/** Instant conversion; the job stores what it gets without reading the .glb. */
const convert: ConvertFn = async () => ({
  ok: true,
  glb: new Uint8Array(GLB).buffer,
  thumbnailPng: new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer,
  metadataGz: new Uint8Array(gzipSync(METADATA)).buffer,
  format: 'obj',
  stats: {},
});

describe(`viewable stored layout (${testEngine()})`, () => {
  let server: TestServer;
  let model: Model;
  let prefix: string;
  beforeAll(async () => {
    server = await startTestServer({
      models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
      modelDeps: { convert },
    });
    const { token } = await server.createUser();
    const [project] = (await server.api<Project[]>('GET', '/api/project', { token })).body;
    const upload = await tusUpload(Buffer.from('o a\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), {
      baseUrl: server.url,
      token,
      projectId: project!.id,
      filename: 'a.obj',
    });
    model = await waitForModel(
      async () => (await server.api<Model>('GET', `/api/models/${upload.modelId}`, { token })).body,
    );
    const row = await server.db
      .selectFrom('models')
      .select('derived_prefix')
      .where('id', '=', model.id)
      .executeTakeFirstOrThrow();
    prefix = row.derived_prefix!;
  });
  afterAll(() => server?.close());

  /** The metadata through its signed URL, without inflating the body. */
  const metadata = (headers: Record<string, string>) =>
    server.app.inject({ method: 'GET', url: model.metadata_url!, headers });

  async function expectEveryEncoding() {
    const br = await metadata({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(METADATA);

    const gz = await metadata({ 'accept-encoding': 'gzip' });
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(METADATA);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const again = await metadata({ 'accept-encoding': 'gzip', 'if-none-match': gz.headers.etag! });
    expect(again.statusCode).toBe(304);

    const plain = await metadata({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(METADATA.length));
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.payload).toBe(METADATA);
    const range = await metadata({ range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${METADATA.length}`);
    expect(range.payload).toBe(METADATA.slice(0, 10));
  }

  it('keeps one compressed metadata copy and serves it in every encoding', async () => {
    expect(VIEWABLE_FILES.metadata).toMatchObject({ name: 'metadata.json.br', encoding: 'br' });
    const keys = await server.app.models.storage.list(prefix);
    expect(keys.map((key) => key.slice(prefix.length)).sort()).toEqual([
      'metadata.json.br',
      'model.glb',
      'model.glb.br',
      'thumbnail.png',
    ]);
    await expectEveryEncoding();
  });

  it('reads a folder stored in the old layout (plain, .gz and .br copies) as it is', async () => {
    const storage = server.app.models.storage;
    // What the job wrote before: the same JSON three times.
    await storage.put(`${prefix}metadata.json`, Buffer.from(METADATA), {
      contentType: 'application/json',
    });
    await storage.put(`${prefix}metadata.json.gz`, gzipSync(METADATA, { level: 9 }), {
      contentType: 'application/json',
    });
    await storage.put(`${prefix}metadata.json.br`, brotliCompressSync(METADATA), {
      contentType: 'application/json',
    });
    await expectEveryEncoding();
  });

  /** The model through its signed URL, without inflating the body. */
  const glb = (headers: Record<string, string>) =>
    server.app.inject({ method: 'GET', url: model.viewable_url!, headers });

  it('serves the model as its brotli copy to browsers, and as is to others, each with Range', async () => {
    const br = await glb({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(GLB.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(GLB)).toBe(true);

    const plain = await glb({ 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.rawPayload.equals(GLB)).toBe(true);
    expect(plain.headers.etag).not.toBe(br.headers.etag);

    // Range applies to the bytes of the representation asked for.
    const plainRange = await glb({ range: 'bytes=4-13' });
    expect(plainRange.statusCode).toBe(206);
    expect(plainRange.headers['content-range']).toBe(`bytes 4-13/${GLB.length}`);
    expect(plainRange.rawPayload.equals(GLB.subarray(4, 14))).toBe(true);
    const brRange = await glb({ 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(brRange.statusCode).toBe(206);
    expect(brRange.headers['content-encoding']).toBe('br');
    expect(brRange.headers['content-range']).toBe(`bytes 0-9/${br.rawPayload.length}`);
    expect(brRange.rawPayload.equals(br.rawPayload.subarray(0, 10))).toBe(true);

    const again = await glb({ 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.statusCode).toBe(304);
    const stale = await glb({ 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! });
    expect(stale.statusCode).toBe(200);
  });

  it('serves a model converted before the brotli copy existed as it is', async () => {
    await server.app.models.storage.delete(`${prefix}model.glb.br`);
    const res = await glb({ 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(GLB)).toBe(true);
  });
});
