/**
 * The .glb container read without three.js: its JSON, and every bufferView's bytes (meshopt
 * streams decoded with the bundled decoder, the same module the engine uses). The decoded
 * meshopt streams are kept for the engine's own decode of the same file (`DecodedStreams`), so
 * the preview costs no second decode.
 */
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the glTF JSON is read as plain records */
export type GltfJson = Record<string, any>;

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

export class PreviewFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreviewFormatError';
  }
}

export interface GlbContainer {
  json: GltfJson;
  /** The BIN chunk (buffer 0), or null. */
  bin: Uint8Array | null;
}

export function readGlb(bytes: ArrayBuffer): GlbContainer {
  const view = new DataView(bytes);
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== GLB_MAGIC)
    throw new PreviewFormatError('not a binary glTF file');
  const length = Math.min(view.getUint32(8, true), bytes.byteLength);
  let json: GltfJson | null = null;
  let bin: Uint8Array | null = null;
  for (let offset = 12; offset + 8 <= length;) {
    const chunkLength = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + chunkLength > length) throw new PreviewFormatError('truncated chunk');
    if (type === CHUNK_JSON)
      json = JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, start, chunkLength)));
    else if (type === CHUNK_BIN && !bin) bin = new Uint8Array(bytes, start, chunkLength);
    offset = start + chunkLength;
  }
  if (!json) throw new PreviewFormatError('no JSON chunk');
  return { json, bin };
}

/**
 * Meshopt streams decoded once, taken by the engine's decoder for the same file (each once).
 * Keyed by where the compressed bytes sit in the BIN chunk and how they decode.
 */
export class DecodedStreams {
  private readonly streams = new Map<string, Uint8Array>();
  /** A preview of the file is on screen (the engine's first frame must not show less). */
  drawn = false;

  static key(
    byteOffset: number,
    byteLength: number,
    count: number,
    stride: number,
    mode: string,
    filter: string | undefined,
  ): string {
    return `${byteOffset}:${byteLength}:${count}:${stride}:${mode}:${filter ?? 'NONE'}`;
  }

  put(key: string, decoded: Uint8Array): void {
    this.streams.set(key, decoded);
  }

  /** The decoded bytes (a whole ArrayBuffer of their own), once; null when not kept. */
  take(key: string): Uint8Array | null {
    const decoded = this.streams.get(key) ?? null;
    this.streams.delete(key);
    return decoded;
  }

  get size(): number {
    return this.streams.size;
  }

  clear(): void {
    this.streams.clear();
  }
}

/** Every bufferView's bytes, by index (null: in a buffer the file does not carry). */
export async function readBufferViews(
  { json, bin }: GlbContainer,
  keep: DecodedStreams,
): Promise<(Uint8Array | null)[]> {
  const views = (json.bufferViews ?? []) as GltfJson[];
  const compressed = views.some((view) => view.extensions?.EXT_meshopt_compression);
  if (compressed) {
    if (!MeshoptDecoder.supported) throw new PreviewFormatError('no WebAssembly');
    await MeshoptDecoder.ready;
  }
  return views.map((view) => {
    const meshopt = view.extensions?.EXT_meshopt_compression as GltfJson | undefined;
    const source = meshopt ?? view;
    // Only buffer 0 (the BIN chunk) holds bytes; the meshopt fallback buffer holds none.
    if ((source.buffer ?? 0) !== 0 || !bin) return null;
    const offset = source.byteOffset ?? 0;
    const length = source.byteLength ?? 0;
    if (offset + length > bin.byteLength) throw new PreviewFormatError('view past the buffer');
    const bytes = bin.subarray(offset, offset + length);
    if (!meshopt) return bytes;
    const { count, byteStride: stride, mode, filter } = meshopt;
    const decoded = new Uint8Array(count * stride);
    MeshoptDecoder.decodeGltfBuffer(decoded, count, stride, bytes, mode, filter);
    keep.put(DecodedStreams.key(offset, length, count, stride, mode, filter), decoded);
    return decoded;
  });
}
