import { describe, expect, it } from 'vitest';
import { defaultMaterial, emptyScene } from '../scene.ts';
import { decompose, multiply, translation, zUpToYUp } from './matrix.ts';
import { prepareScene } from './prepare.ts';
import { sanitizeGeometry } from './sanitize.ts';
import { weldIfSoup } from './weld.ts';

const tetra = () => ({
  positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
  indices: new Uint32Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]),
});

describe('matrix decomposition', () => {
  it('recovers translation, rotation and mirrored scale; refuses shear', () => {
    const m = multiply(translation(1, 2, 3), zUpToYUp());
    const trs = decompose(m)!;
    expect(trs.translation).toEqual([1, 2, 3]);
    expect(trs.rotation.map((v) => Math.round(v * 1e6) / 1e6)).toEqual([-0.707107, 0, 0, 0.707107]);
    const mirrored = translation(0, 0, 0);
    mirrored[0] = -2;
    expect(decompose(mirrored)!.scale).toEqual([-2, 1, 1]);
    const sheared = translation(0, 0, 0);
    sheared[4] = 0.5;
    expect(decompose(sheared)).toBeNull();
  });
});

describe('prepareScene', () => {
  it('instances repeated geometry, batches the rest per material, recentres far models', () => {
    const scene = emptyScene('y');
    scene.materials.push(defaultMaterial('a'), defaultMaterial('b'));
    scene.geometries.push(tetra(), tetra());
    for (let i = 0; i < 6; i++) {
      scene.elements.push({ type: 'Mesh', name: `e${i}`, parent: null });
      // Geometry 1 is a copy of geometry 0: dedupe makes them one instanceable geometry.
      scene.placements.push({
        element: i,
        geometry: i % 2,
        material: 0,
        matrix: translation(500_000 + i * 3, 0, 0),
      });
    }
    scene.elements.push({ type: 'Mesh', name: 'single', parent: null });
    scene.placements.push({
      element: 6,
      geometry: 0,
      material: 1,
      matrix: translation(500_000, 0, 0),
    });
    const prepared = prepareScene(scene);
    expect(prepared.instanceGroups).toHaveLength(1);
    expect(prepared.instanceGroups[0]!.instances).toHaveLength(6);
    expect(prepared.batches.map((b) => b.material)).toEqual([1]);
    expect(prepared.origin[0]).toBeGreaterThan(400_000);
    expect(Math.abs(prepared.bbox![0])).toBeLessThan(100);
    expect(prepared.triangles).toBe(28);
    expect(prepared.elementTriangles).toEqual([4, 4, 4, 4, 4, 4, 4]);
  });
});

describe('flat-shaded geometry', () => {
  it('loses its normals and is welded by position; smooth geometry keeps them', () => {
    // A unit cube as web-ifc writes it: 24 corners, one face normal each.
    const positions: number[] = [];
    const normals: number[] = [];
    const indices: number[] = [];
    for (let axis = 0; axis < 3; axis++) {
      for (const side of [0, 1]) {
        const base = positions.length / 3;
        const u = (axis + 1) % 3;
        const w = (axis + 2) % 3;
        for (const [a, b] of [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]) {
          const p = [0, 0, 0];
          p[axis] = side;
          p[u] = a!;
          p[w] = b!;
          positions.push(...p);
          const n = [0, 0, 0];
          n[axis] = side ? 1 : -1;
          normals.push(...n);
        }
        const quad = side ? [0, 1, 2, 0, 2, 3] : [0, 2, 1, 0, 3, 2];
        indices.push(...quad.map((i) => base + i));
      }
    }
    const cube = sanitizeGeometry({
      positions: new Float32Array(positions),
      normals: new Float32Array(normals),
      indices: new Uint32Array(indices),
    });
    expect(cube.normals).toBeNull();
    expect(cube.positions.length / 3).toBe(8);
    expect(cube.indices.length).toBe(36);

    const smooth = sanitizeGeometry({
      ...tetra(),
      normals: new Float32Array([-1, -1, -1, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
    });
    expect(smooth.normals).not.toBeNull();
  });
});

describe('weldIfSoup', () => {
  it('shares identical corners of a triangle soup', () => {
    const soup = {
      positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
      indices: new Uint32Array([0, 1, 2, 3, 4, 5]),
    };
    const welded = weldIfSoup(soup);
    expect(welded.positions.length / 3).toBe(4);
    expect(Array.from(welded.indices)).toEqual([0, 1, 2, 1, 3, 2]);
  });
});
