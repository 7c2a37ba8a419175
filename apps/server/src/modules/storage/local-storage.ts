import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  ObjectNotFoundError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
} from './storage.ts';

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Objects as files under one folder (DATA_DIR/storage by default). Every write goes to a
 * temporary file next to the target and is renamed into place, so readers never see half a file.
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  #path(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/').filter(Boolean));
  }

  #tempFor(target: string): string {
    return `${target}.tmp-${randomBytes(6).toString('hex')}`;
  }

  async put(key: string, body: Uint8Array | Readable): Promise<ObjectInfo> {
    const target = this.#path(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = this.#tempFor(target);
    try {
      const source = body instanceof Uint8Array ? Readable.from([body]) : body;
      await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async putFile(
    key: string,
    filePath: string,
    options: { move?: boolean } = {},
  ): Promise<ObjectInfo> {
    const target = this.#path(key);
    await mkdir(path.dirname(target), { recursive: true });
    if (options.move) {
      try {
        await rename(filePath, target);
        return { size: (await stat(target)).size };
      } catch (error) {
        // another filesystem: copy below, then drop the source
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
    }
    const temp = this.#tempFor(target);
    try {
      // A hard link is instant and leaves the source in place; another filesystem needs a copy.
      await link(filePath, temp).catch(() => copyFile(filePath, temp));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    if (options.move) await unlink(filePath);
    return { size: (await stat(target)).size };
  }

  async copy(fromKey: string, toKey: string): Promise<ObjectInfo> {
    const source = this.#path(fromKey);
    if (!(await this.stat(fromKey))) throw new ObjectNotFoundError(fromKey);
    return this.putFile(toKey, source, { move: false });
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.#path(key);
    try {
      await stat(file);
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.#path(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.#path(prefix);
    let entries: string[];
    try {
      entries = await readdir(base, { recursive: true });
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      const full = path.join(base, entry);
      if (/\.tmp-[0-9a-f]{12}$/.test(entry)) continue;
      if ((await stat(full)).isFile()) {
        keys.push(path.relative(this.root, full).split(path.sep).join('/'));
      }
    }
    return keys.sort();
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    await rm(this.#path(prefix), { recursive: true, force: true });
    return keys.length;
  }

  localPath(key: string): string {
    return this.#path(key);
  }
}
