/**
 * Batching by geometry, not by material, at load time: the primitives of one glTF node that share
 * a transform (the converter's `batches` node: one primitive per material; an instanced node: one
 * primitive per part, all with the same instances) become one opaque and one transparent mesh.
 * Each vertex carries the index of its material in a small table (a float texture the shader
 * reads), so a model with 17 materials draws in a few calls instead of one per material.
 *
 * Done here rather than in the converter so every viewable already stored draws this way too;
 * the .glb keeps one primitive per material, which the preview (raw WebGL) and any glTF tool
 * read as they are.
 *
 * Left apart: textured primitives (their UVs and image are the material's) and primitives with
 * vertex colours (a few mesh formats), each drawn by its own material as before.
 */
import * as THREE from 'three';
import {
  denormalizing,
  forEachTransformedVertex,
  rawView,
  setBounds,
  type AnyAttribute,
} from './attribute-view.ts';

/** Per-vertex index into the material table. */
export const MATERIAL_ATTRIBUTE = 'trussMaterial';
/** Texels per row of the material table. */
export const TABLE_WIDTH = 256;

/** One material of the table: linear RGB and opacity. */
export interface TableEntry {
  color: THREE.Color;
  opacity: number;
}

/** The materials of one model, deduplicated by colour and opacity. */
export class MaterialTable {
  private readonly entries: TableEntry[] = [];
  private readonly byKey = new Map<string, number>();

  get size(): number {
    return this.entries.length;
  }

  /** The table index of a colour and opacity (added on first use). */
  index(color: THREE.Color, opacity: number): number {
    const key = `${color.r},${color.g},${color.b},${opacity}`;
    let index = this.byKey.get(key);
    if (index === undefined) {
      index = this.entries.length;
      this.entries.push({ color: color.clone(), opacity });
      this.byKey.set(key, index);
    }
    return index;
  }

  entry(index: number): TableEntry | undefined {
    return this.entries[index];
  }

  /** The entries as a float texture (made once every entry is in), one texel each. */
  texture(): THREE.DataTexture {
    const width = Math.min(TABLE_WIDTH, Math.max(1, this.entries.length));
    const height = Math.max(1, Math.ceil(this.entries.length / TABLE_WIDTH));
    const data = new Float32Array(width * height * 4);
    this.entries.forEach(({ color, opacity }, i) => {
      data.set([color.r, color.g, color.b, opacity], i * 4);
    });
    const texture = new THREE.DataTexture(data, width, height, THREE.RGBAFormat, THREE.FloatType);
    texture.magFilter = THREE.NearestFilter;
    texture.minFilter = THREE.NearestFilter;
    texture.generateMipmaps = false;
    texture.needsUpdate = true;
    return texture;
  }
}

type Source = THREE.Material & {
  color?: THREE.Color;
  map?: THREE.Texture | null;
  vertexColors?: boolean;
};

/** True when a primitive's material fits in the table (no texture, no vertex colours). */
export function mergeable(mesh: THREE.Mesh): boolean {
  if (Array.isArray(mesh.material)) return false;
  const material = mesh.material as Source;
  const geometry = mesh.geometry;
  return (
    !material.map &&
    !material.vertexColors &&
    !!geometry.index &&
    !!geometry.getAttribute('position') &&
    Object.keys(geometry.morphAttributes).length === 0
  );
}

export function isTransparent(material: THREE.Material): boolean {
  return material.transparent || material.opacity < 1;
}

/**
 * Which primitives may share one draw: same parent transform, same position encoding, both
 * opaque or both transparent, and for instanced ones the same node and the same instances.
 */
export function mergeKey(mesh: THREE.Mesh): string {
  const position = mesh.geometry.getAttribute('position');
  const encoding = `${position.array.constructor.name}/${position.normalized ? 1 : 0}`;
  const transparent = isTransparent(mesh.material as THREE.Material) ? 't' : 'o';
  const instanced = (mesh as THREE.InstancedMesh).isInstancedMesh
    ? `i${mesh.parent?.uuid ?? mesh.uuid}/${(mesh as THREE.InstancedMesh).count}`
    : 'b';
  return `${instanced}|${transparent}|${encoding}|${mesh.matrixWorld.elements.join(',')}`;
}

