import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../testing/fake-s3.ts';
import { LocalStorage, ObjectNotFoundError, type ObjectStorage } from './index.ts';
import { S3Storage } from './s3-storage.ts';

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

    it('copy (whole, and in parts on S3 above copyPartBytes)', async () => {
      const small = new TextEncoder().encode('copy me');
      await storage.put('uploads/c', small);
      expect(await storage.copy('uploads/c', 'models/c/original')).toEqual({ size: 7 });
      expect(await text(await storage.get('models/c/original'))).toBe('copy me');
      const big = Buffer.alloc(250_000);
      for (let i = 0; i < big.length; i++) big[i] = i % 251;
      await storage.put('uploads/d', big);
      expect(await storage.copy('uploads/d', 'models/d/original')).toEqual({ size: 250_000 });
      const back = Buffer.concat(await (await storage.get('models/d/original')).toArray());
      expect(back.equals(big)).toBe(true);
      expect(await storage.stat('uploads/d')).toEqual({ size: 250_000 }); // the source stays
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
