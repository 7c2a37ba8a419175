/**
 * Chunked viewables: a big model's scene split into spatial chunks (by storey, then by bounding
 * volume), each its own .glb, so a viewer draws a coarse picture at once and fetches the rest in
 * the order that matters for the view. Small models stay one `model.glb` with no index.
 *
 * `model.glb` is always a complete glTF: for a chunked model it is the **coarse chunk** (the
 * largest elements: slabs, long walls, the envelope) and carries the index in its glTF JSON
 * (`asset.extras.trussChunks`), so the viewer has the index with the first bytes it draws and no
 * extra request; any glTF tool still opens it (as the coarse model). The other chunks are
 * `chunks/<n>.glb` (n = 1, 2, ...) beside it, same coordinates, same element ids (rows of the one
 * metadata), same materials table order.
 */
import type { BoundingBox } from './metadata.ts';

export const CHUNK_INDEX_VERSION = 1;

export interface ViewableChunk {
  /** 0 for the coarse chunk (`model.glb`), then 1.. (`chunks/<n>.glb`). */
  index: number;
  /** Path of its .glb relative to the viewable's folder. */
  file: string;
  /** Box of its elements (metres, the .glb's coordinates). */
  bbox: BoundingBox;
  /** Element id of the storey its elements are in, null when several or none. */
  storey: number | null;
  elements: number;
  triangles: number;
  /** Bytes of its .glb (0 for the coarse chunk: its own size is the file's). */
  bytes: number;
}

export interface ChunkIndex {
  version: typeof CHUNK_INDEX_VERSION;
  /** Elements of the whole model (the coarse chunk holds a subset). */
  elements: number;
  chunks: ViewableChunk[];
}

/** The stored path of chunk n (n >= 1). */
export function chunkFile(index: number): string {
  return `chunks/${index}.glb`;
}

const isBox = (value: unknown): value is BoundingBox =>
  Array.isArray(value) && value.length === 6 && value.every((v) => typeof v === 'number');

/**
 * The chunk index of a parsed glTF JSON (`asset.extras.trussChunks`), or null for a single-file
 * viewable or an index of another version. Entries that do not look like chunks are an error
 * (a corrupt file), not a smaller model.
 */
export function readChunkIndex(gltfJson: unknown): ChunkIndex | null {
  const asset = (gltfJson as { asset?: { extras?: { trussChunks?: unknown } } } | null)?.asset;
  const raw = asset?.extras?.trussChunks as Partial<ChunkIndex> | undefined;
  if (!raw || raw.version !== CHUNK_INDEX_VERSION || !Array.isArray(raw.chunks)) return null;
  for (const chunk of raw.chunks) {
    if (
      typeof chunk?.index !== 'number' ||
      typeof chunk.file !== 'string' ||
      !isBox(chunk.bbox) ||
      typeof chunk.elements !== 'number'
    )
      throw new Error('The chunk index of the model is malformed.');
  }
  return raw as ChunkIndex;
}
