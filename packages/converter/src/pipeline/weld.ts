/**
 * Vertex welding for "triangle soup" sources (OBJ, STL, FBX and 3DS loaders emit one vertex per
 * triangle corner): identical vertices (all attributes bit-equal) are shared, which shrinks the
 * .glb roughly threefold and lets the meshopt vertex cache optimisation work.
 */
import type { SceneGeometry } from '../scene.ts';

/** Soup-like: about one vertex per triangle corner (welded meshes have ~6 corners per vertex). */
function looksLikeSoup(indices: Uint32Array, vertexCount: number): boolean {
  return vertexCount * 2 >= indices.length;
}

export function weldIfSoup(geometry: SceneGeometry): SceneGeometry {
  const vertexCount = geometry.positions.length / 3;
  if (vertexCount < 3 || !looksLikeSoup(geometry.indices, vertexCount)) return geometry;
  return weldVertices(geometry);
}

/**
 * Shares vertices whose attributes are bit-equal (the normals are ignored and dropped when
 * `withNormals` is false: flat-shaded geometry needs no normals, the viewer derives them).
 */
export function weldVertices(geometry: SceneGeometry, withNormals = true): SceneGeometry {
  const vertexCount = geometry.positions.length / 3;
  const streams: [Float32Array, number][] = [[geometry.positions, 3]];
  if (geometry.normals && withNormals) streams.push([geometry.normals, 3]);
  if (geometry.uvs) streams.push([geometry.uvs, 2]);
  if (geometry.colors) streams.push([geometry.colors, 4]);
  const bits = streams.map(
    ([array, size]) =>
      [new Uint32Array(array.buffer, array.byteOffset, array.length), size] as const,
  );

  const tableSize = 1 << Math.ceil(Math.log2(vertexCount * 2));
  const table = new Int32Array(tableSize).fill(-1);
  const remap = new Uint32Array(vertexCount);
  const uniques: number[] = [];
  const equal = (a: number, b: number) => {
    for (const [array, size] of bits) {
      for (let c = 0; c < size; c++) if (array[a * size + c] !== array[b * size + c]) return false;
    }
    return true;
  };
  for (let v = 0; v < vertexCount; v++) {
    let hash = 0x811c9dc5;
    for (const [array, size] of bits) {
      for (let c = 0; c < size; c++) hash = Math.imul(hash ^ array[v * size + c]!, 0x01000193);
    }
    let slot = (hash >>> 0) & (tableSize - 1);
    for (;;) {
      const entry = table[slot]!;
      if (entry < 0) {
        table[slot] = uniques.length;
        remap[v] = uniques.length;
        uniques.push(v);
        break;
      }
      if (equal(uniques[entry]!, v)) {
        remap[v] = entry;
        break;
      }
      slot = (slot + 1) & (tableSize - 1);
    }
  }
  if (withNormals && uniques.length > vertexCount * 0.9) return geometry;
  const gather = (array: Float32Array | null | undefined, size: number) => {
    if (!array) return array ?? null;
    const out = new Float32Array(uniques.length * size);
    uniques.forEach((source, target) =>
      out.set(array.subarray(source * size, source * size + size), target * size),
    );
    return out;
  };
  return {
    positions: gather(geometry.positions, 3)!,
    normals: withNormals ? gather(geometry.normals, 3) : null,
    uvs: gather(geometry.uvs, 2),
    colors: gather(geometry.colors, 4),
    indices: geometry.indices.map((index) => (index < vertexCount ? remap[index]! : index)),
  };
}
