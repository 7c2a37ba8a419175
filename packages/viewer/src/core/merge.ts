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

type AnyAttribute = THREE.BufferAttribute | THREE.InterleavedBufferAttribute;

/** The raw (not denormalized) components of an attribute: array, stride and first offset. */
function rawView(attribute: AnyAttribute): {
  array: THREE.TypedArray;
  stride: number;
  offset: number;
} {
  const interleaved = attribute as THREE.InterleavedBufferAttribute;
  if (interleaved.isInterleavedBufferAttribute)
    return {
      array: interleaved.data.array,
      stride: interleaved.data.stride,
      offset: interleaved.offset,
    };
  return { array: attribute.array as THREE.TypedArray, stride: attribute.itemSize, offset: 0 };
}

function copyRaw(
  from: AnyAttribute,
  into: THREE.TypedArray,
  itemSize: number,
  vertexBase: number,
): void {
  const { array, stride, offset } = rawView(from);
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
    if (ids && source) for (let v = 0; v < source.count; v++) ids[vertexBase + v] = source.getX(v);
    materials.fill(material, vertexBase, vertexBase + position.count);
    const from = geometry.index!.array;
    for (let i = 0; i < from.length; i++) index[indexBase + i] = from[i]! + vertexBase;
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
