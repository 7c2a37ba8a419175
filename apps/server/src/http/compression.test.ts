import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that neither asks for nor decodes any encoding on its own (fetch would do both). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(res: RawResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  return res.body;
}

// A realistic, compressible asset: repeated code, well over the 1 KiB threshold.
const APP_JS = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = compute(${i}, "truss");`).join(
    '\n',
  ),
);
const APP_CSS = Buffer.from(
  Array.from(
    { length: 300 },
    (_, i) => `.c${i}{color:#${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}}`,
  ).join(''),
);

describe('compressed delivery', () => {
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'truss-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Truss</title>');
    // What the web build writes (apps/web/build/precompress.ts): the file, .br and .gz beside it.
    for (const [name, bytes] of [
      ['app-3f9a1c.js', APP_JS],
      ['app-77aa00.css', APP_CSS],
    ] as const) {
      await writeFile(path.join(dist, 'assets', name), bytes);
      await writeFile(path.join(dist, 'assets', `${name}.br`), brotliCompressSync(bytes));
      await writeFile(path.join(dist, 'assets', `${name}.gz`), gzipSync(bytes));
    }
    server = await startTestServer({ webDistDir: dist, mail: 'outbox' });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each([
    ['app-3f9a1c.js', APP_JS, 'javascript'],
    ['app-77aa00.css', APP_CSS, 'css'],
  ])('%s: br, gzip and identity decode to the same bytes', async (name, bytes, type) => {
    const url = `${server.url}/assets/${name}`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    const plain = await rawGet(url);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gz, plain]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res).equals(bytes)).toBe(true);
    }
    expect(br.body.length).toBeLessThan(bytes.length / 3);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('API JSON above 1 KiB is compressed when asked, and decodes to the identity body', async () => {
    const url = `${server.url}/api/docs/json`;
    const br = await rawGet(url, { 'accept-encoding': 'br' });
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    const plain = await rawGet(url);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode(br).equals(plain.body)).toBe(true);
    expect(decode(gz).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
  });

  it('small API answers go out as they are', async () => {
    const res = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ status: 'ok' });
  });

  it('index.html stays revalidated', async () => {
    const res = await rawGet(`${server.url}/signin`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
