/**
 * The prepared scene's merged batches: one per material (split in two when some of its geometry
 * needs smooth normals), every non-instanced placement's triangles baked into model coordinates
 * with a per-vertex element id. Built one batch at a time as they are asked for, and for some
 * elements only: a chunked model's writer builds each chunk's batches and drops them before the
 * next chunk (the whole model's batches never exist at once), the thumbnail draws one batch at a
 * time.
 */
import type { SceneGeometry, SceneModel, ScenePlacement } from '../scene.ts';
import { determinant3, normalMatrix, type Mat4 } from './matrix.ts';
import type { PreparedBatch } from './prepare.ts';

export interface BatchInput {
  scene: SceneModel;
  /** A placement's matrix into the viewable's (shifted) model coordinates. */
  matrixOf: (placement: number) => Mat4;
  /** Placements drawn by instance groups instead. */
  instanced: Set<number>;
  /** The geometry a placement's batch uses (with face normals where its material needs them). */
  geometryOf: (placement: ScenePlacement) => SceneGeometry;
}

/**
 * The batches in material order; with `include`, each holds only those elements' placements
 * (in the same order, with the same attributes as the whole model's batch: a chunk's batch is
 * the whole batch's triangles of its elements).
 */
export function* buildBatches(
  input: BatchInput,
  include?: (element: number) => boolean,
): Generator<PreparedBatch> {
  const { scene, matrixOf, instanced, geometryOf } = input;
  const byMaterial = new Map<number, number[]>();
  scene.placements.forEach((p, i) => {
    const geometry = geometryOf(p);
    if (instanced.has(i) || geometry.indices.length === 0) return;
    const key = p.material * 2 + (geometry.normals ? 1 : 0);
    const list = byMaterial.get(key);
    if (list) list.push(i);
    else byMaterial.set(key, [i]);
  });
  for (const [key, all] of [...byMaterial.entries()].sort((a, b) => a[0] - b[0])) {
    const material = key >> 1;
    const withNormals = (key & 1) === 1;
    // Attributes from the whole model's list, so that a chunk's batch has the same ones.
    let withUvs = false;
    let withColors = false;
    for (const i of all) {
      const g = geometryOf(scene.placements[i]!);
      withUvs ||= !!g.uvs;
      withColors ||= !!g.colors;
    }
    const list = include ? all.filter((i) => include(scene.placements[i]!.element)) : all;
    if (list.length === 0) continue;
    let vertexCount = 0;
    let indexCount = 0;
    for (const i of list) {
      const g = geometryOf(scene.placements[i]!);
      vertexCount += g.positions.length / 3;
      indexCount += g.indices.length;
    }
    const material_ = scene.materials[material];
    withUvs &&= !!material_?.texture;
    withColors &&= !!material_?.vertexColors;
    const batch: PreparedBatch = {
      material,
      positions: new Float32Array(vertexCount * 3),
      normals: withNormals ? new Float32Array(vertexCount * 3) : null,
      uvs: withUvs ? new Float32Array(vertexCount * 2) : null,
      colors: withColors ? new Float32Array(vertexCount * 4).fill(1) : null,
      elementIds: new Uint32Array(vertexCount),
      indices: new Uint32Array(indexCount),
    };
    let vertexBase = 0;
    let indexBase = 0;
    for (const i of list) {
      const placement = scene.placements[i]!;
      const g = geometryOf(placement);
      const m = matrixOf(i);
      const count = g.positions.length / 3;
      for (let v = 0; v < count; v++) {
        const x = g.positions[v * 3]!,
          y = g.positions[v * 3 + 1]!,
          z = g.positions[v * 3 + 2]!;
        const o = (vertexBase + v) * 3;
        batch.positions[o] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        batch.positions[o + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        batch.positions[o + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
      }
      if (batch.normals && g.normals) {
        const n = normalMatrix(m);
        for (let v = 0; v < count; v++) {
          const o = (vertexBase + v) * 3;
          const nx = g.normals[v * 3]!,
            ny = g.normals[v * 3 + 1]!,
            nz = g.normals[v * 3 + 2]!;
          const tx = n[0]! * nx + n[3]! * ny + n[6]! * nz;
          const ty = n[1]! * nx + n[4]! * ny + n[7]! * nz;
          const tz = n[2]! * nx + n[5]! * ny + n[8]! * nz;
          const length = Math.hypot(tx, ty, tz) || 1;
          batch.normals[o] = tx / length;
          batch.normals[o + 1] = ty / length;
          batch.normals[o + 2] = tz / length;
        }
      }
      if (batch.uvs && g.uvs) batch.uvs.set(g.uvs, vertexBase * 2);
      if (batch.colors && g.colors) batch.colors.set(g.colors, vertexBase * 4);
      batch.elementIds.fill(placement.element, vertexBase, vertexBase + count);
      // A mirroring matrix turns the triangles inside out: swap two corners to keep them facing out.
      const flip = determinant3(m) < 0;
      for (let t = 0; t < g.indices.length; t += 3) {
        batch.indices[indexBase + t] = g.indices[t]! + vertexBase;
        batch.indices[indexBase + t + 1] = g.indices[t + (flip ? 2 : 1)]! + vertexBase;
        batch.indices[indexBase + t + 2] = g.indices[t + (flip ? 1 : 2)]! + vertexBase;
      }
      vertexBase += count;
      indexBase += g.indices.length;
    }
    yield batch;
  }
}
