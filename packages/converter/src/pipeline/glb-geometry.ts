/**
 * The writer's geometry steps, as pure functions over typed arrays: vertex order for meshopt,
 * the quantization grid, quantized and encoded vertex attributes, and instance transforms with
 * the grid folded in.
 */
import { MeshoptEncoder } from 'meshoptimizer';
import type { SceneGeometry } from '../scene.ts';
import { emptyTransform } from './instance-list.ts';
import type { PreparedInstanceGroup } from './prepare.ts';

/** A mesh ready to write: vertex streams in cache/fetch-optimised order. */
export interface MeshData {
  positions: Float32Array;
  normals: Float32Array | null;
  uvs: Float32Array | null;
  colors: Float32Array | null;
  elementIds: Uint32Array | null;
  indices: Uint32Array;
}

/** An instanced part's geometry as a mesh (its element ids are per instance, not per vertex). */
export function partMesh(geometry: SceneGeometry): MeshData {
  return {
    positions: geometry.positions,
    normals: geometry.normals ?? null,
    uvs: geometry.uvs ?? null,
    colors: geometry.colors ?? null,
    elementIds: null,
    indices: geometry.indices,
  };
}

/** Vertex cache + fetch order (meshopt), which is also what its codecs compress best. */
export function optimise(mesh: MeshData): MeshData {
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

/** The quantization grid: positions are UNSIGNED_SHORT steps from `origin`. */
export interface Grid {
  origin: [number, number, number];
  step: number;
}

/** The grid spanning every position of these arrays (one grid per node). */
export function gridFor(boxes: Float32Array[]): Grid {
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

/** Positions on the grid: UNSIGNED_SHORT xyz + 2 bytes of padding (4-byte aligned attributes). */
export function quantizePositions(
  positions: Float32Array,
  grid: Grid,
): { quantized: Uint16Array; min: number[]; max: number[] } {
  const count = positions.length / 3;
  const quantized = new Uint16Array(count * 4);
  const min = [65535, 65535, 65535];
  const max = [0, 0, 0];
  const inverse = 1 / grid.step;
  for (let v = 0; v < count; v++) {
    for (let c = 0; c < 3; c++) {
      const q = Math.min(
        65535,
        Math.max(0, Math.round((positions[v * 3 + c]! - grid.origin[c]!) * inverse)),
      );
      quantized[v * 4 + c] = q;
      if (q < min[c]!) min[c] = q;
      if (q > max[c]!) max[c] = q;
    }
  }
  return { quantized, min, max };
}

/** Normals as octahedral-filtered bytes (4 per vertex). */
export function encodeNormals(normals: Float32Array, count: number): Uint8Array {
  const source = new Float32Array(count * 4);
  for (let v = 0; v < count; v++) source.set(normals.subarray(v * 3, v * 3 + 3), v * 4);
  return MeshoptEncoder.encodeFilterOct(source, count, 4, 8);
}

/** RGBA colours as normalized bytes. */
export function colorBytes(colors: Float32Array, count: number): Uint8Array {
  const bytes = new Uint8Array(count * 4);
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = Math.round(Math.min(1, Math.max(0, colors[i]!)) * 255);
  }
  return bytes;
}

/**
 * Per-vertex element ids: UNSIGNED_SHORT + padding, or FLOAT when `wide` (above 65,535
 * elements; glTF forbids UNSIGNED_INT attributes).
 */
export function vertexIds(elementIds: Uint32Array, count: number, wide: boolean): Uint8Array {
  const ids = wide ? Float32Array.from(elementIds) : new Uint16Array(count * 2);
  if (!wide) for (let v = 0; v < count; v++) ids[v * 2] = elementIds[v]!;
  return new Uint8Array(ids.buffer);
}

/** Per-instance TRANSLATION, ROTATION, SCALE and element ids, as the glTF attributes want them. */
export interface InstanceTransforms {
  translations: Float32Array;
  rotations: Float32Array;
  scales: Float32Array;
  ids: Float32Array | Uint16Array;
}

/** The group's instance transforms with the grid folded in (the parts' positions are on it). */
export function instanceTransforms(
  group: PreparedInstanceGroup,
  grid: Grid,
  wide: boolean,
): InstanceTransforms {
  const count = group.instances.length;
  const t = new Float32Array(count * 3);
  const r = new Float32Array(count * 4);
  const s = new Float32Array(count * 3);
  const ids = wide ? new Float32Array(count) : new Uint16Array(count);
  const [ox, oy, oz] = grid.origin;
  const scratch = emptyTransform();
  for (let i = 0; i < count; i++) {
    // instance * grid = T R S * T(origin) S(step) = T(t + R(S origin)) R S(s * step).
    const { tx, ty, tz, qx, qy, qz, qw, sx, sy, sz } = group.instances.read(i, scratch);
    const vx = ox * sx,
      vy = oy * sy,
      vz = oz * sz;
    const cx = 2 * (qy * vz - qz * vy),
      cy = 2 * (qz * vx - qx * vz),
      cz = 2 * (qx * vy - qy * vx);
    t[i * 3] = tx + vx + qw * cx + (qy * cz - qz * cy);
    t[i * 3 + 1] = ty + vy + qw * cy + (qz * cx - qx * cz);
    t[i * 3 + 2] = tz + vz + qw * cz + (qx * cy - qy * cx);
    r[i * 4] = qx;
    r[i * 4 + 1] = qy;
    r[i * 4 + 2] = qz;
    r[i * 4 + 3] = qw;
    s[i * 3] = sx * grid.step;
    s[i * 3 + 1] = sy * grid.step;
    s[i * 3 + 2] = sz * grid.step;
    ids[i] = group.instances.elements[i]!;
  }
  return { translations: t, rotations: r, scales: s, ids };
}
