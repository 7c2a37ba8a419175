import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { readMetadata, VIEWABLE_FILES, type ModelMetadata } from '@truss/viewable';
import type { ObjectStorage } from '../storage/index.ts';

const brotliDecompressAsync = promisify(brotliDecompress);

/** The metadata of the viewable stored under `prefix`, or null when it is of another version. */
export async function readStoredMetadata(
  storage: ObjectStorage,
  prefix: string,
): Promise<ModelMetadata | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(`${prefix}${VIEWABLE_FILES.metadata.name}`)) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  const json = await brotliDecompressAsync(Buffer.concat(chunks));
  return readMetadata(JSON.parse(json.toString('utf8')));
}
