import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { ModelMesh } from './model.ts';
import { addProgressively, buildOrder } from './progressive.ts';

const entry = (name: string, triangles: number, instances = 0): ModelMesh => {
  const mesh = instances
    ? new THREE.InstancedMesh(new THREE.BufferGeometry(), undefined, instances)
    : new THREE.Mesh();
  mesh.name = name;
  return { mesh, ghost: new THREE.Mesh(), instanced: instances > 0, triangles, materialNames: [] };
};

describe('progressive building', () => {
  const meshes = [
    entry('small', 10),
    entry('windows', 100, 50),
    entry('big', 5000),
    entry('doors', 20, 4),
    entry('medium', 800),
  ];

  it('orders batches by size, then instanced groups by drawn triangles', () => {
    expect(buildOrder(meshes).map((m) => m.mesh.name)).toEqual([
      'big',
      'medium',
      'small',
      'windows',
      'doors',
    ]);
  });

  it('draws the first frame after the largest batch alone, before the rest is added', async () => {
    const added: string[] = [];
    let atFirstFrame: string[] = [];
    const fractions: number[] = [];
    await addProgressively(meshes, (m) => added.push(m.mesh.name), {
      firstFrame: () => (atFirstFrame = [...added]),
      progress: (f) => fractions.push(f),
    });
    expect(atFirstFrame).toEqual(['big']);
    expect(added).toHaveLength(5);
    expect(fractions[0]).toBe(0.2);
    expect(fractions.at(-1)).toBe(1);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const added: string[] = [];
    const run = addProgressively(meshes, (m) => added.push(m.mesh.name), {
      firstFrame: () => controller.abort(),
      progress: () => {},
      signal: controller.signal,
    });
    await expect(run).rejects.toThrow();
    expect(added).toEqual(['big']);
  });
});
