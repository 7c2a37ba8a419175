/**
 * Geometry hygiene before writing: the validator rejects NaNs, out-of-range indices and non-unit
 * normals, and real files contain all three. Also the translation-invariant geometry dedupe that
 * turns "the same column copied 40 times in world coordinates" into instanceable shared geometry.
 */
import { computeNormals, normalizeVectors, type SceneGeometry, type SceneModel } from '../scene.ts';
import { multiply, translation } from './matrix.ts';
import { weldIfSoup, weldVertices } from './weld.ts';

/**
 * Drops broken triangles, fills missing normals, clamps bad floats. Flat-shaded geometry (every
 * corner's normal is its triangle's normal: all of web-ifc's output, STL, CAD tessellations)
 * loses its normals and is welded by position: glTF viewers derive flat normals themselves,
 * and the mesh shrinks to about a quarter of its vertices.
 */
export function sanitizeGeometry(source: SceneGeometry): SceneGeometry {
  const geometry = weldIfSoup(source);
  const { positions } = geometry;
  const vertexCount = Math.floor(positions.length / 3);
  const finite = new Uint8Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    finite[v] =
      Number.isFinite(positions[v * 3]!) &&
      Number.isFinite(positions[v * 3 + 1]!) &&
      Number.isFinite(positions[v * 3 + 2]!)
        ? 1
        : 0;
  }
  const sourceIndices = geometry.indices;
  let kept = 0;
  const indices = new Uint32Array(sourceIndices.length - (sourceIndices.length % 3));
  for (let t = 0; t + 2 < sourceIndices.length; t += 3) {
    const a = sourceIndices[t]!;
    const b = sourceIndices[t + 1]!;
    const c = sourceIndices[t + 2]!;
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    if (a === b || b === c || a === c || !finite[a] || !finite[b] || !finite[c]) continue;
    indices[kept++] = a;
    indices[kept++] = b;
    indices[kept++] = c;
  }
  for (let v = 0; v < vertexCount; v++) {
    if (!finite[v]) positions.fill(0, v * 3, v * 3 + 3);
  }
  const trimmed = kept === indices.length ? indices : indices.slice(0, kept);
  let normals = geometry.normals;
  if (!normals || normals.length !== vertexCount * 3) normals = computeNormals(positions, trimmed);
  else normalizeVectors(normals);
  const clean = (array: Float32Array | null | undefined, size: number) => {
    if (!array || array.length !== vertexCount * size) return null;
    for (let i = 0; i < array.length; i++) if (!Number.isFinite(array[i]!)) array[i] = 0;
    return array;
  };
  const result: SceneGeometry = {
    positions:
      positions.length === vertexCount * 3 ? positions : positions.slice(0, vertexCount * 3),
    normals,
    uvs: clean(geometry.uvs, 2),
    colors: clean(geometry.colors, 4),
    indices: trimmed,
  };
  return trimmed.length > 0 && hasFlatNormals(result) ? weldVertices(result, false) : result;
}

/**
 * True when (nearly) every corner's normal points along its triangle's face normal (within
 * ~2.5 degrees; 1 % of corners may disagree: degenerate slivers have meaningless face normals).
 */
function hasFlatNormals(geometry: SceneGeometry): boolean {
  const { positions: p, normals: n, indices } = geometry;
  if (!n) return false;
  let corners = 0;
  let off = 0;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t]! * 3,
      b = indices[t + 1]! * 3,
      c = indices[t + 2]! * 3;
    const e1x = p[b]! - p[a]!,
      e1y = p[b + 1]! - p[a + 1]!,
      e1z = p[b + 2]! - p[a + 2]!;
    const e2x = p[c]! - p[a]!,
      e2y = p[c + 1]! - p[a + 1]!,
      e2z = p[c + 2]! - p[a + 2]!;
    const nx = e1y * e2z - e1z * e2y,
      ny = e1z * e2x - e1x * e2z,
      nz = e1x * e2y - e1y * e2x;
    const length = Math.hypot(nx, ny, nz);
    if (!(length > 1e-12)) continue;
    const limit = 0.999 * length;
    corners += 3;
    if (nx * n[a]! + ny * n[a + 1]! + nz * n[a + 2]! < limit) off++;
    if (nx * n[b]! + ny * n[b + 1]! + nz * n[b + 2]! < limit) off++;
    if (nx * n[c]! + ny * n[c + 1]! + nz * n[c + 2]! < limit) off++;
  }
  return corners > 0 && off <= corners * 0.01;
}

