import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { featureEdges } from './edges.ts';
import { ElementState } from './element-state.ts';
import { ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE } from './materials.ts';
import { boxOfElements, computeElementBoxes } from './element-boxes.ts';
import { elementCountOf, type ModelMesh } from './model.ts';
import { raycastModel } from './picking.ts';

/** Two unit quads facing +Z in one batch: element 0 at z = 0, element 1 at z = -1 (behind it). */
function batch(): ModelMesh {
  const geometry = new THREE.BufferGeometry();
  const quad = (z: number) => [0, 0, z, 1, 0, z, 1, 1, z, 0, 1, z];
  geometry.setAttribute('position', new THREE.Float32BufferAttribute([...quad(0), ...quad(-1)], 3));
  geometry.setAttribute(
    ELEMENT_ATTRIBUTE,
    new THREE.Uint16BufferAttribute([0, 0, 0, 0, 1, 1, 1, 1], 1),
  );
  geometry.setIndex([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial());
  return { mesh, ghost: new THREE.Mesh(), instanced: false, triangles: 2, materialNames: [] };
}

/** A unit quad placed twice (x = 5 and x = 7), elements 2 and 3. */
function instanced(): ModelMesh {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute(
    'position',
    new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], 3),
  );
  geometry.setIndex([0, 1, 2, 0, 2, 3]);
  geometry.setAttribute(
    INSTANCE_ELEMENT_ATTRIBUTE,
    new THREE.InstancedBufferAttribute(new Float32Array([2, 3]), 1),
  );
  const mesh = new THREE.InstancedMesh(geometry, new THREE.MeshBasicMaterial(), 2);
  mesh.setMatrixAt(0, new THREE.Matrix4().makeTranslation(5, 0, 0));
  mesh.setMatrixAt(1, new THREE.Matrix4().makeTranslation(7, 0, 0));
  return { mesh, ghost: new THREE.Mesh(), instanced: true, triangles: 2, materialNames: [] };
}

function scene() {
  const meshes = [batch(), instanced()];
  const root = new THREE.Group();
  for (const m of meshes) root.add(m.mesh);
  root.updateMatrixWorld(true);
  return { meshes, state: new ElementState(elementCountOf(meshes)) };
}

const rayAt = (x: number, y: number) => {
  const raycaster = new THREE.Raycaster();
  raycaster.ray.set(new THREE.Vector3(x, y, 10), new THREE.Vector3(0, 0, -1));
  return raycaster;
};

describe('picking and element boxes', () => {
  it('counts elements from batch and instance ids', () => {
    expect(scene().state.count).toBe(4);
  });

  it('computes world boxes per element, through instance transforms', () => {
    const { meshes } = scene();
    const boxes = computeElementBoxes(meshes, 5);
    expect([...boxes.subarray(0, 6)]).toEqual([0, 0, 0, 1, 1, 0]);
    expect([...boxes.subarray(6, 12)]).toEqual([0, 0, -1, 1, 1, -1]);
    expect([...boxes.subarray(12, 18)]).toEqual([5, 0, 0, 6, 1, 0]);
    expect([...boxes.subarray(18, 24)]).toEqual([7, 0, 0, 8, 1, 0]);
    // Element 4 draws nothing: an empty (inverted) box, skipped by unions.
    expect(boxes[24]).toBe(Infinity);
    const union = boxOfElements(boxes, [0, 3, 4]);
    expect(union.min.toArray()).toEqual([0, 0, 0]);
    expect(union.max.toArray()).toEqual([8, 1, 0]);
  });

  it('returns the element, point, normal and triangle of the nearest hit', () => {
    const { meshes, state } = scene();
    const hit = raycastModel(rayAt(0.5, 0.25), meshes, {
      isVisible: (id) => state.isVisible(id),
      clippingPlanes: [],
      allVisible: true,
    });
    expect(hit?.elementId).toBe(0);
    expect(hit?.point[2]).toBeCloseTo(0);
    expect(hit?.normal).toEqual([0, 0, 1]);
    expect(hit?.distance).toBeCloseTo(10);
    expect(hit?.triangle).toContainEqual([1, 0, 0]);
    const instance = raycastModel(rayAt(7.5, 0.5), meshes, {
      isVisible: () => true,
      clippingPlanes: [],
    });
    expect(instance?.elementId).toBe(3);
    expect(instance?.triangle.every((p) => p[0] >= 7 && p[0] <= 8)).toBe(true);
  });

  it('skips hidden elements and the cut-away side of clipping planes', () => {
    const { meshes, state } = scene();
    state.hidden.add(0);
    const options = {
      isVisible: (id: number) => state.isVisible(id),
      clippingPlanes: [] as THREE.Plane[],
    };
    expect(raycastModel(rayAt(0.5, 0.5), meshes, options)?.elementId).toBe(1);
    state.hidden.clear();
    // Keep z <= -0.5 only (normal -Z): element 0 at z = 0 is cut away.
    options.clippingPlanes = [new THREE.Plane(new THREE.Vector3(0, 0, -1), -0.5)];
    expect(raycastModel(rayAt(0.5, 0.5), meshes, options)?.elementId).toBe(1);
    state.hidden.add(1);
    expect(raycastModel(rayAt(0.5, 0.5), meshes, options)).toBeNull();
    expect(
      raycastModel(rayAt(3, 0.5), meshes, { isVisible: () => true, clippingPlanes: [] }),
    ).toBeNull();
  });
});

describe('feature edges', () => {
  it('draws a cube as its 12 edges, not its face diagonals', () => {
    const cube = new THREE.BoxGeometry(1, 1, 1);
    const { positions, ids } = featureEdges(cube.getAttribute('position'), cube.index!.array, null);
    expect(positions.length / 6).toBe(12);
    expect(ids.length).toBe(24);
  });

  it('keeps the outline of a flat quad and drops its diagonal', () => {
    const position = new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], 3);
    const ids = new THREE.Float32BufferAttribute([5, 5, 5, 5], 1);
    const edges = featureEdges(position, [0, 1, 2, 0, 2, 3], ids);
    expect(edges.positions.length / 6).toBe(4);
    expect([...new Set(edges.ids)]).toEqual([5]);
  });
});