/** True when two instanced meshes place the same instances (their matrices are equal). */
export function sameInstances(a: THREE.InstancedMesh, b: THREE.InstancedMesh): boolean {
  if (a.count !== b.count) return false;
  const x = a.instanceMatrix.array;
  const y = b.instanceMatrix.array;
  if (x === y) return true;
  for (let i = 0; i < a.count * 16; i++) if (x[i] !== y[i]) return false;
  return true;
}

function copyRaw(
  from: AnyAttribute,
  into: THREE.TypedArray,
  itemSize: number,
  vertexBase: number,
): void {
  const { array, stride, offset } = rawView(from);
  // Tightly packed, same type: one copy (a chunk's batch is millions of components).
  if (stride === itemSize && offset === 0 && array.constructor === into.constructor) {
    into.set(array.subarray(0, from.count * itemSize), vertexBase * itemSize);
    return;
  }
  for (let v = 0; v < from.count; v++) {
    const s = v * stride + offset;
    const o = (vertexBase + v) * itemSize;
    for (let c = 0; c < itemSize; c++) into[o + c] = array[s + c]!;
  }
}

type TypedArrayConstructor = new (length: number) => THREE.TypedArray;

/**
 * One geometry holding every part: positions (same encoding as the parts), normals when any part
 * has them (zero for the parts without: the shader shades those flat), the element ids (per
 * vertex for batches; an instanced mesh keeps its per-instance ids), the material index per
 * vertex and the indices.
 */
export function mergeGeometries(
  parts: readonly { geometry: THREE.BufferGeometry; material: number }[],
  elementAttribute: string | null,
): { geometry: THREE.BufferGeometry; mixedNormals: boolean; smooth: boolean } {
  let vertices = 0;
  let indices = 0;
  let withNormals = 0;
  let normalType: TypedArrayConstructor | null = null;
  let normalNormalized = false;
  let sameNormals = true;
  for (const { geometry } of parts) {
    vertices += geometry.getAttribute('position').count;
    indices += geometry.index!.count;
    const normal = geometry.getAttribute('normal');
    if (!normal) continue;
    withNormals++;
    const type = normal.array.constructor as TypedArrayConstructor;
    if (normalType === null) {
      normalType = type;
      normalNormalized = normal.normalized;
    } else if (type !== normalType || normal.normalized !== normalNormalized) sameNormals = false;
  }
  const first = parts[0]!.geometry.getAttribute('position');
  const positions = new (first.array.constructor as TypedArrayConstructor)(vertices * 3);
  // Normals keep the parts' encoding (bytes, from the converter) when they all share it.
  const normals =
    withNormals > 0
      ? sameNormals
        ? new normalType!(vertices * 3)
        : new Float32Array(vertices * 3)
      : null;
  const ids = elementAttribute ? new Float32Array(vertices) : null;
  const materials = new Uint16Array(vertices);
  const index = vertices > 0xffff ? new Uint32Array(indices) : new Uint16Array(indices);
  let vertexBase = 0;
  let indexBase = 0;
  for (const { geometry, material } of parts) {
    const position = geometry.getAttribute('position');
    copyRaw(position, positions, 3, vertexBase);
    const normal = geometry.getAttribute('normal');
    if (normals && normal) {
      if (sameNormals) copyRaw(normal, normals, 3, vertexBase);
      else
        for (let v = 0; v < normal.count; v++) {
          normals[(vertexBase + v) * 3] = normal.getX(v);
          normals[(vertexBase + v) * 3 + 1] = normal.getY(v);
          normals[(vertexBase + v) * 3 + 2] = normal.getZ(v);
        }
    }
    const source = elementAttribute ? geometry.getAttribute(elementAttribute) : null;
    if (ids && source) {
      if (!source.normalized && (source as THREE.BufferAttribute).isBufferAttribute)
        copyRaw(source, ids, 1, vertexBase);
      else for (let v = 0; v < source.count; v++) ids[vertexBase + v] = source.getX(v);
    }
    materials.fill(material, vertexBase, vertexBase + position.count);
    const from = geometry.index!.array;
    if (vertexBase === 0) index.set(from, indexBase);
    else for (let i = 0; i < from.length; i++) index[indexBase + i] = from[i]! + vertexBase;
    vertexBase += position.count;
    indexBase += from.length;
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3, first.normalized));
  if (normals) {
    geometry.setAttribute(
      'normal',
      new THREE.BufferAttribute(normals, 3, sameNormals ? normalNormalized : false),
    );
  }
  if (ids && elementAttribute)
    geometry.setAttribute(elementAttribute, new THREE.BufferAttribute(ids, 1));
  geometry.setAttribute(MATERIAL_ATTRIBUTE, new THREE.BufferAttribute(materials, 1));
  geometry.setIndex(new THREE.BufferAttribute(index, 1));
  return {
    geometry,
    mixedNormals: withNormals > 0 && withNormals < parts.length,
    smooth: withNormals > 0,
  };
}

