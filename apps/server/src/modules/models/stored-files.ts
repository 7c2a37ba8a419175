import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { chunkFile, VIEWABLE_FILES } from '@truss/viewable';
import type { ModelRow } from '../../db/schema.ts';
import type { ByteRange, ObjectStorage } from '../storage/index.ts';
import { ModelNotFoundError, ModelNotReadyError } from './errors.ts';
import { MODEL_FILES, type ModelFileName } from './file-urls.ts';
import type { StoredEncoding } from './http-files.ts';

/**
 * Storage keys of a model: everything lives under `models/<id>/`. Version 1 (whose id is the
 * model's) keeps the layout models had before versions; a later version lives under
 * `models/<id>/versions/<versionId>/`.
 */
export const modelKeys = {
  root: (id: string) => `models/${id}/`,
  original: (id: string) => `models/${id}/original`,
  derivedRoot: (id: string) => `models/${id}/derived/`,
  versionOriginal: (id: string, versionId: string) =>
    versionId === id ? modelKeys.original(id) : `models/${id}/versions/${versionId}/original`,
  versionDerivedRoot: (id: string, versionId: string) =>
    versionId === id ? modelKeys.derivedRoot(id) : `models/${id}/versions/${versionId}/derived/`,
};

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
  /** Content hash (ETag). */
  hash: string;
  /**
   * How the stored bytes are compressed (the viewable's metadata), or null: served as stored to
   * clients that accept it, recoded for others (http-files `bodyInEncoding`).
   */
  storedEncoding: StoredEncoding | null;
  /**
   * A compressed copy kept beside identity bytes (the model's `model.glb.br`): sent as stored,
   * Range included, to clients that accept its encoding; the others get the identity bytes.
   */
  compressedCopy?: StoredFile & { storedEncoding: StoredEncoding };
  open(range?: ByteRange): Promise<Readable>;
}

/**
 * Where a model's bytes are stored and what to serve them as: a ready viewable's files (with the
 * compressed copy beside them) and the uploaded original, of a model or of one of its versions.
 * Access is checked by the caller (ModelsService, ModelVersionsService).
 */
export class StoredModelFiles {
  readonly #storage: ObjectStorage;

  constructor(storage: ObjectStorage) {
    this.#storage = storage;
  }

  /** A file of a ready viewable: a model's current one, or a version's. */
  async viewable(
    source: Pick<
      ModelRow,
      'status' | 'derived_prefix' | 'viewable_hash' | 'metadata_hash' | 'thumbnail_hash'
    >,
    name: ModelFileName,
  ): Promise<StoredFile> {
    if (source.status !== 'ready' || !source.derived_prefix) throw new ModelNotReadyError();
    const spec = MODEL_FILES[name];
    const hash =
      name === 'viewable.glb'
        ? source.viewable_hash
        : name === 'metadata.json'
          ? source.metadata_hash
          : source.thumbnail_hash;
    const key = `${source.derived_prefix}${spec.stored}`;
    const file = await this.#stored(key, spec.contentType, hash ?? '', spec.storedEncoding);
    if (!('compressed' in spec)) return file;
    const copyKey = `${source.derived_prefix}${spec.compressed.name}`;
    // Folders converted before the copy existed have none: identity only.
    if (!(await this.#storage.stat(copyKey))) return file;
    const copy = await this.#stored(
      copyKey,
      spec.contentType,
      hash ?? '',
      spec.compressed.encoding,
    );
    return { ...file, compressedCopy: { ...copy, storedEncoding: spec.compressed.encoding } };
  }

  /**
   * Chunk n (>= 1) of a ready chunked viewable, with its brotli copy: 404 when the viewable has
   * no such chunk. Its ETag is derived from the viewable's hash (a chunk changes only with it).
   */
  async chunk(
    source: Pick<ModelRow, 'status' | 'derived_prefix' | 'viewable_hash'>,
    n: number,
  ): Promise<StoredFile> {
    if (source.status !== 'ready' || !source.derived_prefix) throw new ModelNotReadyError();
    const key = `${source.derived_prefix}${chunkFile(n)}`;
    if (!(await this.#storage.stat(key))) throw new ModelNotFoundError(`no chunk ${n}`);
    const hash = chunkHash(source.viewable_hash ?? '', n);
    const contentType = VIEWABLE_FILES.glb.contentType;
    const file = await this.#stored(key, contentType, hash, null);
    const copyKey = `${key}.br`;
    if (!(await this.#storage.stat(copyKey))) return file;
    const copy = await this.#stored(copyKey, contentType, hash, 'br');
    return { ...file, compressedCopy: { ...copy, storedEncoding: 'br' } };
  }

  /** The uploaded file of a model (its current version) or of a version. */
  async original(
    source: Pick<ModelRow, 'id' | 'original_key' | 'original_sha256' | 'original_filename'> & {
      name: string;
    },
  ): Promise<StoredFile & { filename: string }> {
    if (!source.original_key) throw new ModelNotFoundError('no original stored');
    const file = await this.#stored(
      source.original_key,
      'application/octet-stream',
      source.original_sha256 ?? source.id,
      null,
    );
    return { ...file, filename: source.original_filename || source.name };
  }

  async #stored(
    key: string,
    contentType: string,
    hash: string,
    storedEncoding: StoredEncoding | null,
  ): Promise<StoredFile> {
    const info = await this.#storage.stat(key);
    if (!info) throw new ModelNotFoundError(`missing object ${key}`);
    const storage = this.#storage;
    return {
      key,
      size: info.size,
      contentType,
      hash,
      storedEncoding,
      open: (range) => storage.get(key, range),
    };
  }
}

/** A chunk's content hash (ETag): the viewable's, told apart per chunk. */
export function chunkHash(viewableHash: string, n: number): string {
  return createHash('sha256').update(`${viewableHash}\nchunk ${n}`).digest('hex');
}
