import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, type KvStore, type Upload } from '@tus/utils';
import { StorageUnavailableError } from '../../http/fault-errors.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { checkedWrite, s3UploadKey, type CheckedStoreDeps, type RawWrite } from './stores.ts';
import type { Readable } from 'node:stream';

/**
 * The S3 store's cache of upload records (tus's default keeps every one until the upload ends
 * on this instance, which with several instances may never happen here): the newest 1,000.
 * A record never changes once written (no deferred length), so a cached one stays right.
 */
class BoundedCache implements KvStore<MetadataValue> {
  readonly #entries = new Map<string, MetadataValue>();

  async get(key: string): Promise<MetadataValue | undefined> {
    return this.#entries.get(key);
  }

  async set(key: string, value: MetadataValue): Promise<void> {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > 1000) this.#entries.delete(this.#entries.keys().next().value!);
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }
}

/**
 * tus's S3 store (unfinished uploads as multipart uploads in the bucket, so any API instance
 * can take any PATCH), checked. Its objects go under `<S3_PREFIX>uploads/`: the store names
 * them by upload id alone, so a middleware puts the prefix before every key it sends.
 */
export class CheckedS3Store extends S3Store {
  readonly #raw: RawWrite;
  /**
   * Uploads whose stored incomplete part (`.part`) a PATCH in flight has read and not yet stored
   * again: tus deletes it as soon as it has read it, so a PATCH that then fails (the store away)
   * lost those bytes (up to 5 MiB accepted earlier; HEAD said 0). Its deletion waits until they
   * are stored again: in a part (then the `.part` goes) or in a new `.part` (which replaces it).
   */
  readonly #pendingPartDelete = new Set<string>();

  constructor(
    config: S3ClientConfig & { bucket: string },
    keyPrefix: string,
    storage: ObjectStorage,
    private readonly deps: CheckedStoreDeps,
    /** The storage's classification of S3 failures (503 STORAGE_UNAVAILABLE), on tus's client. */
    classifyStoreFailures: (client: S3Store['client']) => void,
  ) {
    super({ s3ClientConfig: config, partSize: 8 * 1024 * 1024, cache: new BoundedCache() });
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: unknown };
        if (typeof input.Key !== 'string') return next(args);
        const prefixed = { ...input, Key: `${keyPrefix}uploads/${input.Key}` };
        return next({ ...args, input: prefixed as typeof args.input });
      },
      { step: 'initialize', name: 'trussUploadKeyPrefix' },
    );
    // The store away: 503 STORAGE_UNAVAILABLE, not a socket error taken for the database's.
    classifyStoreFailures(this.client);
    this.#raw = {
      store: (readable, id, offset) => this.#write(readable, id, offset),
      // Less than 5 MiB so far: every stored byte is in the store's incomplete part.
      storedHead: async (id, length) =>
        Buffer.concat(
          await (
            await storage.get(s3UploadKey(id, '.part'), { start: 0, end: length - 1 })
          ).toArray(),
        ),
      // Parts of an unfinished multipart upload cannot be read back: the finish hashes the file.
      storedBytes: () => null,
      getUpload: (id) => this.getUpload(id),
    };
  }

  /**
   * tus's S3 store answers "not found" for any failure to read an upload's record: with the
   * store away that would be a 404 (the client starts over, or gives up) instead of a 503 to
   * retry. The record is read once more to tell the two apart.
   */
  override async getUpload(id: string): Promise<Upload> {
    try {
      return await super.getUpload(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
      try {
        await this.getMetadata(id);
      } catch (cause) {
        if (cause instanceof StorageUnavailableError) throw cause;
      }
      throw error;
    }
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    return checkedWrite(this.deps, this.#raw, readable, id, offset);
  }

  protected override async deleteIncompletePart(id: string): Promise<void> {
    if (this.#writing.has(id)) {
      this.#pendingPartDelete.add(id);
      return;
    }
    await super.deleteIncompletePart(id);
  }

  protected override async uploadPart(
    metadata: MetadataValue,
    readStream: Parameters<S3Store['uploadPart']>[1],
    partNumber: number,
  ): Promise<string> {
    const etag = await super.uploadPart(metadata, readStream, partNumber);
    const id = metadata.file.id;
    if (this.#pendingPartDelete.delete(id)) await super.deleteIncompletePart(id);
    return etag;
  }

  protected override async uploadIncompletePart(
    id: string,
    readStream: Parameters<S3Store['uploadIncompletePart']>[1],
  ): Promise<string> {
    const etag = await super.uploadIncompletePart(id, readStream);
    this.#pendingPartDelete.delete(id); // replaced by one that holds its bytes and the new ones
    return etag;
  }

  /** Uploads with a tus write in flight in this process. */
  readonly #writing = new Set<string>();

  async #write(readable: Readable, id: string, offset: number): Promise<number> {
    this.#writing.add(id);
    try {
      return await super.write(readable, id, offset);
    } finally {
      this.#writing.delete(id);
      this.#pendingPartDelete.delete(id); // failed before storing them: the old `.part` stays
    }
  }
}
