import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import { faultError } from '../../http/fault-errors.ts';
import { HEAD_BYTES } from './format-check.ts';
import type { UploadHashes } from './hashing.ts';

/** The format check of the first bytes (UploadsService). */
export interface HeadChecks {
  /** Whether the upload's format is still to be decided. */
  needsHeadCheck(id: string): Promise<boolean>;
  /** Decides it from `head`; throws UNSUPPORTED_FORMAT (after removing the upload) if refused. */
  checkHead(id: string, head: Uint8Array): Promise<void>;
}

/** What every upload store does around tus's own write: the format check and the hash. */
export interface CheckedStoreDeps {
  uploads: HeadChecks;
  hashes: UploadHashes;
}

export interface RawWrite {
  /** tus's write (or ours) of what remains after the checks; resolves to the new offset. */
  store(readable: Readable, id: string, offset: number): Promise<number>;
  /** The first `length` bytes already stored (a PATCH shorter than the head came before). */
  storedHead(id: string, length: number): Promise<Buffer>;
  /** The bytes stored so far, for a hash to catch up; null when the store cannot read them. */
  storedBytes(id: string, offset: number): (() => Promise<Readable | null>) | null;
  getUpload: DataStore['getUpload'];
}

/**
 * The first 64 KiB of an upload (or the whole file when smaller) are held back until the
 * format is decided from them, so an unsupported file is refused before its bytes are stored;
 * then every stored byte passes the SHA-256 of the upload.
 */
export async function checkedWrite(
  deps: CheckedStoreDeps,
  raw: RawWrite,
  readable: Readable,
  id: string,
  offset: number,
): Promise<number> {
  let source = readable;
  if (offset < HEAD_BYTES && (await deps.uploads.needsHeadCheck(id))) {
    source = await headChecked(deps, raw, readable, id, offset);
  }
  const tap = await deps.hashes.tap(id, offset, raw.storedBytes(id, offset));
  // pipeline, not pipe: an error on either side (the client gone, the store failing and
  // destroying what it reads, e.g. S3 refusing connections) is handled here and tears both
  // down, never an 'error' event without a listener (which ends the process).
  const tapped = tap.stream;
  pipeline(source, tapped).catch(() => undefined); // the store's own failure is the one thrown
  try {
    const next = await raw.store(tapped, id, offset);
    deps.hashes.stored(id, offset, next, tap.seen());
    return next;
  } catch (error) {
    deps.hashes.failed(id);
    if (!tapped.destroyed) tapped.destroy();
    throw error;
  }
}

async function headChecked(
  deps: CheckedStoreDeps,
  raw: RawWrite,
  readable: Readable,
  id: string,
  offset: number,
): Promise<Readable> {
  const upload = await raw.getUpload(id);
  const want = Math.min(HEAD_BYTES, upload.size ?? HEAD_BYTES);
  const iterator = readable[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const taken: Buffer[] = [];
  let have = offset;
  let ended = false;
  while (have < want) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    taken.push(next.value);
    have += next.value.length;
  }
  if (have >= want && want > 0) {
    const stored = offset > 0 ? await raw.storedHead(id, offset) : null;
    const head = Buffer.concat(stored ? [stored, ...taken] : taken).subarray(0, want);
    // On refusal the error propagates as is: tus's pipeline then tears the streams down with
    // it. Closing the iterator first would abort the pipeline with a generic AbortError
    // (answered as 400 "aborted") while the rest of a large chunk is still arriving.
    await deps.uploads.checkHead(id, head);
  }
  return Readable.from(
    (async function* () {
      yield* taken;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
}

async function readFileHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** tus's FileStore (unfinished uploads in DATA_DIR/uploads), checked. */
export class CheckedFileStore extends FileStore {
  readonly #raw: RawWrite;

  constructor(
    private readonly dir: string,
    private readonly deps: CheckedStoreDeps,
  ) {
    super({ directory: dir });
    this.#raw = {
      store: (readable, id, offset) => this.#store(readable, id, offset),
      storedHead: (id, length) => readFileHead(path.join(this.dir, id), length),
      storedBytes: (id, offset) => async () =>
        createReadStream(path.join(this.dir, id), { start: 0, end: offset - 1 }),
      getUpload: (id) => this.getUpload(id),
    };
  }

  /**
   * FileStore's write, keeping the cause of a failure: tus's own replaces every write error
   * with a generic 500 "Something went wrong receiving the file", so a full disk could not be
   * told apart. A full disk (or quota) is 507 INSUFFICIENT_STORAGE; anything else stays tus's
   * 500. The bytes written before the failure stay counted in the file: the client resumes
   * from the offset a HEAD reports. No fsync per PATCH: a file cut short by a crash is resumed
   * from its real length, which HEAD reports.
   */
  async #store(readable: Readable, id: string, offset: number): Promise<number> {
    const file = createWriteStream(path.join(this.dir, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: 1024 * 1024,
    });
    try {
      await pipeline(readable, file);
    } catch (error) {
      const fault = faultError(error);
      if (fault) throw fault;
      throw { status_code: 500, body: 'Something went wrong receiving the file\n', cause: error };
    }
    return offset + file.bytesWritten;
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    return checkedWrite(this.deps, this.#raw, readable, id, offset);
  }
}

/** Where tus's S3 objects of an upload live, as storage keys (`uploads/<id>`, `.info`, `.part`). */
export const s3UploadKey = (id: string, suffix: '' | '.info' | '.part' = '') =>
  `uploads/${id}${suffix}`;