function fnv(hash: number, value: number): number {
  hash ^= value & 0xffff;
  hash = Math.imul(hash, 0x01000193);
  hash ^= value >>> 16;
  return Math.imul(hash, 0x01000193);
}

function murmurStep(hash: number, value: number): number {
  let k = Math.imul(value, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  hash ^= Math.imul(k, 0x1b873593);
  hash = (hash << 13) | (hash >>> 19);
  return (Math.imul(hash, 5) + 0xe6546b64) | 0;
}

const MAX_DEDUPE_VERTICES = 200_000;

/** A key equal for geometries identical up to a translation, plus that geometry's first vertex. */
function translationInvariantKey(geometry: SceneGeometry): string | null {
  const { positions, normals, indices } = geometry;
  const vertexCount = positions.length / 3;
  if (vertexCount === 0 || vertexCount > MAX_DEDUPE_VERTICES) return null;
  const x0 = positions[0]!,
    y0 = positions[1]!,
    z0 = positions[2]!;
  let extent = 0;
  for (let i = 0; i < positions.length; i += 3) {
    extent = Math.max(
      extent,
      Math.abs(positions[i]! - x0),
      Math.abs(positions[i + 1]! - y0),
      Math.abs(positions[i + 2]! - z0),
    );
  }
  // Tolerance relative to the part's size: 1e-4 of its extent absorbs float32 noise.
  const grid = extent > 0 ? 1e4 / extent : 1;
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  const mix = (value: number) => {
    h1 = fnv(h1, value);
    h2 = murmurStep(h2, value);
  };
  for (let i = 0; i < positions.length; i += 3) {
    mix(Math.round((positions[i]! - x0) * grid));
    mix(Math.round((positions[i + 1]! - y0) * grid));
    mix(Math.round((positions[i + 2]! - z0) * grid));
  }
  if (normals) for (let i = 0; i < normals.length; i++) mix(Math.round(normals[i]! * 1000));
  for (let i = 0; i < indices.length; i++) mix(indices[i]!);
  const tag = `${geometry.uvs ? 'u' : ''}${geometry.colors ? 'c' : ''}`;
  // The extent itself (not only the shape relative to it): uniformly scaled copies (cubes of two
  // sizes) are different geometries, and the dedupe only moves, never scales.
  return `${vertexCount}:${indices.length}:${extent.toPrecision(6)}:${h1 >>> 0}:${h2 >>> 0}:${tag}`;
}

/**
 * Points placements of duplicate geometries (identical up to translation, without UVs or vertex
 * colours whose content we do not compare precisely) at one shared geometry, moving the offset
 * into the placement matrix. Returns how many geometries were merged away.
 */
export function dedupeGeometries(scene: SceneModel): number {
  const canonicalByKey = new Map<string, number>();
  const remap = new Map<number, { target: number; dx: number; dy: number; dz: number }>();
  scene.geometries.forEach((geometry, index) => {
    if (geometry.uvs || geometry.colors) return;
    const key = translationInvariantKey(geometry);
    if (!key) return;
    const canonical = canonicalByKey.get(key);
    if (canonical === undefined) {
      canonicalByKey.set(key, index);
      return;
    }
    const base = scene.geometries[canonical]!.positions;
    const own = geometry.positions;
    remap.set(index, {
      target: canonical,
      dx: own[0]! - base[0]!,
      dy: own[1]! - base[1]!,
      dz: own[2]! - base[2]!,
    });
  });
  if (remap.size === 0) return 0;
  for (const placement of scene.placements) {
    const moved = remap.get(placement.geometry);
    if (!moved) continue;
    const offset = translation(moved.dx, moved.dy, moved.dz);
    placement.matrix = placement.matrix ? multiply(placement.matrix, offset) : offset;
    placement.geometry = moved.target;
  }
  return remap.size;
}
