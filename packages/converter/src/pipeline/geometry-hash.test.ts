import { describe, expect, it } from 'vitest';
import { defaultMaterial, emptyScene, type SceneGeometry } from '../scene.ts';
import { collectGarbage } from '../memory.ts';
import { GeometryHasher } from './geometry-hash.ts';
import { identity, translation } from './matrix.ts';
import { prepareScene } from './prepare.ts';

const box = (): SceneGeometry => ({
  positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
  indices: new Uint32Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]),
});

const hashOf = (parts: [SceneGeometry, Float64Array][]) => {
  const hasher = new GeometryHasher();
  for (const [geometry, matrix] of parts) hasher.add(geometry, matrix);
  return hasher.digest();
};

describe('GeometryHasher', () => {
  it('gives a flat string: a kept hash costs its characters, not a chain of three pieces', () => {
    const hashers = Array.from({ length: 20_000 }, (_, n) => {
      const hasher = new GeometryHasher();
      hasher.add(box(), translation(n, 0, 0));
      return hasher;
    });
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const kept = hashers.map((hasher) => hasher.digest());
    collectGarbage();
    const perHash = (process.memoryUsage().heapUsed - before) / kept.length;
    expect(kept[7]).toMatch(/^[0-9a-f]{17}$/);
    // Measured: 120 bytes as a template's cons string, 46 flat (with the array's slot).
    expect(perHash).toBeLessThan(70);
  });

  it('depends on world coordinates, not on how they are reached', () => {
    const placed = hashOf([[box(), translation(2, 0, 0)]]);
    const baked = box();
    for (let v = 0; v < 4; v++) baked.positions[v * 3] = baked.positions[v * 3]! + 2;
    expect(hashOf([[baked, identity()]])).toBe(placed);
    // Triangles listed in another order, corners starting elsewhere: the same triangles.
    const shuffled = box();
    shuffled.indices = new Uint32Array([1, 2, 3, 2, 1, 0, 3, 0, 1, 0, 3, 2]);
    expect(hashOf([[shuffled, translation(2, 0, 0)]])).toBe(placed);
  });

  it('ignores float noise and counts a move of a millimetre', () => {
    const placed = hashOf([[box(), translation(10, 3, 0)]]);
    expect(hashOf([[box(), translation(10 + 1e-7, 3 - 1e-8, 0)]])).toBe(placed);
    expect(hashOf([[box(), translation(10.001, 3, 0)]])).not.toBe(placed);
    expect(hashOf([[box(), translation(10, 3, 0.5)]])).not.toBe(placed);
    expect(new GeometryHasher().digest()).toBe('');
  });

  it('is a hash of every placement of the element, in any order', () => {
    const a: [SceneGeometry, Float64Array] = [box(), translation(0, 0, 0)];
    const b: [SceneGeometry, Float64Array] = [box(), translation(0, 5, 0)];
    expect(hashOf([a, b])).toBe(hashOf([b, a]));
    expect(hashOf([a, b])).not.toBe(hashOf([a]));
  });
});

describe('prepareScene geometry hashes', () => {
  it("are taken before recentring: removing one element keeps the others' hashes", () => {
    const scene = (withFar: boolean) => {
      const s = emptyScene('y');
      s.materials.push(defaultMaterial());
      s.geometries.push(box());
      const at = [500_000, 500_010, ...(withFar ? [502_000] : [])];
      at.forEach((x, i) => {
        s.elements.push({ type: 'Mesh', name: `e${i}`, parent: null });
        s.placements.push({ element: i, geometry: 0, material: 0, matrix: translation(x, 0, 0) });
      });
      s.elements.push({ type: 'Group', name: 'empty', parent: null });
      return s;
    };
    const full = prepareScene(scene(true));
    const less = prepareScene(scene(false));
    expect(full.origin).not.toEqual(less.origin);
    expect(less.elementGeometryHashes.slice(0, 2)).toEqual(full.elementGeometryHashes.slice(0, 2));
    expect(full.elementGeometryHashes[0]).not.toBe(full.elementGeometryHashes[1]);
    expect(less.elementGeometryHashes[2]).toBe('');
  });
});
