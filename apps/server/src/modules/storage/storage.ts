import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  size: number;
}

/**
 * Where uploaded originals and viewables live: a local folder by default, an S3-compatible bucket
 * when configured. Keys are relative, slash-separated paths (`models/<id>/original`). Writes are
 * atomic for readers: an object is either absent or complete.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes (or a stream of known or unknown length) under `key`, replacing any object. */
  put(
    key: string,
    body: Uint8Array | Readable,
    options?: { contentType?: string },
  ): Promise<ObjectInfo>;
  /** Stores a local file under `key`; `move: true` lets the adapter take the file (rename). */
  putFile(
    key: string,
    filePath: string,
    options?: { move?: boolean; contentType?: string },
  ): Promise<ObjectInfo>;
  /** Copies an object to another key (inside the store: no bytes through this process on S3). */
  copy(fromKey: string, toKey: string): Promise<ObjectInfo>;
  /** A stream of the object (or of `range`); throws ObjectNotFoundError when it is missing. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of the object, or null when it is missing. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Keys under `prefix` (which should end with '/'). */
  list(prefix: string): Promise<string[]>;
  /** Removes every object under `prefix`; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** A path on this machine that holds the object's bytes, if the adapter has one (local). */
  localPath(key: string): string | null;
  /**
   * A cheap check that the store answers (S3: HEAD bucket within `timeoutMs`); throws
   * StorageUnavailableError otherwise. Absent on the local folder (readiness writes a file).
   */
  ping?(timeoutMs: number): Promise<void>;
  /** Creates the bucket when it is missing (S3); says what it found or did. */
  ensureBucket?(): Promise<'exists' | 'created' | 'created-elsewhere'>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

const KEY_PATTERN = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/;

/** Keys are plain relative paths: no '..', no empty or absolute segments, no odd characters. */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
