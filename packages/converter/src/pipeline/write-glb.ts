/**
 * Writes the prepared scene as ONE .glb, directly (no intermediate glTF document):
 *
 * - node `batches`: one mesh, one primitive per material; per-vertex `_ELEMENT_ID`;
 * - one `EXT_mesh_gpu_instancing` node per instance group (a primitive per part, one set of
 *   TRANSLATION / ROTATION / SCALE / `_ELEMENT_ID` per instance);
 * - `KHR_mesh_quantization`: positions are UNSIGNED_SHORT on a grid whose origin and step are the
 *   `batches` node's translation and scale (for instanced meshes they are folded into each
 *   instance's transform); normals (only for smooth geometry: flat-shaded geometry has none and
 *   the viewer derives them) are octahedral-filtered bytes;
 * - `EXT_meshopt_compression` on every vertex, index and instance stream (vertex cache and fetch
 *   order optimised first), with the flagged fallback buffer that holds no bytes. Streams of the
 *   same kind share one bufferView, so the JSON stays small however many meshes there are.
 */
import { MeshoptEncoder } from 'meshoptimizer';
import type { SceneGeometry, SceneMaterial } from '../scene.ts';
import type { PreparedScene } from './prepare.ts';

export interface WrittenGlb {
  glb: Uint8Array;
  drawBatches: number;
  materials: number;
}

const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const BYTE = 5120;
const UNSIGNED_BYTE = 5121;
const SHORT = 5122;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const FLOAT = 5126;

/* eslint-disable @typescript-eslint/no-explicit-any -- the glTF JSON is built as plain records */
type Json = Record<string, any>;

/** A growing byte stream that becomes one (meshopt-compressed) bufferView. */
class Stream {
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

class GlbBuilder {
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

/** A mesh ready to write: vertex streams in cache/fetch-optimised order. */
interface MeshData {
  positions: Float32Array;
  normals: Float32Array | null;
  uvs: Float32Array | null;
  colors: Float32Array | null;
  elementIds: Uint32Array | null;
  indices: Uint32Array;
}

/** Vertex cache + fetch order (meshopt), which is also what its codecs compress best. */
function optimise(mesh: MeshData): MeshData {
  const indices = Uint32Array.from(mesh.indices);
  const [remap, unique] = MeshoptEncoder.reorderMesh(indices, true, true);
  const vertexCount = mesh.positions.length / 3;
  const gather = <T extends Float32Array | Uint32Array>(
    array: T | null,
    size: number,
  ): T | null => {
    if (!array) return null;
    const out = new (array.constructor as new (length: number) => T)(unique * size);
    for (let v = 0; v < vertexCount; v++) {
      const target = remap[v]!;
      if (target === 0xffffffff) continue;
      for (let c = 0; c < size; c++) out[target * size + c] = array[v * size + c]!;
    }
    return out;
  };
  return {
    positions: gather(mesh.positions, 3)!,
    normals: gather(mesh.normals, 3),
    uvs: gather(mesh.uvs, 2),
    colors: gather(mesh.colors, 4),
    elementIds: gather(mesh.elementIds, 1),
    indices,
  };
}

interface Grid {
  origin: [number, number, number];
  step: number;
}

function gridFor(boxes: Float32Array[]): Grid {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const positions of boxes) {
    for (let i = 0; i < positions.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        const value = positions[i + c]!;
        if (value < min[c]!) min[c] = value;
        if (value > max[c]!) max[c] = value;
      }
    }
  }
  if (!Number.isFinite(min[0]!)) return { origin: [0, 0, 0], step: 1 };
  const extent = Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
  return { origin: [min[0]!, min[1]!, min[2]!], step: extent > 0 ? extent / 65535 : 1 };
}

