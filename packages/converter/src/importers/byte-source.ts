/**
 * Random access to a model file's bytes without holding them all: the STEP index and web-ifc
 * read an IFC from its file through this, so a conversion's memory no longer includes a copy of
 * the whole input (226 MiB for the 200,000-element tower). In-memory bytes (an entry of a zip, a
 * test) are a source too.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export interface ByteSource {
  readonly size: number;
  /**
   * Bytes [start, end) (end clamped to the size). The view may be a shared buffer: it is valid
   * until the next call.
   */
  read(start: number, end: number): Uint8Array;
  close(): void;
}

export function memorySource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (start, end) => bytes.subarray(start, Math.min(end, bytes.length)),
    close: () => undefined,
  };
}

const BLOCK_BYTES = 1024 * 1024;
/** Blocks kept: reads of one entity after another mostly hit the same few megabytes. */
const CACHED_BLOCKS = 16;

/** A file read with pread, through a small cache of 1 MiB blocks (16 MiB at most). */
export class FileSource implements ByteSource {
  readonly #fd: number;
  readonly #blocks = new Map<number, Uint8Array>();
  #scratch = new Uint8Array(0);

  constructor(
    path: string,
    readonly size: number,
  ) {
    this.#fd = openSync(path, 'r');
  }

  read(start: number, end: number): Uint8Array {
    const stop = Math.min(end, this.size);
    if (stop <= start) return new Uint8Array(0);
    const first = Math.floor(start / BLOCK_BYTES);
    if (Math.floor((stop - 1) / BLOCK_BYTES) === first) {
      const block = this.#block(first);
      return block.subarray(start - first * BLOCK_BYTES, stop - first * BLOCK_BYTES);
    }
    // Across blocks (a long line, or a window of the index pass): read it directly.
    if (this.#scratch.length < stop - start) this.#scratch = new Uint8Array(stop - start);
    const view = this.#scratch.subarray(0, stop - start);
    this.#readFully(view, start);
    return view;
  }

  #block(index: number): Uint8Array {
    let block = this.#blocks.get(index);
    if (block) {
      // Most recently used last.
      this.#blocks.delete(index);
      this.#blocks.set(index, block);
      return block;
    }
    const start = index * BLOCK_BYTES;
    const length = Math.min(BLOCK_BYTES, this.size - start);
    // The least recently used block's buffer is read into again: the properties' reads jump
    // about the file, and a new buffer per miss left hundreds of MiB for the collector.
    let reused: Uint8Array | undefined;
    if (this.#blocks.size >= CACHED_BLOCKS) {
      const oldest = this.#blocks.keys().next().value!;
      reused = this.#blocks.get(oldest);
      this.#blocks.delete(oldest);
    }
    block = reused?.length === length ? reused : new Uint8Array(length);
    this.#readFully(block, start);
    this.#blocks.set(index, block);
    return block;
  }

  #readFully(into: Uint8Array, position: number): void {
    let done = 0;
    while (done < into.length) {
      const read = readSync(this.#fd, into, done, into.length - done, position + done);
      if (read === 0) throw new Error(`the file ended at ${position + done} of ${this.size} bytes`);
      done += read;
    }
  }

  close(): void {
    this.#blocks.clear();
    closeSync(this.#fd);
  }
}

/** A model file on disk, read by the importers that can stream (IFC) instead of loaded whole. */
export interface ModelFile {
  path: string;
  size: number;
}

/** What an importer receives: the bytes, or for IFC possibly the file to read them from. */
export type ModelBytes = Uint8Array | ModelFile;

export function openSource(input: ModelBytes): ByteSource {
  return input instanceof Uint8Array ? memorySource(input) : new FileSource(input.path, input.size);
}
