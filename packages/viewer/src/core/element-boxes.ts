/**
 * The per-element box table (6 floats per element id: min xyz, max xyz; +Inf/-Inf when the
 * element draws nothing), computed from the prepared meshes' vertices through their node and
 * instance transforms, and grown as streamed chunks add meshes: what fitting, floors, the
 * visible box and the small-element guard read.
 */
import * as THREE from 'three';
import { forEachTransformedVertex, rawView } from './attribute-view.ts';
import { ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE } from './materials.ts';
import type { ModelMesh } from './model.ts';

/**
 * Element boxes for `count` elements (6 floats each: min xyz, max xyz), empty (+Inf/-Inf) but
 * for those `from` holds (a table of fewer elements, kept as it is).
 */
export function elementBoxTable(count: number, from?: Float32Array): Float32Array {
  const boxes = new Float32Array(count * 6);
  const kept = from ? Math.min(count, from.length / 6) : 0;
  if (from) boxes.set(from.subarray(0, kept * 6));
  for (let i = kept; i < count; i++) {
    boxes.fill(Infinity, i * 6, i * 6 + 3);
    boxes.fill(-Infinity, i * 6 + 3, i * 6 + 6);
  }
  return boxes;
}

/**
 * World bounding boxes of every element (+Inf/-Inf when the element draws nothing), from the
 * vertices, through the node and instance transforms.
 */
export function computeElementBoxes(meshes: ModelMesh[], count: number): Float32Array {
  const boxes = elementBoxTable(count);
  growElementBoxes(boxes, meshes);
  return boxes;
}

/**
 * Grows `boxes` by what `meshes` draw: a streamed chunk's meshes add to the boxes of the model
 * so far instead of every box being computed again (a pass over all 3.4 million triangles of the
 * 200k tower per chunk).
 */
export function growElementBoxes(boxes: Float32Array, meshes: ModelMesh[]): void {
  const count = boxes.length / 6;
  const grow = (id: number, x: number, y: number, z: number) => {
    if (id < 0 || id >= count) return;
    const o = id * 6;
    if (x < boxes[o]!) boxes[o] = x;
    if (y < boxes[o + 1]!) boxes[o + 1] = y;
    if (z < boxes[o + 2]!) boxes[o + 2] = z;
    if (x > boxes[o + 3]!) boxes[o + 3] = x;
    if (y > boxes[o + 4]!) boxes[o + 4] = y;
    if (z > boxes[o + 5]!) boxes[o + 5] = z;
  };
  const local = new THREE.Box3();
  const corner = new THREE.Vector3();
  const matrix = new THREE.Matrix4();
  for (const { mesh, instanced } of meshes) {
    const position = mesh.geometry.getAttribute('position');
    if (instanced) {
      const instancedMesh = mesh as THREE.InstancedMesh;
      const ids = mesh.geometry.getAttribute(INSTANCE_ELEMENT_ATTRIBUTE);
      local.setFromBufferAttribute(position as THREE.BufferAttribute);
      for (let i = 0; i < instancedMesh.count; i++) {
        instancedMesh.getMatrixAt(i, matrix);
        matrix.premultiply(mesh.matrixWorld);
        const id = ids ? Math.round(ids.getX(i)) : 0;
        for (let c = 0; c < 8; c++) {
          corner.set(
            c & 1 ? local.max.x : local.min.x,
            c & 2 ? local.max.y : local.min.y,
            c & 4 ? local.max.z : local.min.z,
          );
          corner.applyMatrix4(matrix);
          grow(id, corner.x, corner.y, corner.z);
        }
      }
    } else {
      const ids = mesh.geometry.getAttribute(ELEMENT_ATTRIBUTE);
      // Per-vertex ids are plain floats (merge.ts); read them raw unless normalized.
      const raw = ids && !ids.normalized ? rawView(ids) : null;
      forEachTransformedVertex(position, mesh.matrixWorld, (i, x, y, z) => {
        const id = raw
          ? Math.round(raw.array[i * raw.stride + raw.offset]!)
          : ids
            ? Math.round(ids.getX(i))
            : 0;
        grow(id, x, y, z);
      });
    }
  }
}

/** Union of the boxes of `ids` (empty box when none draws anything). */
export function boxOfElements(boxes: Float32Array, ids: Iterable<number>): THREE.Box3 {
  const box = new THREE.Box3();
  for (const id of ids) {
    const o = id * 6;
    if (o < 0 || o + 5 >= boxes.length || !(boxes[o]! <= boxes[o + 3]!)) continue;
    box.expandByPoint(new THREE.Vector3(boxes[o], boxes[o + 1], boxes[o + 2]));
    box.expandByPoint(new THREE.Vector3(boxes[o + 3], boxes[o + 4], boxes[o + 5]));
  }
  return box;
}
