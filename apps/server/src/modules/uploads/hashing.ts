import { createHash, type Hash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

interface Running {
  hash: Hash;
  /** Bytes hashed so far: the upload's offset when they were all stored. */
  offset: number;
  touched: number;
}

/** Hashes of uploads in flight kept at most this long without a PATCH. */
const IDLE_MS = 2 * 60 * 60 * 1000;

/**
 * The SHA-256 of each upload, computed while its bytes stream in (so finishing a 1 GB upload
 * does not read it all again). A hash lives in this process only: it goes on while consecutive
 * PATCHes of an upload reach this process and every byte it saw was stored. Otherwise (a
 * restart, a failed write, another instance took a PATCH) it is dropped, and the next PATCH
 * catches up from the stored bytes when the store can read them back (`catchUp`), or the finish
 * hashes the complete file (`digest` answers null).
 */
export class UploadHashes {
  readonly #running = new Map<string, Running>();

  /**
   * A pass-through that hashes (and counts) what a PATCH at `offset` stores. Call `stored` with
   * the new offset and the count once the store accepted the bytes, or `failed` when not.
   */
  async tap(
    id: string,
    offset: number,
    catchUp: (() => Promise<Readable | null>) | null,
  ): Promise<{ stream: Transform; seen(): number }> {
    this.#evictIdle();
    let running = this.#running.get(id);
    if (!running || running.offset !== offset) {
      this.#running.delete(id);
      running = undefined;
      const hash = createHash('sha256');
      if (offset === 0) {
        running = { hash, offset: 0, touched: Date.now() };
      } else {
        const stored = catchUp ? await catchUp() : null;
        if (stored) {
          let read = 0;
          for await (const chunk of stored) {
            hash.update(chunk as Buffer);
            read += (chunk as Buffer).length;
          }
          if (read === offset) running = { hash, offset, touched: Date.now() };
        }
      }
      if (running) this.#running.set(id, running);
    }
    const current = running;
    let seen = 0;
    const stream = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        current?.hash.update(chunk);
        seen += chunk.length;
        callback(null, chunk);
      },
    });
    return { stream, seen: () => seen };
  }

  /** The store holds bytes up to `offset`, every one of them seen by the tap. */
  stored(id: string, previousOffset: number, offset: number, seen: number): void {
    const running = this.#running.get(id);
    if (!running) return;
    if (running.offset === previousOffset && previousOffset + seen === offset) {
      running.offset = offset;
      running.touched = Date.now();
    } else {
      this.#running.delete(id);
    }
  }

  failed(id: string): void {
    this.#running.delete(id);
  }

  /** The hex SHA-256 of the whole upload of `size` bytes, or null when not known here. */
  digest(id: string, size: number): string | null {
    const running = this.#running.get(id);
    if (!running || running.offset !== size) return null;
    return running.hash.copy().digest('hex');
  }

  forget(id: string): void {
    this.#running.delete(id);
  }

  #evictIdle(): void {
    const now = Date.now();
    for (const [id, running] of this.#running) {
      if (now - running.touched > IDLE_MS) this.#running.delete(id);
    }
  }
}
