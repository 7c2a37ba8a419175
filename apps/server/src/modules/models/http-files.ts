import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, gunzip, gzip } from 'node:zlib';
import type { ByteRange } from '../storage/index.ts';

const brotliCompressAsync = promisify(brotliCompress);
const brotliDecompressAsync = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);

/**
 * `Content-Disposition: attachment` with the original filename: a plain ASCII fallback plus the
 * RFC 5987 / 6266 `filename*` form for any other character.
 */
export function contentDisposition(filename: string): string {
  const fallback =
    filename
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_')
      .replace(/[/\r\n]/g, '_')
      .trim() || 'model';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * One `bytes=` range of an object of `size` bytes. null: no (usable) Range header, send all;
 * 'unsatisfiable': answer 416. Multiple ranges are answered with the whole object.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';
export type StoredEncoding = Exclude<ContentEncoding, 'identity'>;

/** br, then gzip, then identity, as the client's Accept-Encoding allows (q=0 refuses). */
export function negotiateEncoding(header: string | undefined): ContentEncoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** True when the If-None-Match header lists `etag` (or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** The bytes of a stored file, opened whole or by range. */
export interface FileBody {
  size: number;
  open(range?: ByteRange): Promise<Readable>;
}

/**
 * A file kept compressed (`stored`: the viewable's metadata) in the encoding the client accepts
 * (`wanted`, from negotiateEncoding): as stored when it accepts that; otherwise decoded in memory,
 * and re-encoded when it accepts another encoding. Browsers all accept br (what the server stores),
 * so only other clients pay for the recoding; it gives the same bytes for the same file, so each
 * encoding's ETag stays valid.
 */
export async function bodyInEncoding<File extends FileBody>(
  file: File,
  stored: StoredEncoding,
  wanted: ContentEncoding,
): Promise<File> {
  if (wanted === stored) return file;
  const compressed = await readAll(await file.open());
  const plain = await (stored === 'br' ? brotliDecompressAsync : gunzipAsync)(compressed);
  const bytes =
    wanted === 'identity'
      ? plain
      : wanted === 'gzip'
        ? await gzipAsync(plain, { level: 6 })
        : await brotliCompressAsync(plain);
  return {
    ...file,
    size: bytes.length,
    open: async (range) => Readable.from([slice(bytes, range)]),
  };
}

function slice(bytes: Buffer, range: ByteRange | undefined): Buffer {
  return range ? bytes.subarray(range.start, range.end + 1) : bytes;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
