/**
 * The viewer's draw-call budget: one draw per material, plus at most `maxExtraDraws`. Extra
 * draws come from two places:
 *
 * - instanced (geometry, material) pairs: each is its own draw;
 * - materials whose merged geometry is partly smooth (curved: round columns, balusters, a round
 *   window's glass, carrying normals) and partly flat (boxes, which carry none and get flat
 *   normals in the viewer): one batch cannot hold both, so such a material used to be two draws.
 *
 * A multi-storey house with glazing, round columns and railings in 17 materials drew 30 calls
 * that way (8 instanced pairs + 5 split materials). When the two together exceed the budget,
 * the cheapest fix is taken first, again and again: either a split material's flat part gets
 * explicit face normals (its vertices are split by face normal, so it shades exactly as before)
 * and joins the smooth batch, or the instanced pair that saves the fewest vertices goes back
 * into the batches.
 */
import type { SceneGeometry, SceneModel } from '../scene.ts';
import { weldVertices } from './weld.ts';

interface InstanceCandidate<T> {
  /** Placement indices drawn by this pair. */
  list: number[];
  /** Vertices it saves over merging every placement into a batch. */
  savings: number;
  data: T;
}

interface DrawPlan<T> {
  candidates: InstanceCandidate<T>[];
  /** Materials whose flat geometry is written with face normals, in one batch with the smooth. */
  faceNormalMaterials: Set<number>;
}

/** Materials drawn by both smooth and flat non-instanced geometry: each is one draw too many. */
function splitMaterials(scene: SceneModel, instanced: Set<number>): Map<number, number[]> {
  const kinds = new Map<number, { smooth: boolean; flat: number[] }>();
  scene.placements.forEach((p, i) => {
    const geometry = scene.geometries[p.geometry]!;
    if (instanced.has(i) || geometry.indices.length === 0) return;
    let kind = kinds.get(p.material);
    if (!kind) kinds.set(p.material, (kind = { smooth: false, flat: [] }));
    if (geometry.normals) kind.smooth = true;
    else kind.flat.push(i);
  });
  const splits = new Map<number, number[]>();
  for (const [material, kind] of kinds) {
    if (kind.smooth && kind.flat.length > 0) splits.set(material, kind.flat);
  }
  return splits;
}

export function planDraws<T>(
  scene: SceneModel,
  sortedCandidates: InstanceCandidate<T>[],
  maxExtraDraws: number,
  faceNormalVertices: (geometry: number) => number,
): DrawPlan<T> {
  const candidates = [...sortedCandidates];
  const faceNormalMaterials = new Set<number>();
  for (;;) {
    const instanced = new Set(candidates.flatMap((c) => c.list));
    const splits = splitMaterials(scene, instanced);
    for (const material of faceNormalMaterials) splits.delete(material);
    if (candidates.length + splits.size <= maxExtraDraws) break;
    // The cheapest split to merge: the fewest vertices added by splitting them per face normal.
    let cheapest: { material: number; cost: number } | null = null;
    for (const [material, flat] of splits) {
      let cost = 0;
      for (const i of flat) {
        const geometry = scene.placements[i]!.geometry;
        cost += faceNormalVertices(geometry) - scene.geometries[geometry]!.positions.length / 3;
      }
      if (!cheapest || cost < cheapest.cost) cheapest = { material, cost };
    }
    const weakest = candidates.at(-1);
    if (cheapest && (!weakest || cheapest.cost <= weakest.savings)) {
      faceNormalMaterials.add(cheapest.material);
    } else {
      candidates.pop();
    }
  }
  return { candidates, faceNormalMaterials };
}

/**
 * A flat-shaded geometry (no normals) with explicit face normals: corners are shared only
 * between triangles facing the same way, so smooth interpolation draws the same flat faces.
 */
export function withFaceNormals(geometry: SceneGeometry): SceneGeometry {
  const { positions: p, indices } = geometry;
  const corners = indices.length;
  const positions = new Float32Array(corners * 3);
  const normals = new Float32Array(corners * 3);
  const uvs = geometry.uvs ? new Float32Array(corners * 2) : null;
  const colors = geometry.colors ? new Float32Array(corners * 4) : null;
  // Coplanar triangles must get bit-equal normals to share corners: round them to 1/32767, the
  // precision of the .glb's normal bytes is coarser anyway.
  const round = (value: number) => Math.round(value * 32767) / 32767;
  for (let t = 0; t + 2 < corners; t += 3) {
    const a = indices[t]! * 3,
      b = indices[t + 1]! * 3,
      c = indices[t + 2]! * 3;
    const e1x = p[b]! - p[a]!,
      e1y = p[b + 1]! - p[a + 1]!,
      e1z = p[b + 2]! - p[a + 2]!;
    const e2x = p[c]! - p[a]!,
      e2y = p[c + 1]! - p[a + 1]!,
      e2z = p[c + 2]! - p[a + 2]!;
    let nx = e1y * e2z - e1z * e2y,
      ny = e1z * e2x - e1x * e2z,
      nz = e1x * e2y - e1y * e2x;
    const length = Math.hypot(nx, ny, nz);
    if (length > 0) {
      nx = round(nx / length);
      ny = round(ny / length);
      nz = round(nz / length);
    } else [nx, ny, nz] = [0, 1, 0];
    for (let k = 0; k < 3; k++) {
      const source = indices[t + k]!;
      const o = (t + k) * 3;
      positions.set(p.subarray(source * 3, source * 3 + 3), o);
      normals[o] = nx;
      normals[o + 1] = ny;
      normals[o + 2] = nz;
      if (uvs && geometry.uvs)
        uvs.set(geometry.uvs.subarray(source * 2, source * 2 + 2), (t + k) * 2);
      if (colors && geometry.colors) {
        colors.set(geometry.colors.subarray(source * 4, source * 4 + 4), (t + k) * 4);
      }
    }
  }
  const soup: SceneGeometry = {
    positions,
    normals,
    uvs,
    colors,
    indices: Uint32Array.from({ length: corners }, (_, i) => i),
  };
  return weldVertices(soup);
}
