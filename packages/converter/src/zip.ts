/**
 * Zip handling with bomb protection: sizes are checked from the central directory BEFORE anything
 * is inflated, and the inflated sizes are checked again afterwards (a forged directory cannot
 * smuggle more bytes than it declares past the caps).
 */
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { MalformedFileError, TooLargeError } from './errors.ts';

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
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => names.has(file.name) });
  } catch (error) {
    throw new MalformedFileError(`The zip archive is damaged: ${(error as Error).message}`);
  }
  const result = new Map<string, Uint8Array>();
  let inflated = 0;
  for (const entry of chosen) {
    const data = files[entry.name];
    if (!data) continue;
    inflated += data.length;
    if (data.length !== entry.uncompressedBytes || inflated > limits.maxUncompressedBytes) {
      throw new MalformedFileError(`The zip entry ${entry.name} does not match its declared size.`);
    }
    result.set(entry.name, data);
  }
  return result;
}
