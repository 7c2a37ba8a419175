/**
 * Zip handling with bomb protection: sizes are checked from the central directory BEFORE anything
 * is inflated, then the entries are inflated as a stream whose REAL output is counted: an entry
 * that yields more than it declares, more than the caps, or expands past the ratio cap stops the
 * inflation at once (a header that lies about its size costs a few milliseconds, not seconds).
 */
import { Unzip, UnzipInflate, unzipSync, type UnzipFileInfo } from 'fflate';
import { MalformedFileError, TooLargeError } from './errors.ts';

/** Why `inflateZip` stopped: not a zip, over a cap, or an entry that lies about its size. */
export class ZipLimitError extends Error {
  constructor(
    message: string,
    readonly kind: 'malformed' | 'too-large' | 'bomb' | 'too-many-entries',
  ) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

export interface InflateLimits {
  /** Cap on the real (inflated) bytes of all extracted entries together. */
  maxTotalBytes: number;
  /** Cap on one entry's real bytes, or a cap by entry name (default: maxTotalBytes). */
  maxEntryBytes?: number | ((name: string) => number);
  /** Cap on an entry's real bytes / its compressed bytes, once past `ratioFloorBytes`. */
  maxCompressionRatio: number;
  /** Entries smaller than this are never held to the ratio (default 1 MiB). */
  ratioFloorBytes?: number;
  /** Cap on the number of entries in the archive (default 100,000). */
  maxEntries?: number;
}

/** Compressed bytes handed to the inflater at a time: at most ~1,000x this (4 MiB) comes out per step. */
const PUSH_BYTES = 4 * 1024;

/**
 * Inflates the entries that `wanted` accepts (directories never), entry by entry from the local
 * headers, counting the real output as it comes: throws ZipLimitError the moment an entry passes
 * its declared size (a zip bomb that lies in its header), an entry or the total passes its cap,
 * or an entry expands more than the ratio allows. Nothing is trusted from the headers.
 */
export function inflateZip(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits: InflateLimits,
): Map<string, Uint8Array> {
  const entryCap = limits.maxEntryBytes ?? limits.maxTotalBytes;
  const floor = limits.ratioFloorBytes ?? 1024 ** 2;
  const maxEntries = limits.maxEntries ?? 100_000;
  const files = new Map<string, Uint8Array>();
  let failure: ZipLimitError | null = null;
  let total = 0;
  let entries = 0;
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (++entries > maxEntries) {
      failure = new ZipLimitError(`more than ${maxEntries} entries`, 'too-many-entries');
      return;
    }
    if (file.name.endsWith('/') || !wanted(file.name)) return;
    const name = file.name;
    const maxEntry = typeof entryCap === 'function' ? entryCap(name) : entryCap;
    const declared = file.originalSize;
    const compressed = Math.max(1, file.size ?? bytes.length);
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new ZipLimitError(`${name}: ${error.message}`, 'malformed');
        return;
      }
      size += data.length;
      total += data.length;
      if (declared !== undefined && size > declared) {
        failure = new ZipLimitError(`${name} inflates past its declared ${declared} bytes`, 'bomb');
      } else if (size > floor && size / compressed > limits.maxCompressionRatio) {
        failure = new ZipLimitError(
          `${name} expands more than ${limits.maxCompressionRatio}x (a zip bomb)`,
          'bomb',
        );
      } else if (size > maxEntry || total > limits.maxTotalBytes) {
        failure = new ZipLimitError(
          size > maxEntry
            ? `${name} inflates past ${maxEntry} bytes`
            : 'the archive inflates past the cap',
          'too-large',
        );
      }
      if (failure) {
        file.terminate();
        return;
      }
      if (data.length) chunks.push(data);
      if (!final) return;
      if (declared !== undefined && size !== declared) {
        failure = new ZipLimitError(`${name} does not match its declared size`, 'malformed');
        return;
      }
      files.set(name, concat(chunks, size));
    };
    try {
      file.start();
    } catch (error) {
      failure = new ZipLimitError(`${name}: ${(error as Error).message}`, 'malformed');
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += PUSH_BYTES) {
      const end = Math.min(bytes.length, offset + PUSH_BYTES);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (error) {
    failure ??= new ZipLimitError(
      `the zip archive is damaged: ${(error as Error).message}`,
      'malformed',
    );
  }
  if (failure) throw failure as ZipLimitError;
  return files;
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export interface ZipLimits {
  /** Cap on the total uncompressed size of the extracted entries. */
  maxUncompressedBytes: number;
  /** Cap on uncompressed/compressed for any entry bigger than 1 MiB (real models stay far below). */
  maxCompressionRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxUncompressedBytes: 2 * 1024 ** 3,
  maxCompressionRatio: 200,
};

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

export interface ZipEntryInfo {
  name: string;
  compressedBytes: number;
  uncompressedBytes: number;
}

/** Lists the entries (directories left out) without inflating anything. */
export function listZip(bytes: Uint8Array): ZipEntryInfo[] {
  const entries: ZipEntryInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        if (!file.name.endsWith('/')) {
          entries.push({
            name: file.name,
            compressedBytes: file.size,
            uncompressedBytes: file.originalSize,
          });
        }
        return false;
      },
    });
  } catch (error) {
    throw new MalformedFileError(`The zip archive is damaged: ${(error as Error).message}`);
  }
  return entries;
}

/** Extracts the entries that `wanted` accepts, enforcing the size and ratio caps. */
export function extractZip(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Map<string, Uint8Array> {
  const chosen = listZip(bytes).filter((entry) => wanted(entry.name));
  let total = 0;
  for (const entry of chosen) {
    total += entry.uncompressedBytes;
    const ratio = entry.uncompressedBytes / Math.max(1, entry.compressedBytes);
    if (entry.uncompressedBytes > 1024 ** 2 && ratio > limits.maxCompressionRatio) {
      throw new TooLargeError(
        `The zip entry ${entry.name} expands ${Math.round(ratio)}x, which looks like a zip bomb.`,
      );
    }
  }
  if (total > limits.maxUncompressedBytes) {
    throw new TooLargeError(
      `The zip archive expands to ${total} bytes, over the limit of ${limits.maxUncompressedBytes}.`,
    );
  }
  const names = new Set(chosen.map((entry) => entry.name));
  const declared = new Map(chosen.map((entry) => [entry.name, entry.uncompressedBytes] as const));
  let files: Map<string, Uint8Array>;
  try {
    // The local headers may say otherwise than the directory: the real output is what counts.
    files = inflateZip(bytes, (name) => names.has(name), {
      maxTotalBytes: limits.maxUncompressedBytes,
      maxCompressionRatio: limits.maxCompressionRatio,
    });
  } catch (error) {
    if (!(error instanceof ZipLimitError)) throw error;
    if (error.kind === 'malformed')
      throw new MalformedFileError(`The zip archive is damaged: ${error.message}`);
    throw new TooLargeError(`The zip archive was refused: ${error.message}.`);
  }
  for (const [name, data] of files) {
    if (data.length !== declared.get(name)) {
      throw new MalformedFileError(`The zip entry ${name} does not match its declared size.`);
    }
  }
  return files;
}