export async function writeGlb(
  prepared: PreparedScene,
  materials: SceneMaterial[],
  elementCount: number,
  generator: string,
): Promise<WrittenGlb> {
  await MeshoptEncoder.ready;
  const builder = new GlbBuilder();
  const { json } = builder;
  json.asset.generator = generator;
  const wideIds = elementCount > 0xffff;

  // Vertex streams shared by every mesh, one bufferView each.
  const positionStream = new Stream(8, 'ATTRIBUTES', 8, ARRAY_BUFFER);
  const idStream = new Stream(4, 'ATTRIBUTES', 4, ARRAY_BUFFER);
  const normalStream = new Stream(4, 'ATTRIBUTES', 4, ARRAY_BUFFER, 'OCTAHEDRAL');
  const uvStream = new Stream(8, 'ATTRIBUTES', 8, ARRAY_BUFFER);
  const colorStream = new Stream(4, 'ATTRIBUTES', 4, ARRAY_BUFFER);
  const index16 = new Stream(2, 'TRIANGLES', undefined, ELEMENT_ARRAY_BUFFER);
  const index32 = new Stream(4, 'TRIANGLES', undefined, ELEMENT_ARRAY_BUFFER);
  // Instance streams.
  const translationStream = new Stream(12, 'ATTRIBUTES', undefined, undefined);
  const rotationStream = new Stream(8, 'ATTRIBUTES', undefined, undefined, 'QUATERNION');
  const scaleStream = new Stream(12, 'ATTRIBUTES', undefined, undefined);
  const instanceIdStream = new Stream(4, 'ATTRIBUTES', undefined, undefined);

  const materialIndex = new Map<number, number>();
  const textureCache = new Map<Uint8Array, number>();
  const gltfMaterial = (index: number): number => {
    const known = materialIndex.get(index);
    if (known !== undefined) return known;
    const source = materials[index]!;
    const pbr: Json = {
      baseColorFactor: source.color.map((c) => Math.round(c * 1e5) / 1e5),
      metallicFactor: source.metallic,
      roughnessFactor: source.roughness,
    };
    if (source.texture) {
      let texture = textureCache.get(source.texture.image);
      if (texture === undefined) {
        json.images ??= [];
        json.textures ??= [];
        json.samplers ??= [{ magFilter: 9729, minFilter: 9987, wrapS: 10497, wrapT: 10497 }];
        json.images.push({
          bufferView: builder.rawView(source.texture.image),
          mimeType: source.texture.mimeType,
        });
        json.textures.push({ sampler: 0, source: json.images.length - 1 });
        texture = json.textures.length - 1;
        textureCache.set(source.texture.image, texture);
      }
      pbr.baseColorTexture = { index: texture };
    }
    const material: Json = { name: source.name, pbrMetallicRoughness: pbr };
    if (source.doubleSided) material.doubleSided = true;
    if (source.color[3] < 0.999) material.alphaMode = 'BLEND';
    json.materials.push(material);
    materialIndex.set(index, json.materials.length - 1);
    return json.materials.length - 1;
  };

  /** Writes one primitive's streams on a grid; returns the glTF primitive. */
  const primitive = (mesh: MeshData, grid: Grid, material: number, textured: boolean): Json => {
    const data = optimise(mesh);
    const count = data.positions.length / 3;
    const attributes: Json = {};
    // Positions: UNSIGNED_SHORT xyz + 2 bytes of padding (attributes are 4-byte aligned).
    const quantized = new Uint16Array(count * 4);
    const min = [65535, 65535, 65535];
    const max = [0, 0, 0];
    const inverse = 1 / grid.step;
    for (let v = 0; v < count; v++) {
      for (let c = 0; c < 3; c++) {
        const q = Math.min(
          65535,
          Math.max(0, Math.round((data.positions[v * 3 + c]! - grid.origin[c]!) * inverse)),
        );
        quantized[v * 4 + c] = q;
        if (q < min[c]!) min[c] = q;
        if (q > max[c]!) max[c] = q;
      }
    }
    attributes.POSITION = builder.accessor(
      positionStream,
      positionStream.add(new Uint8Array(quantized.buffer)),
      UNSIGNED_SHORT,
      count,
      'VEC3',
      { min, max },
    );
    if (data.normals) {
      const source = new Float32Array(count * 4);
      for (let v = 0; v < count; v++) source.set(data.normals.subarray(v * 3, v * 3 + 3), v * 4);
      const encoded = MeshoptEncoder.encodeFilterOct(source, count, 4, 8);
      attributes.NORMAL = builder.accessor(
        normalStream,
        normalStream.add(encoded),
        BYTE,
        count,
        'VEC3',
        { normalized: true },
      );
    }
    if (data.uvs && textured) {
      attributes.TEXCOORD_0 = builder.accessor(
        uvStream,
        uvStream.add(new Uint8Array(data.uvs.buffer, data.uvs.byteOffset, data.uvs.byteLength)),
        FLOAT,
        count,
        'VEC2',
      );
    }
    if (data.colors) {
      const bytes = new Uint8Array(count * 4);
      for (let i = 0; i < bytes.length; i++) {
        bytes[i] = Math.round(Math.min(1, Math.max(0, data.colors[i]!)) * 255);
      }
      attributes.COLOR_0 = builder.accessor(
        colorStream,
        colorStream.add(bytes),
        UNSIGNED_BYTE,
        count,
        'VEC4',
        { normalized: true },
      );
    }
    if (data.elementIds) {
      // UNSIGNED_SHORT + padding; FLOAT above 65,535 elements (glTF forbids UNSIGNED_INT here).
      const ids = wideIds ? Float32Array.from(data.elementIds) : new Uint16Array(count * 2);
      if (!wideIds) for (let v = 0; v < count; v++) ids[v * 2] = data.elementIds[v]!;
      attributes._ELEMENT_ID = builder.accessor(
        idStream,
        idStream.add(new Uint8Array(ids.buffer)),
        wideIds ? FLOAT : UNSIGNED_SHORT,
        count,
        'SCALAR',
      );
    }
    const small = count <= 0xffff;
    const stream = small ? index16 : index32;
    stream.align(small ? 2 : 4);
    const indexBytes = small ? Uint16Array.from(data.indices) : data.indices;
    const indices = builder.accessor(
      stream,
      stream.add(new Uint8Array(indexBytes.buffer, indexBytes.byteOffset, indexBytes.byteLength)),
      small ? UNSIGNED_SHORT : UNSIGNED_INT,
      data.indices.length,
      'SCALAR',
    );
    return { attributes, indices, material: gltfMaterial(material) };
  };

  const root: Json = { name: 'model', children: [] };
  json.nodes.push(root);
  let drawBatches = 0;

  if (prepared.batches.length > 0) {
    const grid = gridFor(prepared.batches.map((b) => b.positions));
    const primitives = prepared.batches.map((batch) =>
      primitive(batch, grid, batch.material, !!batch.uvs && !!materials[batch.material]?.texture),
    );
    drawBatches += primitives.length;
    json.meshes.push({ name: 'batches', primitives });
    json.nodes.push({
      name: 'batches',
      mesh: json.meshes.length - 1,
      translation: grid.origin,
      scale: [grid.step, grid.step, grid.step],
    });
    root.children.push(json.nodes.length - 1);
  }

  prepared.instanceGroups.forEach((group, index) => {
    // One grid for all parts so they share the instance transforms.
    const grid = gridFor(group.parts.map((part) => part.geometry.positions));
    const primitives = group.parts.map(({ geometry, material }) =>
      primitive(
        partMesh(geometry),
        grid,
        material,
        !!geometry.uvs && !!materials[material]?.texture,
      ),
    );
    drawBatches += primitives.length;
    const count = group.instances.length;
    const t = new Float32Array(count * 3);
    const r = new Float32Array(count * 4);
    const s = new Float32Array(count * 3);
    const ids = wideIds ? new Float32Array(count) : new Uint16Array(count);
    const [ox, oy, oz] = grid.origin;
    group.instances.forEach(({ element, trs }, i) => {
      // instance * grid = T R S * T(origin) S(step) = T(t + R(S origin)) R S(s * step).
      const [qx, qy, qz, qw] = trs.rotation;
      const [sx, sy, sz] = trs.scale;
      const vx = ox * sx,
        vy = oy * sy,
        vz = oz * sz;
      const cx = 2 * (qy * vz - qz * vy),
        cy = 2 * (qz * vx - qx * vz),
        cz = 2 * (qx * vy - qy * vx);
      t[i * 3] = trs.translation[0] + vx + qw * cx + (qy * cz - qz * cy);
      t[i * 3 + 1] = trs.translation[1] + vy + qw * cy + (qz * cx - qx * cz);
      t[i * 3 + 2] = trs.translation[2] + vz + qw * cz + (qx * cy - qy * cx);
      r.set(trs.rotation, i * 4);
      s[i * 3] = sx * grid.step;
      s[i * 3 + 1] = sy * grid.step;
      s[i * 3 + 2] = sz * grid.step;
      ids[i] = element;
    });
    const attributes: Json = {
      TRANSLATION: builder.accessor(
        translationStream,
        translationStream.add(new Uint8Array(t.buffer)),
        FLOAT,
        count,
        'VEC3',
      ),
      ROTATION: builder.accessor(
        rotationStream,
        rotationStream.add(MeshoptEncoder.encodeFilterQuat(r, count, 8, 16)),
        SHORT,
        count,
        'VEC4',
        { normalized: true },
      ),
      SCALE: builder.accessor(
        scaleStream,
        scaleStream.add(new Uint8Array(s.buffer)),
        FLOAT,
        count,
        'VEC3',
      ),
    };
    instanceIdStream.align(4);
    attributes._ELEMENT_ID = builder.accessor(
      instanceIdStream,
      instanceIdStream.add(new Uint8Array(ids.buffer)),
      wideIds ? FLOAT : UNSIGNED_SHORT,
      count,
      'SCALAR',
    );
    json.meshes.push({ primitives });
    json.nodes.push({
      name: `instanced-${index}`,
      mesh: json.meshes.length - 1,
      extensions: { EXT_mesh_gpu_instancing: { attributes } },
    });
    root.children.push(json.nodes.length - 1);
  });

  builder.flush([
    positionStream,
    idStream,
    normalStream,
    uvStream,
    colorStream,
    index16,
    index32,
    translationStream,
    rotationStream,
    scaleStream,
    instanceIdStream,
  ]);
  if (root.children.length === 0) delete root.children;
  const used = ['KHR_mesh_quantization', 'EXT_meshopt_compression'];
  if (prepared.instanceGroups.length > 0) used.unshift('EXT_mesh_gpu_instancing');
  json.extensionsUsed = used;
  json.extensionsRequired = used;
  return { glb: builder.finish(), drawBatches, materials: materialIndex.size };
}

function partMesh(geometry: SceneGeometry): MeshData {
  return {
    positions: geometry.positions,
    normals: geometry.normals ?? null,
    uvs: geometry.uvs ?? null,
    colors: geometry.colors ?? null,
    elementIds: null,
    indices: geometry.indices,
  };
}
