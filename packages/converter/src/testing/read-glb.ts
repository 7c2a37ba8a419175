/**
 * Reads a converter .glb back into world-space triangles with their element ids: decodes
 * EXT_meshopt_compression (and its filters), dequantizes KHR_mesh_quantization through the node
 * transforms and expands EXT_mesh_gpu_instancing. What a viewer does, in a few lines, so tests
 * can check that the written file draws what the source holds.
 */
import { MeshoptDecoder } from 'meshoptimizer/decoder';

/* eslint-disable @typescript-eslint/no-explicit-any -- glTF JSON records */
type Json = Record<string, any>;

interface DecodedDraw {
  /** World-space xyz per vertex. */
  positions: Float64Array;
  indices: Uint32Array;
  /** Element id per vertex. */
  elementIds: Uint32Array;
  hasNormals: boolean;
}

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };
const ARRAYS: Record<number, { new (b: ArrayBuffer, o: number, n: number): ArrayLike<number> }> = {
  5120: Int8Array,
  5121: Uint8Array,
  5122: Int16Array,
  5123: Uint16Array,
  5125: Uint32Array,
  5126: Float32Array,
};
const NORMALIZE: Record<number, number> = { 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 };

export async function readGlb(glb: Uint8Array): Promise<{ json: Json; draws: DecodedDraw[] }> {
  await MeshoptDecoder.ready;
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as Json;
  const binStart = 20 + jsonLength + 8;
  const bin = glb.subarray(binStart, binStart + view.getUint32(20 + jsonLength, true));

  const views = new Map<number, Uint8Array>();
  const bufferView = (index: number): Uint8Array => {
    const cached = views.get(index);
    if (cached) return cached;
    const bv = json.bufferViews[index];
    const ext = bv.extensions?.EXT_meshopt_compression;
    let bytes: Uint8Array;
    if (ext) {
      bytes = new Uint8Array(ext.count * ext.byteStride);
      const source = bin.subarray(ext.byteOffset, ext.byteOffset + ext.byteLength);
      MeshoptDecoder.decodeGltfBuffer(
        bytes,
        ext.count,
        ext.byteStride,
        source,
        ext.mode,
        ext.filter,
      );
    } else bytes = bin.slice(bv.byteOffset, bv.byteOffset + bv.byteLength);
    views.set(index, bytes);
    return bytes;
  };
  /** Accessor values as float64 tuples (normalized ones mapped to [0, 1] / [-1, 1]). */
  const read = (index: number): Float64Array => {
    const accessor = json.accessors[index];
    const size = COMPONENTS[accessor.type]!;
    const bytes = bufferView(accessor.bufferView);
    const bv = json.bufferViews[accessor.bufferView];
    const Array_ = ARRAYS[accessor.componentType]!;
    const element = (Array_ as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    const stride = bv.byteStride ?? size * element;
    const out = new Float64Array(accessor.count * size);
    const copy = bytes.slice().buffer;
    for (let i = 0; i < accessor.count; i++) {
      const values = new Array_(copy, (accessor.byteOffset ?? 0) + i * stride, size);
      for (let c = 0; c < size; c++) {
        let value = values[c]!;
        if (accessor.normalized) {
          value = Math.max(-1, value / NORMALIZE[accessor.componentType]!);
        }
        out[i * size + c] = value;
      }
    }
    return out;
  };

  const draws: DecodedDraw[] = [];
  const visit = (nodeIndex: number, parent: number[]) => {
    const node = json.nodes[nodeIndex];
    const world = multiply(parent, nodeMatrix(node));
    if (node.mesh !== undefined) {
      const instancing = node.extensions?.EXT_mesh_gpu_instancing?.attributes;
      const instances: { matrix: number[]; element: number | null }[] = [];
      if (instancing) {
        const t = read(instancing.TRANSLATION);
        const r = read(instancing.ROTATION);
        const s = read(instancing.SCALE);
        const ids = read(instancing._ELEMENT_ID);
        for (let i = 0; i < ids.length; i++) {
          const local = trsMatrix(
            [t[i * 3]!, t[i * 3 + 1]!, t[i * 3 + 2]!],
            [r[i * 4]!, r[i * 4 + 1]!, r[i * 4 + 2]!, r[i * 4 + 3]!],
            [s[i * 3]!, s[i * 3 + 1]!, s[i * 3 + 2]!],
          );
          instances.push({ matrix: multiply(world, local), element: ids[i]! });
        }
      } else instances.push({ matrix: world, element: null });
      for (const primitive of json.meshes[node.mesh].primitives) {
        const local = read(primitive.attributes.POSITION);
        const indices = Uint32Array.from(read(primitive.indices));
        const ids = primitive.attributes._ELEMENT_ID
          ? read(primitive.attributes._ELEMENT_ID)
          : null;
        for (const { matrix, element } of instances) {
          const count = local.length / 3;
          const positions = new Float64Array(local.length);
          const elementIds = new Uint32Array(count);
          for (let v = 0; v < count; v++) {
            const x = local[v * 3]!,
              y = local[v * 3 + 1]!,
              z = local[v * 3 + 2]!;
            for (let c = 0; c < 3; c++) {
              positions[v * 3 + c] =
                matrix[c]! * x + matrix[4 + c]! * y + matrix[8 + c]! * z + matrix[12 + c]!;
            }
            elementIds[v] = element ?? ids![v]!;
          }
          draws.push({
            positions,
            indices,
            elementIds,
            hasNormals: primitive.attributes.NORMAL !== undefined,
          });
        }
      }
    }
    for (const child of node.children ?? []) visit(child, world);
  };
  for (const root of json.scenes[json.scene ?? 0].nodes) visit(root, identity());
  return { json, draws };
}

function identity(): number[] {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      for (let k = 0; k < 4; k++) out[col * 4 + row]! += a[k * 4 + row]! * b[col * 4 + k]!;
    }
  }
  return out;
}

function trsMatrix(t: number[], q: number[], s: number[]): number[] {
  const [x, y, z, w] = q as [number, number, number, number];
  const length = Math.hypot(x, y, z, w) || 1;
  const [qx, qy, qz, qw] = [x / length, y / length, z / length, w / length];
  return [
    (1 - 2 * (qy * qy + qz * qz)) * s[0]!,
    2 * (qx * qy + qz * qw) * s[0]!,
    2 * (qx * qz - qy * qw) * s[0]!,
    0,
    2 * (qx * qy - qz * qw) * s[1]!,
    (1 - 2 * (qx * qx + qz * qz)) * s[1]!,
    2 * (qy * qz + qx * qw) * s[1]!,
    0,
    2 * (qx * qz + qy * qw) * s[2]!,
    2 * (qy * qz - qx * qw) * s[2]!,
    (1 - 2 * (qx * qx + qy * qy)) * s[2]!,
    0,
    t[0]!,
    t[1]!,
    t[2]!,
    1,
  ];
}

function nodeMatrix(node: Json): number[] {
  if (node.matrix) return node.matrix;
  return trsMatrix(
    node.translation ?? [0, 0, 0],
    node.rotation ?? [0, 0, 0, 1],
    node.scale ?? [1, 1, 1],
  );
}
