import { describe, expect, it } from 'vitest';
import { defaultMaterial, emptyScene, type SceneGeometry, type SceneModel } from '../scene.ts';
import { withFaceNormals } from './draw-budget.ts';
import { translation } from './matrix.ts';
import { DEFAULT_PREPARE_OPTIONS, prepareScene, type PreparedScene } from './prepare.ts';

/** A box of size s, corners shared between faces (no normals). */
function box(s: number): SceneGeometry {
  const positions: number[] = [];
  for (let i = 0; i < 8; i++) positions.push(i & 1 ? s : 0, i & 2 ? s : 0, i & 4 ? s : 0);
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const indices = quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]);
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

/** An octahedron with smooth normals (the normal of a vertex is its direction). */
function smoothBall(r: number): SceneGeometry {
  const dirs = [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1];
  const faces = [0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5];
  return {
    positions: new Float32Array(dirs.map((d) => d * r)),
    normals: new Float32Array(dirs),
    indices: new Uint32Array(faces),
  };
}

/**
 * 17 materials, each drawn by a box and a smooth ball of its own (one draw too many each before
 * the budget), plus 10 shapes placed 6 times each (instancing candidates, capped at 8).
 */
function houseLikeScene(): SceneModel {
  const scene = emptyScene('y');
  let element = 0;
  const place = (geometry: SceneGeometry, material: number, x: number) => {
    scene.geometries.push(geometry);
    scene.elements.push({ type: 'Thing', name: null, parent: null });
    scene.placements.push({
      element: element++,
      geometry: scene.geometries.length - 1,
      material,
      matrix: translation(x, element * 0.1, 0),
    });
  };
  for (let m = 0; m < 17; m++) {
    scene.materials.push(defaultMaterial(`m${m}`, [m / 17, 0.5, 0.5, m === 4 ? 0.4 : 1]));
    // Flat: face normals, which the sanitizer recognises and drops.
    place(withFaceNormals(box(1 + m * 0.01)), m, m * 3);
    place(smoothBall(0.5 + m * 0.01), m, m * 3 + 1.5);
  }
  for (let shape = 0; shape < 10; shape++) {
    for (let copy = 0; copy < 6; copy++) {
      place(withFaceNormals(box(0.2 + shape * 0.05)), shape, copy * 2);
    }
  }
  return scene;
}

const draws = (prepared: PreparedScene) =>
  prepared.batches.length + prepared.instanceGroups.reduce((n, g) => n + g.parts.length, 0);

describe('the draw budget (materials + 10)', () => {
  it('keeps smooth + flat materials and instanced pairs within it, drawing every triangle', () => {
    const unbounded = prepareScene(houseLikeScene(), {
      ...DEFAULT_PREPARE_OPTIONS,
      maxExtraDraws: Infinity,
    });
    // Without the budget: 17 batches + 17 split halves + 8 instanced pairs.
    expect(draws(unbounded)).toBe(17 + 17 + 8);

    const prepared = prepareScene(houseLikeScene());
    // Merging a box into its smooth batch adds 16 vertices; dropping an instanced pair would
    // add 5 copies of 8: the pairs stay, and all but 2 split materials are merged.
    expect(draws(prepared)).toBe(17 + 10);
    expect(prepared.instanceGroups.reduce((n, g) => n + g.parts.length, 0)).toBe(8);
    expect(prepared.triangles).toBe(unbounded.triangles);
    const drawn = (p: PreparedScene) =>
      p.batches.reduce((n, b) => n + b.indices.length / 3, 0) +
      p.instanceGroups.reduce(
        (n, g) =>
          n +
          g.parts.reduce((k, part) => k + part.geometry.indices.length / 3, 0) * g.instances.length,
        0,
      );
    expect(drawn(prepared)).toBe(prepared.triangles);
    // Flat boxes joined their material's smooth batch, with normals.
    expect(prepared.batches.filter((b) => b.normals === null)).toHaveLength(2);
  });

  it('gives flat geometry face normals that shade as before (corners split by face)', () => {
    const flat = withFaceNormals(box(2));
    // 6 faces x 4 corners: shared only within a face.
    expect(flat.positions.length / 3).toBe(24);
    expect(flat.indices.length).toBe(36);
    const p = flat.positions;
    const n = flat.normals!;
    for (let t = 0; t < flat.indices.length; t += 3) {
      const [a, b, c] = [flat.indices[t]! * 3, flat.indices[t + 1]! * 3, flat.indices[t + 2]! * 3];
      const e1 = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!];
      const e2 = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
      const face = [
        e1[1]! * e2[2]! - e1[2]! * e2[1]!,
        e1[2]! * e2[0]! - e1[0]! * e2[2]!,
        e1[0]! * e2[1]! - e1[1]! * e2[0]!,
      ];
      const length = Math.hypot(...face);
      for (const v of [a, b, c]) {
        const dot = (face[0]! * n[v]! + face[1]! * n[v + 1]! + face[2]! * n[v + 2]!) / length;
        expect(dot).toBeCloseTo(1, 5);
      }
    }
  });
});
