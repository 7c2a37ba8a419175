import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, ObjectNotFoundError, S3Storage, type ObjectStorage } from './index.ts';

/**
 * A tiny S3 look-alike (path-style; PUT/GET/HEAD/DELETE object, ranges, ListObjectsV2,
 * DeleteObjects and multipart uploads) so the S3 adapter is exercised through the real SDK.
 */
function fakeS3(): Promise<{ url: string; objects: Map<string, Buffer>; server: Server }> {
  const objects = new Map<string, Buffer>();
  const parts = new Map<string, Map<number, Buffer>>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const [, , ...rest] = url.pathname.split('/'); // /bucket/key...
    const key = decodeURIComponent(rest.join('/'));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const q = url.searchParams;
    const xml = (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' }).end(content);
    };
    if (req.method === 'PUT' && q.has('partNumber')) {
      parts.get(q.get('uploadId')!)!.set(Number(q.get('partNumber')), body);
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    } else if (req.method === 'PUT') {
      objects.set(key, body);
      res.writeHead(200, { etag: '"x"' }).end();
    } else if (req.method === 'POST' && q.has('uploads')) {
      const id = `u${parts.size + 1}`;
      parts.set(id, new Map());
      xml(
        200,
        `<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    } else if (req.method === 'POST' && q.has('uploadId')) {
      const uploaded = parts.get(q.get('uploadId')!)!;
      const ordered = [...uploaded.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
      objects.set(key, Buffer.concat(ordered));
      xml(200, `<CompleteMultipartUploadResult><ETag>"m"</ETag></CompleteMultipartUploadResult>`);
    } else if (req.method === 'POST' && q.has('delete')) {
      for (const match of body.toString().matchAll(/<Key>([^<]+)<\/Key>/g))
        objects.delete(match[1]!);
      xml(200, '<DeleteResult></DeleteResult>');
    } else if (req.method === 'GET' && q.get('list-type') === '2') {
      const prefix = q.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      xml(
        200,
        `<ListBucketResult><IsTruncated>false</IsTruncated>${keys
          .map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.length}</Size></Contents>`)
          .join('')}</ListBucketResult>`,
      );
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        xml(404, '<Error><Code>NoSuchKey</Code><Message>no</Message></Error>');
        return;
      }
      const range = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '');
      const slice = range ? object.subarray(Number(range[1]), Number(range[2]) + 1) : object;
      res.writeHead(range ? 206 : 200, { 'content-length': slice.length });
      res.end(req.method === 'HEAD' ? undefined : slice);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(400).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        objects,
        server,
      }),
    ),
  );
}

function contract(name: string, make: () => Promise<{ storage: ObjectStorage; dir: string }>) {
  describe(`${name} storage`, () => {
    let storage: ObjectStorage;
    let dir: string;
    beforeAll(async () => {
      ({ storage, dir } = await make());
    });

    it('put / get / range / stat / delete', async () => {
      await storage.put('models/a/original', new TextEncoder().encode('hello world'));
      expect(await storage.stat('models/a/original')).toEqual({ size: 11 });
      expect(await text(await storage.get('models/a/original'))).toBe('hello world');
      expect(await text(await storage.get('models/a/original', { start: 6, end: 10 }))).toBe(
        'world',
      );
      await storage.put('models/a/stream', Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
      expect(await text(await storage.get('models/a/stream'))).toBe('abcd');
      await storage.delete('models/a/stream');
      await storage.delete('models/a/stream'); // missing is fine
      expect(await storage.stat('models/a/stream')).toBeNull();
      await expect(storage.get('models/a/stream')).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('putFile (small and multipart), list and deletePrefix', async () => {
      const file = path.join(dir, 'big.bin');
      const bytes = Buffer.alloc(300_000, 7);
      bytes.write('start', 0);
      await writeFile(file, bytes);
      expect(await storage.putFile('models/b/original', file)).toEqual({ size: 300_000 });
      expect((await stat(file)).size).toBe(300_000); // the source stays
      const back = Buffer.from(
        await (await storage.get('models/b/original')).toArray().then(Buffer.concat),
      );
      expect(back.equals(bytes)).toBe(true);
      await storage.put('models/b/derived/x/model.glb', new Uint8Array([1]));
      await storage.put('models/b/derived/y/model.glb', new Uint8Array([2]));
      expect(await storage.list('models/b/derived/')).toEqual([
        'models/b/derived/x/model.glb',
        'models/b/derived/y/model.glb',
      ]);
      expect(await storage.deletePrefix('models/b/')).toBe(3);
      expect(await storage.list('models/b/')).toEqual([]);
      expect(await storage.stat('models/a/original')).toEqual({ size: 11 });
    });

    it('refuses keys that leave the store', async () => {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a b']) {
        await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

contract('local', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'truss-storage-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { storage: new LocalStorage(path.join(dir, 'storage')), dir };
});

contract('S3 (SDK against a local S3 look-alike)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'truss-s3-'));
  const s3 = await fakeS3();
  cleanups.push(async () => {
    s3.server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const storage = new S3Storage({
    bucket: 'truss',
    region: 'us-east-1',
    endpoint: s3.url,
    accessKeyId: 'test',
    secretAccessKey: 'test',
    prefix: 'p/',
    partBytes: 128 * 1024, // 300 kB goes up in 3 parts
  });
  return { storage, dir };
});