/**
 * Instance groups drawing fewer vertices than this in all (instances x vertices) are baked into
 * the node's batch: their own draw costs more than the vertices they save (a house's windows,
 * railings and furniture). Larger groups stay instanced.
 */
export const BAKE_VERTEX_LIMIT = 65_536;

/** The largest coordinate of an integer position grid; null for float positions. */
function gridLimit(array: THREE.TypedArray): number | null {
  return array instanceof Uint16Array ? 0xffff : array instanceof Uint8Array ? 0xff : null;
}

/**
 * Whether every instance of `mesh`, written out in the space of `reference`, rounds onto the
 * reference's integer position grid (always true for float positions): what bakeInstances
 * checks per vertex, known before any baking. Each instance is tested by its geometry's box
 * corners first (every vertex lies within their hull); only an instance whose corners reach out
 * is tested vertex by vertex.
 */
export function fitsGrid(mesh: THREE.InstancedMesh, reference: THREE.Mesh): boolean {
  const target = reference.geometry.getAttribute('position');
  const limit = gridLimit(target.array as THREE.TypedArray);
  if (limit === null) return true;
  const position = mesh.geometry.getAttribute('position');
  if (!mesh.geometry.boundingBox) setBounds(mesh.geometry);
  const { min: low, max: high } = mesh.geometry.boundingBox!;
  const inside = (x: number, y: number, z: number) => {
    const rx = Math.round(x);
    const ry = Math.round(y);
    const rz = Math.round(z);
    return rx >= 0 && rx <= limit && ry >= 0 && ry <= limit && rz >= 0 && rz <= limit;
  };
  const toReference = reference.matrixWorld.clone().invert();
  const instance = new THREE.Matrix4();
  const matrix = new THREE.Matrix4();
  const corner = new THREE.Vector3();
  for (let k = 0; k < mesh.count; k++) {
    mesh.getMatrixAt(k, instance);
    matrix.multiplyMatrices(toReference, mesh.matrixWorld).multiply(instance);
    let corners = true;
    for (let c = 0; c < 8 && corners; c++) {
      corner
        .set(c & 1 ? high.x : low.x, c & 2 ? high.y : low.y, c & 4 ? high.z : low.z)
        .applyMatrix4(matrix);
      corners = inside(corner.x, corner.y, corner.z);
    }
    if (corners) continue;
    let vertices = true;
    forEachTransformedVertex(position, matrix, (_, x, y, z) => {
      if (vertices && !inside(x, y, z)) vertices = false;
    });
    if (!vertices) return false;
  }
  return true;
}

/**
 * An instanced mesh's instances written out as one plain mesh in the space of `reference` (a
 * batch mesh with quantized positions): same position encoding, same transform, so it merges
 * into the reference's batch. Null when a vertex falls outside the reference's grid or the
 * encodings differ.
 */
