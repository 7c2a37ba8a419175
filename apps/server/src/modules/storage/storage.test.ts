import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../testing/fake-s3.ts';
import { realS3, realS3SkipReason } from '../../testing/real-s3.ts';
import { ensureBucket, LocalStorage, ObjectNotFoundError, type ObjectStorage } from './index.ts';
import { S3Storage } from './s3-storage.ts';

/** Sizes of the multipart cases: above the adapter's part sizes (real S3 wants parts of 5 MiB). */
interface Sizes {
  file: number;
  copy: number;
}

function contract(
  name: string,
  make: () => Promise<{ storage: ObjectStorage; dir: string }>,
  sizes: Sizes = { file: 300_000, copy: 250_000 },
) {
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
      const bytes = Buffer.alloc(sizes.file, 7);
      bytes.write('start', 0);
      await writeFile(file, bytes);
      expect(await storage.putFile('models/b/original', file)).toEqual({ size: sizes.file });
      expect((await stat(file)).size).toBe(sizes.file); // the source stays
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

    it('copy (whole, and in parts on S3 above copyPartBytes)', async () => {
      const small = new TextEncoder().encode('copy me');
      await storage.put('uploads/c', small);
      expect(await storage.copy('uploads/c', 'models/c/original')).toEqual({ size: 7 });
      expect(await text(await storage.get('models/c/original'))).toBe('copy me');
      const big = Buffer.alloc(sizes.copy);
      for (let i = 0; i < big.length; i++) big[i] = i % 251;
      await storage.put('uploads/d', big);
      expect(await storage.copy('uploads/d', 'models/d/original')).toEqual({ size: sizes.copy });
      const back = Buffer.concat(await (await storage.get('models/d/original')).toArray());
      expect(back.equals(big)).toBe(true);
      expect(await storage.stat('uploads/d')).toEqual({ size: sizes.copy }); // the source stays
      await expect(storage.copy('uploads/missing', 'models/e/original')).rejects.toBeInstanceOf(
        ObjectNotFoundError,
      );
      await storage.deletePrefix('uploads/');
      await storage.deletePrefix('models/c/');
      await storage.deletePrefix('models/d/');
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

// The real S3 server (Ceph radosgw: the one CI started, or one of this file's own where Ceph is
// installed); where there is none, the adapter's contract still runs against the look-alike.
const skipReal = realS3SkipReason();
if (skipReal) console.warn(`storage.test: S3 contract on the look-alike only (${skipReal})`);
if (!skipReal) {
  contract(
    'S3 (Ceph radosgw)',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'truss-s3-'));
      const s3 = (await realS3())!;
      const bucket = `storage-test-${process.pid}-${Date.now()}`;
      await s3.createBucket(bucket);
      cleanups.push(async () => {
        await s3.close();
        await rm(dir, { recursive: true, force: true });
      });
      const storage = new S3Storage({
        bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        prefix: 'p/',
        partBytes: 5 * 1024 * 1024, // S3's minimum part: 12 MB goes up in 3 parts
        copyPartBytes: 5 * 1024 * 1024, // and 11 MB is copied in 3 parts
      });
      return { storage, dir };
    },
    { file: 12 * 1024 * 1024, copy: 11 * 1024 * 1024 },
  );
}

contract('S3 (SDK against a local S3 look-alike)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'truss-s3-'));
  const s3 = await startFakeS3();
  cleanups.push(async () => {
    await s3.close();
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
    copyPartBytes: 100_000, // and is copied in 3 parts
  });
  return { storage, dir };
});

describe('ensureBucket at start-up', () => {
  async function said(outcome: 'exists' | 'created' | 'created-elsewhere') {
    const lines: string[] = [];
    const log = { info: (_: object, msg: string) => lines.push(msg), warn: () => undefined };
    const storage = { ensureBucket: () => Promise.resolve(outcome) } as unknown as ObjectStorage;
    await ensureBucket(storage, 'b', log);
    return lines;
  }

  it('claims no creation it cannot know of (instances starting together all see it missing)', async () => {
    expect(await said('exists')).toEqual([]);
    expect(await said('created')).toEqual([
      'S3 bucket was missing: created it (or an instance starting with this one did)',
    ]);
    expect(await said('created-elsewhere')).toEqual([
      'S3 bucket was missing: another instance created it meanwhile',
    ]);
  });
});
