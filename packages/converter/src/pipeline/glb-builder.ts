/**
 * The .glb container the writer fills: the glTF JSON, the binary chunk, and the streams that
 * become one `EXT_meshopt_compression` bufferView each (accessors point at offsets in them; the
 * flagged fallback buffer holds no bytes). Knows nothing about scenes or materials.
 */
import { MeshoptEncoder } from 'meshoptimizer';

export const ARRAY_BUFFER = 34962;
export const ELEMENT_ARRAY_BUFFER = 34963;
export const BYTE = 5120;
export const UNSIGNED_BYTE = 5121;
export const SHORT = 5122;
export const UNSIGNED_SHORT = 5123;
export const UNSIGNED_INT = 5125;
export const FLOAT = 5126;

/* eslint-disable @typescript-eslint/no-explicit-any -- the glTF JSON is built as plain records */
export type Json = Record<string, any>;

/** A growing byte stream that becomes one (meshopt-compressed) bufferView. */
export class Stream {
  private chunks: Uint8Array[] = [];
  length = 0;
  constructor(
    /** Element size the codec works on (multiple of 4 for ATTRIBUTES). */
    readonly stride: number,
    readonly mode: 'ATTRIBUTES' | 'TRIANGLES',
    /** bufferView.byteStride (vertex attributes), absent for indices and instance data. */
    readonly byteStride: number | undefined,
    readonly target: number | undefined,
    readonly filter?: 'OCTAHEDRAL' | 'QUATERNION',
  ) {}
  /** Appends bytes and returns their offset in the stream. */
  add(bytes: Uint8Array): number {
    const offset = this.length;
    this.chunks.push(bytes);
    this.length += bytes.length;
    return offset;
  }
  /** Pads to a multiple of `size` (element alignment for the next accessor). */
  align(size: number): void {
    const pad = (size - (this.length % size)) % size;
    if (pad) this.add(new Uint8Array(pad));
  }
  bytes(): Uint8Array {
    // The codec needs whole elements: pad the tail to the stride.
    this.align(this.stride);
    if (this.chunks.length === 1) return this.chunks[0]!;
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    this.chunks = [out];
    return out;
  }
}

export class GlbBuilder {
  readonly json: Json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [],
    meshes: [],
    materials: [],
    accessors: [],
    bufferViews: [],
    buffers: [],
  };
  private bin: Uint8Array[] = [];
  private binLength = 0;
  private fallbackLength = 0;
  /** Accessors waiting for their stream's bufferView index. */
  private pending = new Map<Stream, Json[]>();

  accessor(
    stream: Stream,
    byteOffset: number,
    componentType: number,
    count: number,
    type: string,
    extra: Json = {},
  ): number {
    const accessor: Json = { bufferView: -1, byteOffset, componentType, count, type, ...extra };
    if (byteOffset === 0) delete accessor.byteOffset;
    const list = this.pending.get(stream) ?? [];
    list.push(accessor);
    this.pending.set(stream, list);
    this.json.accessors.push(accessor);
    return this.json.accessors.length - 1;
  }

  private appendBin(bytes: Uint8Array): number {
    const offset = this.binLength;
    this.bin.push(bytes);
    this.binLength += bytes.length;
    const pad = (4 - (this.binLength % 4)) % 4;
    if (pad) {
      this.bin.push(new Uint8Array(pad));
      this.binLength += pad;
    }
    return offset;
  }

  /** Compresses every stream into its bufferView and points the accessors at it. */
  flush(streams: Stream[]): void {
    for (const stream of streams) {
      const accessors = this.pending.get(stream);
      if (!accessors || stream.length === 0) continue;
      const data = stream.bytes();
      const count = data.length / stream.stride;
      const encoded = MeshoptEncoder.encodeGltfBuffer(data, count, stream.stride, stream.mode);
      const byteOffset = this.appendBin(encoded);
      const extension: Json = {
        buffer: 0,
        byteOffset,
        byteLength: encoded.length,
        byteStride: stream.stride,
        count,
        mode: stream.mode,
      };
      if (stream.filter) extension.filter = stream.filter;
      const view: Json = { buffer: 1, byteOffset: this.fallbackLength, byteLength: data.length };
      if (stream.byteStride) view.byteStride = stream.byteStride;
      if (stream.target) view.target = stream.target;
      view.extensions = { EXT_meshopt_compression: extension };
      this.fallbackLength += data.length + ((4 - (data.length % 4)) % 4);
      this.json.bufferViews.push(view);
      for (const accessor of accessors) accessor.bufferView = this.json.bufferViews.length - 1;
    }
  }

  /** An uncompressed bufferView in the binary chunk (images). */
  rawView(bytes: Uint8Array): number {
    const byteOffset = this.appendBin(bytes);
    this.json.bufferViews.push({ buffer: 0, byteOffset, byteLength: bytes.length });
    return this.json.bufferViews.length - 1;
  }

  finish(): Uint8Array {
    this.json.buffers = [
      { byteLength: this.binLength },
      {
        byteLength: this.fallbackLength,
        extensions: { EXT_meshopt_compression: { fallback: true } },
      },
    ];
    for (const key of ['meshes', 'materials', 'accessors', 'bufferViews'] as const) {
      if (this.json[key].length === 0) delete this.json[key];
    }
    let jsonBytes = new TextEncoder().encode(JSON.stringify(this.json));
    const jsonPad = (4 - (jsonBytes.length % 4)) % 4;
    if (jsonPad) {
      const padded = new Uint8Array(jsonBytes.length + jsonPad).fill(0x20);
      padded.set(jsonBytes);
      jsonBytes = padded;
    }
    const total = 12 + 8 + jsonBytes.length + 8 + this.binLength;
    const glb = new Uint8Array(total);
    const view = new DataView(glb.buffer);
    view.setUint32(0, 0x46546c67, true);
    view.setUint32(4, 2, true);
    view.setUint32(8, total, true);
    view.setUint32(12, jsonBytes.length, true);
    view.setUint32(16, 0x4e4f534a, true);
    glb.set(jsonBytes, 20);
    let offset = 20 + jsonBytes.length;
    view.setUint32(offset, this.binLength, true);
    view.setUint32(offset + 4, 0x004e4942, true);
    offset += 8;
    for (const chunk of this.bin) {
      glb.set(chunk, offset);
      offset += chunk.length;
    }
    return glb;
  }
}
