import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Model } from '@truss/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOn, startChildServer, type ChildServer } from '../../testing/child-server.ts';
import { realS3, realS3SkipReason, type RealS3 } from '../../testing/real-s3.ts';
import { testEngine } from '../../testing/test-server.ts';

const MIB = 1024 * 1024;

/** A cube as OBJ, then numbered comment lines up to `size` bytes (converts in a moment). */
function paddedObj(size: number): Buffer {
  const cube = [
    'v 0 0 0',
    'v 1 0 0',
    'v 1 1 0',
    'v 0 1 0',
    'v 0 0 1',
    'v 1 0 1',
    'v 1 1 1',
    'v 0 1 1',
    'f 1 2 3 4',
    'f 5 8 7 6',
    'f 1 5 6 2',
    'f 2 6 7 3',
    'f 3 7 8 4',
    'f 5 1 4 8',
  ].join('\n');
  const lines = [cube];
  let length = cube.length + 1;
  for (let i = 0; length < size; i++) {
    const line = `# padding line ${i} ${'x'.repeat(i % 61)}`;
    lines.push(line);
    length += line.length + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`).subarray(0, size);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const noS3 = realS3SkipReason();
if (noS3) console.warn(`s3-scale-out.test: skipped (${noS3})`);

/**
 * Scale-out with S3: two API processes (ROLE=api) and a worker process on one PostgreSQL and
 * one bucket of a real S3 server (Ceph radosgw; the first process creates the bucket), no sticky routing: the PATCHes of one upload go to both API
 * processes in turn, one of them while the other still holds the upload's lock. The model
 * converts and its original has the uploaded bytes. PostgreSQL only (the locks are shared there).
 */
describe.skipIf(testEngine() !== 'postgres' || noS3 !== null)(
  'tus uploads across two API processes on S3 (child processes, PostgreSQL)',
  () => {
    const children: ChildServer[] = [];
    const dirs: string[] = [];
    let s3: RealS3;
    const bucket = `scale-out-${process.pid}-${Date.now()}`;
    let drop = async () => undefined;
    let a: ChildServer;
    let b: ChildServer;

    beforeAll(async () => {
      s3 = (await realS3())!;
      const admin = process.env.TEST_DATABASE_URL!;
      const name = `truss_s3_${randomBytes(4).toString('hex')}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      drop = async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
      const url = new URL(admin);
      url.pathname = `/${name}`;
      const env = {
        DATABASE_URL: url.toString(),
        JWT_SECRET: 's3-scale-out-secret-s3-scale-out-secret',
        TOKEN_HMAC_SECRET: 's3-scale-out-hmac-s3-scale-out-hmac',
        JOB_POLL_INTERVAL_MS: '100',
        ...s3.env(bucket, 't/'),
      };
      const dataDir = async () => {
        const dir = await mkdtemp(path.join(tmpdir(), 'truss-s3-scale-'));
        dirs.push(dir);
        return dir;
      };
      // Started one after the other: the first runs the migrations.
      a = await startChildServer({ ...env, DATA_DIR: await dataDir(), ROLE: 'api' });
      children.push(a);
      b = await startChildServer({ ...env, DATA_DIR: await dataDir(), ROLE: 'api' });
      children.push(b);
      children.push(
        await startChildServer(
          { ...env, DATA_DIR: await dataDir(), LOG_LEVEL: 'info' },
          { args: ['--workers-only'], readyWhen: /Truss workers started/ },
        ),
      );
    }, 180_000);

    afterAll(async () => {
      for (const child of children) await child.kill();
      await drop();
      await s3?.close();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    });

    it(
      'alternate PATCHes on both instances, a lock taken over, the model converts',
      {
        timeout: 180_000,
      },
      async () => {
        const { token, projectId } = await signUpOn(a.url);
        const file = paddedObj(12 * MIB + 12_345); // whole parts (8 MiB) and a tail in the store
        const tus = (extra: Record<string, string> = {}) => ({
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          ...extra,
        });
        const b64 = (text: string) => Buffer.from(text).toString('base64');
        const created = await fetch(`${a.url}/api/uploads`, {
          method: 'POST',
          headers: tus({
            'upload-length': String(file.length),
            'upload-metadata': `projectId ${b64(projectId)},filename ${b64('padded.obj')}`,
          }),
        });
        expect(created.status, await created.text()).toBe(201);
        const location = created.headers.get('location')!;
        const uploadPath = new URL(location, a.url).pathname;

        const head = async (base: string) => {
          const response = await fetch(`${base}${uploadPath}`, { method: 'HEAD', headers: tus() });
          expect(response.status).toBe(200);
          return Number(response.headers.get('upload-offset'));
        };
        const patch = async (base: string, offset: number, length: number) => {
          const response = await fetch(`${base}${uploadPath}`, {
            method: 'PATCH',
            headers: tus({
              'upload-offset': String(offset),
              'content-type': 'application/offset+octet-stream',
            }),
            body: file.subarray(offset, offset + length),
          });
          expect(response.status, await response.text()).toBe(204);
          expect(Number(response.headers.get('upload-offset'))).toBe(
            Math.min(file.length, offset + length),
          );
          return response;
        };

        // 3 MiB on A (under S3's 5 MiB part minimum: kept as the store's tail object), 6 MiB on
        // B (which takes A's tail: one 8 MiB part and a new tail).
        await patch(a.url, 0, 3 * MIB);
        expect(await head(b.url)).toBe(3 * MIB);
        await patch(b.url, 3 * MIB, 6 * MIB);
        expect(await head(a.url)).toBe(9 * MIB);

        // A holds the lock while its PATCH is still receiving; B's HEAD asks it to let go (through
        // the database), A stores what it got and B then sees it.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const slowBody = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(file.subarray(9 * MIB, 9 * MIB + 256 * 1024));
            await released;
            controller.close();
          },
        });
        const held = fetch(`${a.url}${uploadPath}`, {
          method: 'PATCH',
          headers: tus({
            'upload-offset': String(9 * MIB),
            'content-type': 'application/offset+octet-stream',
          }),
          body: slowBody,
          duplex: 'half',
        } as RequestInit).then(
          async (response) => response.status,
          () => 0,
        );
        await new Promise((resolve) => setTimeout(resolve, 500)); // A has taken the lock
        const offset = await head(b.url);
        release();
        await held;
        expect(offset).toBe(9 * MIB + 256 * 1024);
        expect(await head(a.url)).toBe(offset);

        // The rest, alternating again; the last PATCH names the model.
        await patch(a.url, offset, MIB);
        expect(await head(b.url)).toBe(offset + MIB);
        const last = await patch(b.url, offset + MIB, file.length);
        const modelId = last.headers.get('truss-model-id')!;
        expect(modelId).toBeTruthy();

        let model: Model;
        const deadline = Date.now() + 120_000;
        do {
          await new Promise((resolve) => setTimeout(resolve, 250));
          model = (await (
            await fetch(`${a.url}/api/models/${modelId}`, { headers: tus() })
          ).json()) as Model;
        } while (!['ready', 'failed'].includes(model.status) && Date.now() < deadline);
        expect(model.status).toBe('ready');
        const original = await fetch(`${b.url}/api/models/${modelId}/original`, { headers: tus() });
        expect(original.status).toBe(200);
        expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(file));

        // Nothing of the upload is left in the bucket: the original is the model's own object.
        const keys = await s3.keys(bucket);
        expect(keys.filter((key) => key.startsWith('t/uploads/'))).toEqual([]);
        expect(keys).toContain(`t/models/${modelId}/original`);
        expect(await s3.openMultipart(bucket)).toBe(0);
      },
    );
  },
);
