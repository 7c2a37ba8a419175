import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';
import type { ObjectStorage } from '../storage/index.ts';
import { s3UploadKey } from './stores.ts';

/** The bytes of unfinished uploads, wherever tus keeps them (a local folder or the bucket). */
export interface UploadFiles {
  /** Bytes received so far, or null when the upload's bytes are gone. */
  received(id: string): Promise<number | null>;
  /** The bytes of a complete upload. */
  read(id: string): Promise<Readable>;
  /** Stores a complete upload under `key` of the object storage. */
  keep(id: string, key: string): Promise<void>;
  /** Removes every byte of the upload; missing is fine. */
  remove(id: string): Promise<void>;
  /** Ids that have bytes here and were left alone for at least `minAgeMs`. */
  leftovers(minAgeMs: number): Promise<string[]>;
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/** tus's FileStore folder: `<id>` (the bytes) and `<id>.json` (tus's record). */
export class LocalUploadFiles implements UploadFiles {
  constructor(
    private readonly dir: string,
    private readonly storage: ObjectStorage,
  ) {}

  #file(id: string): string {
    return path.join(this.dir, id);
  }

  async received(id: string): Promise<number | null> {
    try {
      return (await stat(this.#file(id))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(id: string): Promise<Readable> {
    return createReadStream(this.#file(id));
  }

  async keep(id: string, key: string): Promise<void> {
    await this.storage.putFile(key, this.#file(id), { move: false });
  }

  async remove(id: string): Promise<void> {
    await rm(this.#file(id), { force: true });
    await rm(`${this.#file(id)}.json`, { force: true });
  }

  async leftovers(minAgeMs: number): Promise<string[]> {
    let names: string[] = [];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const ids = [...new Set(names.map((name) => name.replace(/\.json$/, '')))].filter((id) =>
      UPLOAD_ID.test(id),
    );
    const old: string[] = [];
    for (const id of ids) {
      const info = await stat(this.#file(id))
        .catch(() => stat(`${this.#file(id)}.json`))
        .catch(() => null);
      if (info && Date.now() - info.mtimeMs >= minAgeMs) old.push(id);
    }
    return old;
  }
}

/**
 * tus's S3 store: a multipart upload at `uploads/<id>` (the complete object once finished),
 * `uploads/<id>.info` (tus's record) and `uploads/<id>.part` (a tail shorter than a part).
 */
export class S3UploadFiles implements UploadFiles {
  constructor(
    private readonly store: DataStore,
    private readonly storage: ObjectStorage,
  ) {}

  async received(id: string): Promise<number | null> {
    if (!(await this.storage.stat(s3UploadKey(id, '.info')))) return null;
    return (await this.store.getUpload(id)).offset;
  }

  read(id: string): Promise<Readable> {
    return this.storage.get(s3UploadKey(id));
  }

  async keep(id: string, key: string): Promise<void> {
    await this.storage.copy(s3UploadKey(id), key);
  }

  async remove(id: string): Promise<void> {
    if (await this.storage.stat(s3UploadKey(id, '.info'))) {
      // Aborts the multipart upload (its parts) while tus's record still names it.
      await this.store.remove(id).catch((error: unknown) => {
        if ((error as { status_code?: number }).status_code !== 404) throw error;
      });
    }
    for (const suffix of ['', '.info', '.part'] as const) {
      await this.storage.delete(s3UploadKey(id, suffix));
    }
  }

  async leftovers(): Promise<string[]> {
    // The row of an upload is written before its objects and removed after them: objects
    // without an unfinished row are left over whatever their age.
    const keys = await this.storage.list('uploads/');
    return [
      ...new Set(keys.map((key) => key.slice('uploads/'.length).replace(/\.(info|part)$/, ''))),
    ].filter((id) => UPLOAD_ID.test(id));
  }
}