export function bakeInstances(
  mesh: THREE.InstancedMesh,
  reference: THREE.Mesh,
  elementAttribute: string,
  instanceElementAttribute: string,
): THREE.Mesh | null {
  const source = mesh.geometry;
  const position = source.getAttribute('position');
  const target = reference.geometry.getAttribute('position');
  const Type = target.array.constructor as TypedArrayConstructor;
  if (target.normalized || position.normalized) return null;
  const limit = gridLimit(target.array as THREE.TypedArray);
  const integral = limit !== null;
  if (!integral && Type !== Float32Array) return null;
  const normal = source.getAttribute('normal');
  const ids = source.getAttribute(instanceElementAttribute);
  const count = position.count;
  const total = count * mesh.count;
  const positions = new Type(total * 3);
  // Bytes, as the converter writes normals (so the batch keeps its encoding).
  const normals = normal ? new Int8Array(total * 3) : null;
  const elementIds = new Float32Array(total);
  const sourceIndex = source.index!.array;
  const index = new Uint32Array(sourceIndex.length * mesh.count);
  const toReference = reference.matrixWorld.clone().invert();
  const instance = new THREE.Matrix4();
  const matrix = new THREE.Matrix4();
  const normalMatrix = new THREE.Matrix3();
  const normalView = normal ? rawView(normal) : null;
  const { divisor, min } = normal ? denormalizing(normal) : { divisor: 1, min: -Infinity };
  let outside = false;
  for (let k = 0; k < mesh.count && !outside; k++) {
    mesh.getMatrixAt(k, instance);
    matrix.multiplyMatrices(toReference, mesh.matrixWorld).multiply(instance);
    const base = k * count;
    forEachTransformedVertex(position, matrix, (i, x, y, z) => {
      const o = (base + i) * 3;
      if (!integral) {
        positions[o] = x;
        positions[o + 1] = y;
        positions[o + 2] = z;
        return;
      }
      const rx = Math.round(x);
      const ry = Math.round(y);
      const rz = Math.round(z);
      if (rx < 0 || rx > limit! || ry < 0 || ry > limit! || rz < 0 || rz > limit!) outside = true;
      positions[o] = rx;
      positions[o + 1] = ry;
      positions[o + 2] = rz;
    });
    if (normals && normalView) {
      // Vector3.applyMatrix3 then normalize(), as three does it, into bytes.
      const [n0, n1, n2, n3, n4, n5, n6, n7, n8] = normalMatrix.getNormalMatrix(matrix)
        .elements as [number, number, number, number, number, number, number, number, number];
      const { array, stride, offset } = normalView;
      for (let i = 0; i < count; i++) {
        const s = i * stride + offset;
        const x = Math.max(array[s]! / divisor, min);
        const y = Math.max(array[s + 1]! / divisor, min);
        const z = Math.max(array[s + 2]! / divisor, min);
        const nx = n0 * x + n3 * y + n6 * z;
        const ny = n1 * x + n4 * y + n7 * z;
        const nz = n2 * x + n5 * y + n8 * z;
        const inverse = 1 / (Math.sqrt(nx * nx + ny * ny + nz * nz) || 1);
        const o = (base + i) * 3;
        normals[o] = Math.round(nx * inverse * 127);
        normals[o + 1] = Math.round(ny * inverse * 127);
        normals[o + 2] = Math.round(nz * inverse * 127);
      }
    }
    elementIds.fill(ids ? ids.getX(k) : 0, base, base + count);
    // A mirroring instance turns its triangles inside out: swap two corners.
    const flip = matrix.determinant() < 0;
    const io = k * sourceIndex.length;
    for (let t = 0; t < sourceIndex.length; t += 3) {
      index[io + t] = sourceIndex[t]! + base;
      index[io + t + 1] = sourceIndex[t + (flip ? 2 : 1)]! + base;
      index[io + t + 2] = sourceIndex[t + (flip ? 1 : 2)]! + base;
    }
  }
  if (outside) return null;
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  if (normals) geometry.setAttribute('normal', new THREE.BufferAttribute(normals, 3, true));
  geometry.setAttribute(elementAttribute, new THREE.BufferAttribute(elementIds, 1));
  geometry.setIndex(new THREE.BufferAttribute(index, 1));
  const baked = new THREE.Mesh(geometry, mesh.material);
  baked.name = mesh.name;
  baked.matrixWorld.copy(reference.matrixWorld);
  return baked;
}
