import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What compresses: text and WebAssembly. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|txt|xml|webmanifest)$/i;
/** Below this a compressed copy saves less than one packet. */
const MIN_BYTES = 1024;

export interface PrecompressedFile {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file in
 * `dir`, each only where it is smaller than the file; the server sends them as they are
 * (@fastify/static `preCompressed`), so no request pays for compression.
 */
export async function precompressFolder(dir: string): Promise<PrecompressedFile[]> {
  const written: PrecompressedFile[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    if (bytes.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    const record: PrecompressedFile = { file: path.relative(dir, file), bytes: bytes.length };
    if (br.length < bytes.length) {
      await writeFile(`${file}.br`, br);
      record.br = br.length;
    }
    if (gz.length < bytes.length) {
      await writeFile(`${file}.gz`, gz);
      record.gzip = gz.length;
    }
    written.push(record);
  }
  return written;
}

/** The Vite plugin: precompresses the build's output once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'truss-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!(await stat(outDir).catch(() => null))) return;
      await precompressFolder(outDir);
    },
  };
}
