// The archive side of a BCF read: the zip's entries, inflated under the caps.
import { inflateZip, ZipLimitError } from '@truss/converter/zip';
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { BcfReadError } from './caps.ts';

const MAX_ENTRIES = 200_000;
/** An entry inflating more than this many times its compressed size (past 1 MiB) is a bomb. */
const MAX_COMPRESSION_RATIO = 200;
const XML_ENTRY = /\.(?:bcf|bcfv|bcfp|version|xml)$/i;

/** A topic's markup: `<topic>/markup.bcf`, or one folder deeper when all sits in a top folder. */
const MARKUP_ENTRY = /^(?:[^/]+\/)?[^/]+\/markup\.bcf$/;

/**
 * Unzips in two passes: the directory first (entry count, declared sizes, topics: refused before
 * anything is inflated), then the entries as a stream whose real output is counted, so an entry
 * lying about its size, passing the ratio cap or an XML file passing its cap stops the inflation
 * where it happens.
 */
export function unzip(
  bytes: Uint8Array,
  maxBytes: number,
  maxTopics: number,
  maxXmlBytes: number,
): Record<string, Uint8Array> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new BcfReadError('not a zip archive', 'invalid');
  }
  let total = 0;
  let count = 0;
  let markups = 0;
  try {
    unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        count += 1;
        total += file.originalSize;
        if (count > MAX_ENTRIES)
          throw new BcfReadError('too many files in the archive', 'too-large');
        if (total > maxBytes) throw new BcfReadError('uncompressed content too large', 'too-large');
        // Refused from the archive's directory, before anything is inflated or parsed.
        if (MARKUP_ENTRY.test(file.name) && ++markups > maxTopics)
          throw new BcfReadError(`more than ${maxTopics} topics`, 'too-many-topics');
        return false;
      },
    });
  } catch (error) {
    if (error instanceof BcfReadError) throw error;
    throw new BcfReadError(`unreadable zip: ${(error as Error).message}`, 'invalid');
  }
  let files: Record<string, Uint8Array>;
  try {
    files = Object.fromEntries(
      inflateZip(bytes, () => true, {
        maxTotalBytes: maxBytes,
        maxEntryBytes: (name) => (XML_ENTRY.test(name) ? maxXmlBytes : maxBytes),
        maxCompressionRatio: MAX_COMPRESSION_RATIO,
        maxEntries: MAX_ENTRIES,
      }),
    );
  } catch (error) {
    if (!(error instanceof ZipLimitError)) throw error;
    const kind =
      error.kind === 'malformed' ? 'invalid' : error.kind === 'bomb' ? 'bomb' : 'too-large';
    throw new BcfReadError(error.message, kind);
  }
  // Some writers put everything under one top folder; strip it when no bcf.version is at the root.
  const names = Object.keys(files);
  if (!files['bcf.version']) {
    const nested = names.find((name) => /^[^/]+\/bcf\.version$/.test(name));
    if (nested) {
      const prefix = nested.slice(0, nested.indexOf('/') + 1);
      return Object.fromEntries(
        names.filter((n) => n.startsWith(prefix)).map((n) => [n.slice(prefix.length), files[n]!]),
      );
    }
  }
  return files;
}
