import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';

/**
 * What the tests that run Truss as child processes (child-server.ts) share besides starting
 * them: a database of their own, scratch data folders, model files of a chosen size and a tus
 * client that talks to any instance.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A cube as OBJ, then comment lines up to `size` bytes (converts in a moment). */
export function paddedObj(size: number, seed: string): Buffer {
  const cube = [
    `# ${seed}`,
    'v 0 0 0',
    'v 1 0 0',
    'v 1 1 0',
    'v 0 1 0',
    'v 0 0 1',
    'f 1 2 3 4',
    'f 1 2 5',
  ].join('\n');
  const lines = [cube];
  let length = cube.length + 1;
  for (let i = 0; length < size; i++) {
    const line = `# padding ${i} ${'x'.repeat(i % 61)}`;
    lines.push(line);
    length += line.length + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`).subarray(0, size);
}

/** A database of its own on the test PostgreSQL (TEST_DATABASE_URL), dropped by `drop`. */
export async function ownDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Temporary folders named `<prefix>…`, all removed by `removeAll`. */
export function scratchDirs(prefix: string) {
  const dirs: string[] = [];
  return {
    async make(): Promise<string> {
      const dir = await mkdtemp(path.join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    async removeAll(): Promise<void> {
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** tus requests of one user against any instance (`base` is the instance's URL). */
export function tusClient(token: string, projectId: string) {
  const tus = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    'tus-resumable': '1.0.0',
    ...extra,
  });
  return {
    async create(base: string, size: number, name: string): Promise<string> {
      const created = await fetch(`${base}/api/uploads`, {
        method: 'POST',
        headers: tus({
          'upload-length': String(size),
          'upload-metadata': `projectId ${b64(projectId)},filename ${b64(name)}`,
        }),
      });
      expect(created.status, await created.text()).toBe(201);
      return new URL(created.headers.get('location')!, base).pathname;
    },
    patch(base: string, at: string, offset: number, body: Uint8Array | ReadableStream<Uint8Array>) {
      return fetch(`${base}${at}`, {
        method: 'PATCH',
        headers: tus({
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        }),
        body,
        duplex: 'half',
      } as RequestInit);
    },
    head(base: string, at: string) {
      return fetch(`${base}${at}`, { method: 'HEAD', headers: tus() });
    },
    original(base: string, modelId: string) {
      return fetch(`${base}/api/models/${modelId}/original`, { headers: tus() });
    },
  };
}
