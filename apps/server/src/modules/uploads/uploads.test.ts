import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Model, Project } from '@truss/contracts';
import { validateGlb } from '@truss/converter';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIMP_INVALID_DIR, HAVE_SAMPLES, sample } from '../../testing/samples.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { sha256, tusUpload, waitForModel } from '../../testing/uploads.ts';

/**
 * Upload -> convert -> view through the real HTTP server, the real tus client and the real
 * converter in a memory-capped worker thread.
 */
describe.skipIf(!HAVE_SAMPLES)(`uploads and conversion (${testEngine()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      models: { role: 'all', workerConcurrency: 1, jobPollIntervalMs: 50 },
    });
  });
  afterAll(() => server?.close());

  async function signedInWithProject() {
    const user = await server.createUser();
    const projects = await server.api<Project[]>('GET', '/api/project', { token: user.token });
    return { user, token: user.token, projectId: projects.body[0]!.id };
  }

  const getModel = (token: string, id: string) => async () =>
    (await server.api<Model>('GET', `/api/models/${id}`, { token })).body;

  it('an IFC file uploaded with tus becomes a ready model with a validator-clean viewable', async () => {
    const { token, projectId } = await signedInWithProject();
    const bytes = readFileSync(sample('ifc/IfcOpenHouse_IFC4.ifc'));
    const started = Date.now();
    const result = await tusUpload(bytes, {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'IfcOpenHouse 办公.ifc',
    });
    expect(result.error).toBeNull();
    expect(result.modelId).toMatch(/^[0-9a-f-]{36}$/);
    const queued = await getModel(token, result.modelId!)();
    expect(queued).toMatchObject({
      name: 'IfcOpenHouse 办公.ifc',
      size: bytes.length,
      format: 'ifc',
      urn: `urn:truss:model:${result.modelId}`,
    });
    const model = await waitForModel(getModel(token, result.modelId!));
    const seconds = (Date.now() - started) / 1000;
    expect(model).toMatchObject({ status: 'ready', progress: 100, stage: null, failure: null });
    console.log(`IfcOpenHouse (113 kB): upload -> ready in ${seconds.toFixed(2)} s`);

    // viewable: validator-clean, immutable when versioned, ETag revalidation
    const glb = await fetch(`${server.url}${model.viewable_url}`);
    expect(glb.status).toBe(200);
    expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
    expect(glb.headers.get('cache-control')).toContain('immutable');
    const glbBytes = new Uint8Array(await glb.arrayBuffer());
    const validation = await validateGlb(glbBytes);
    expect(validation.errors).toBe(0);
    const etag = glb.headers.get('etag')!;
    const again = await server.api('GET', `/api/models/${model.id}/viewable.glb`, {
      token,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const range = await server.api('GET', `/api/models/${model.id}/viewable.glb`, {
      token,
      headers: { range: 'bytes=0-3' },
    });
    expect(range.status).toBe(206);
    expect(range.text).toBe('glTF');
    expect(range.headers.get('cache-control')).toBe('private, no-cache');

    // metadata: brotli and gzip variants of the same JSON
    const metadataUrl = `${server.url}${model.metadata_url}`;
    const plainResponse = await fetch(metadataUrl, { headers: { 'accept-encoding': 'identity' } });
    expect(plainResponse.headers.get('content-encoding')).toBeNull();
    const plain = (await plainResponse.json()) as unknown;
    expect(plain).toMatchObject({ format: 'ifc' });
    // node:http, not fetch: fetch would inflate the body for us
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        get(metadataUrl, { headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });
    const br = await raw('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(plain);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString())).toEqual(plain);

    // thumbnail through its signed URL (no token: <img src>); a forged signature is refused
    const thumbnail = await fetch(`${server.url}${model.thumbnail_url}`);
    expect(thumbnail.status).toBe(200);
    expect(
      Buffer.from(await thumbnail.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const forged = model.thumbnail_url!.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await fetch(`${server.url}${forged}`)).status).toBe(401);

    // original: byte-identical, named with RFC 5987
    const original = await fetch(`${server.url}/api/models/${model.id}/original`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(original.headers.get('content-disposition')).toBe(
      `attachment; filename="IfcOpenHouse .ifc"; filename*=UTF-8''IfcOpenHouse%20%E5%8A%9E%E5%85%AC.ifc`,
    );
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(bytes));

    // storage counts the original against the owner's plan
    const subscription = await server.api<{ limits: { storage: { current: number } } }>(
      'GET',
      '/api/user/subscription',
      { token },
    );
    expect(subscription.body.limits.storage.current).toBe(bytes.length);
  });

  it('files picked together arrive as one zip named after the main file (metadata modelName)', async () => {
    const { token, projectId } = await signedInWithProject();
    const zip = zipSync({
      'hundred_cubes.obj': readFileSync(sample('obj/hundred_cubes.obj')),
      'hundred_cubes.mtl': readFileSync(sample('obj/hundred_cubes.mtl')),
    });
    const result = await tusUpload(Buffer.from(zip), {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'hundred_cubes.zip',
      modelName: 'hundred_cubes.obj',
    });
    expect(result.error).toBeNull();
    const model = await waitForModel(getModel(token, result.modelId!));
    expect(model).toMatchObject({ name: 'hundred_cubes.obj', status: 'ready', format: 'zip' });
    // The MTL came along: its three colours are the viewable's materials.
    const glb = new Uint8Array(
      await (await fetch(`${server.url}${model.viewable_url}`)).arrayBuffer(),
    );
    const json = JSON.parse(
      new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer).getUint32(12, true))),
    ) as { materials?: unknown[] };
    expect(json.materials).toHaveLength(3);

    const bad = await tusUpload(Buffer.from(zip), {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'x.zip',
      modelName: ' ',
    });
    expect(bad.error?.status).toBe(400);
  });

  it('content that is no model is refused with 415 before it is stored, whatever its name', async () => {
    const { token, projectId } = await signedInWithProject();
    const text = Buffer.from('Quarterly report\n\nThis is not a building model.\n'.repeat(50));
    const result = await tusUpload(text, {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'plan.ifc',
    });
    expect(result.error?.status).toBe(415);
    expect(JSON.parse(result.error!.body)).toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_FORMAT',
      message: 'Unsupported file format',
    });
    const uploadId = result.url!.split('/').pop()!;
    expect(await readdir(path.join(server.dataDir, 'uploads'))).not.toContain(uploadId);
    const rows = await server.db
      .selectFrom('uploads')
      .select('id')
      .where('id', '=', uploadId)
      .execute();
    expect(rows).toEqual([]);
    const models = await server.api<Model[]>('GET', `/api/project/${projectId}/models`, { token });
    expect(models.body).toEqual([]);
  });

  it('a file of zeros named .ifc: 413 when over the plan (2 GB), else 415 after its first chunk', async () => {
    const { token, projectId } = await signedInWithProject();
    const tus = (length: number) =>
      fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${token}`,
          'upload-length': String(length),
          'upload-metadata': `projectId ${Buffer.from(projectId).toString('base64')},filename ${Buffer.from('zeros.ifc').toString('base64')}`,
        },
      });
    // 2 GB is more than the free plan's storage: refused before a byte is sent.
    const tooBig = await tus(2 * 1024 ** 3);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ code: 'STORAGE_LIMIT_EXCEEDED' });
    // 64 MiB of zeros fits the plan; its first chunk is enough to refuse it as no model at all.
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const refused = await tusUpload(zeros, {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'zeros.ifc',
      chunkSize: 8 * 1024 * 1024,
    });
    expect(refused.error?.status).toBe(415);
    expect(JSON.parse(refused.error!.body)).toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    expect(await readdir(path.join(server.dataDir, 'uploads'))).not.toContain(
      refused.url!.split('/').pop(),
    );
    // The refused upload no longer holds a slot or storage: a real model still goes through.
    const bytes = readFileSync(sample('stl/stl_binary.stl'));
    const ok = await tusUpload(bytes, { baseUrl: server.url, token, projectId, filename: 'a.stl' });
    expect(ok.error).toBeNull();
  });

  it('with small chunks the format is decided once 64 KiB arrived (stored head + new bytes)', async () => {
    const { token, projectId } = await signedInWithProject();
    const text = Buffer.from('Not a model, just words.\n'.repeat(8000)); // 200 kB
    const refused = await tusUpload(text, {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'words.stl',
      chunkSize: 16 * 1024,
    });
    expect(refused.error?.status).toBe(415);
    const refusedId = refused.url!.split('/').pop()!;
    expect(await readdir(path.join(server.dataDir, 'uploads'))).not.toContain(refusedId);

    const bytes = readFileSync(sample('ifc/example.ifc')); // 414 kB
    const accepted = await tusUpload(bytes, {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'example.ifc',
      chunkSize: 16 * 1024,
    });
    expect(accepted.error).toBeNull();
    const row = await server.db
      .selectFrom('models')
      .select(['format', 'original_sha256'])
      .where('id', '=', accepted.modelId!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ format: 'ifc', original_sha256: sha256(bytes) });
  });

  it('a resumed upload (connection dropped half way) yields the exact bytes', async () => {
    const { token, projectId } = await signedInWithProject();
    const bytes = readFileSync(sample('ifc/tested_sample_project.ifc')); // 710 kB
    const first = await tusUpload(bytes, {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'sample.ifc',
      chunkSize: 128 * 1024,
      abortAfterBytes: 300 * 1024,
    });
    expect(first.aborted).toBe(true);
    const head = await fetch(first.url!, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
    });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(300 * 1024);
    expect(offset).toBeLessThan(bytes.length);
    const resumed = await tusUpload(bytes, {
      baseUrl: server.url,
      token,
      projectId,
      filename: 'sample.ifc',
      chunkSize: 128 * 1024,
      uploadUrl: first.url!,
    });
    expect(resumed.error).toBeNull();
    expect(resumed.modelId).toBe(first.url!.split('/').pop());
    const original = await fetch(`${server.url}/api/models/${resumed.modelId}/original`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(bytes));
    const row = await server.db
      .selectFrom('models')
      .select('original_sha256')
      .where('id', '=', resumed.modelId!)
      .executeTakeFirstOrThrow();
    expect(row.original_sha256).toBe(sha256(bytes));
  });

  it('empty, malformed and zip-bomb files end failed with a reason', async () => {
    const { token, projectId } = await signedInWithProject();
    // 4 MiB of zeros in ~4 KiB: a ratio of about 1,000 (the limit is 200). Deflating 64 MiB
    // here took most of the test's 30 s on a loaded machine.
    const bomb = Buffer.from(zipSync({ 'model.obj': new Uint8Array(4 * 1024 ** 2) }));
    const cases: [string, Buffer, string][] = [
      ['empty.obj', Buffer.alloc(0), 'EMPTY_FILE'],
      ['bomb.zip', bomb, 'MODEL_TOO_LARGE'],
    ];
    if (existsSync(ASSIMP_INVALID_DIR)) {
      cases.push([
        'OutOfMemory.off',
        readFileSync(path.join(ASSIMP_INVALID_DIR, 'OutOfMemory.off')),
        'MALFORMED_FILE',
      ]);
    }
    for (const [filename, bytes, code] of cases) {
      const result = await tusUpload(bytes, { baseUrl: server.url, token, projectId, filename });
      expect(result.error, filename).toBeNull();
      const model = await waitForModel(getModel(token, result.modelId!));
      expect(model.status, filename).toBe('failed');
      expect(model.failure?.code, filename).toBe(code);
      expect(model.failure?.message.length, filename).toBeGreaterThan(5);
      expect(model.viewable_url).toBeNull();
    }
  }, 90_000);
});
