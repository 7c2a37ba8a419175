import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Compresses what the server writes as it answers: JSON and text above 1 KiB, in br or gzip as
 * the client accepts. Built web assets are compressed once at build time and stored viewables
 * carry their own encoding (both set Content-Encoding, which the plugin leaves alone); the model
 * file routes opt out (`compress: false`), since brotli on every download of a large model would
 * cost more CPU than the bytes it saves and would break Content-Length and per-encoding ETags.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never inflated: a small gzip body could expand past every size limit.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses a 100 KiB JSON list in about a millisecond; 11 (the default for
    // files) would take tens of milliseconds per response.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
