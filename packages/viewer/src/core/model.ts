/**
 * The loaded model: the converter's batch meshes and instanced meshes, prepared for the engine
 * (element id attributes renamed, materials patched, a ghost twin per mesh for x-ray) plus the
 * per-element lookups (bounding boxes) computed from the geometry itself.
 */
import * as THREE from 'three';
import { computeBoundsTree, disposeBoundsTree } from 'three-mesh-bvh';
import {
  ELEMENT_ATTRIBUTE,
  INSTANCE_ELEMENT_ATTRIBUTE,
  ghostMaterial,
  modelMaterial,
  type SharedUniforms,
} from './materials.ts';

export interface ModelMesh {
  mesh: THREE.Mesh;
  ghost: THREE.Mesh;
  instanced: boolean;
  triangles: number;
}

/** Element id of a vertex (batches) or instance (instanced meshes) of a prepared mesh. */
export function elementIdOf(mesh: THREE.Mesh, faceVertex: number, instanceId?: number): number {
  if ((mesh as THREE.InstancedMesh).isInstancedMesh && instanceId !== undefined) {
    const ids = mesh.geometry.getAttribute(INSTANCE_ELEMENT_ATTRIBUTE);
    return ids ? Math.round(ids.getX(instanceId)) : 0;
  }
  const ids = mesh.geometry.getAttribute(ELEMENT_ATTRIBUTE);
  return ids ? Math.round(ids.getX(faceVertex)) : 0;
}

function triangleCount(geometry: THREE.BufferGeometry): number {
  const count = geometry.index ? geometry.index.count : geometry.getAttribute('position').count;
  return Math.floor(count / 3);
}

/**
 * Walks the glTF scene: renames `_element_id` / `_ELEMENT_ID` to the engine's attribute names,
 * swaps materials for patched ones and creates the ghost twins. Does not add anything to a scene.
 */
export function prepareModel(root: THREE.Object3D, uniforms: SharedUniforms): ModelMesh[] {
  root.updateMatrixWorld(true);
  const materials = new Map<THREE.Material, THREE.Material>();
  const ghost = ghostMaterial(uniforms);
  const meshes: ModelMesh[] = [];
  root.traverse((object) => {
    const mesh = object as THREE.Mesh;
    if (!mesh.isMesh) return;
    const geometry = mesh.geometry;
    const instanced = (mesh as THREE.InstancedMesh).isInstancedMesh === true;
    if (instanced) {
      const ids = geometry.getAttribute('_ELEMENT_ID');
      if (ids) {
        geometry.deleteAttribute('_ELEMENT_ID');
        geometry.setAttribute(INSTANCE_ELEMENT_ATTRIBUTE, ids);
      }
    } else {
      const ids = geometry.getAttribute('_element_id');
      if (ids) {
        geometry.deleteAttribute('_element_id');
        geometry.setAttribute(ELEMENT_ATTRIBUTE, ids);
      }
    }
    if (!geometry.index) {
      const count = geometry.getAttribute('position').count;
      const index = new (count > 65535 ? Uint32Array : Uint16Array)(count);
      for (let i = 0; i < count; i++) index[i] = i;
      geometry.setIndex(new THREE.BufferAttribute(index, 1));
    }
    const source = Array.isArray(mesh.material) ? mesh.material[0]! : mesh.material;
    let material = materials.get(source);
    if (!material) materials.set(source, (material = modelMaterial(source, uniforms)));
    source.dispose();
    mesh.material = material;
    // The loader re-parents meshes under the engine's model root: bake the world transform.
    mesh.matrixAutoUpdate = false;
    mesh.matrix.copy(mesh.matrixWorld);
    const twin = instanced
      ? new THREE.InstancedMesh(geometry, ghost, (mesh as THREE.InstancedMesh).count)
      : new THREE.Mesh(geometry, ghost);
    if (instanced) {
      (twin as THREE.InstancedMesh).instanceMatrix = (mesh as THREE.InstancedMesh).instanceMatrix;
    }
    twin.matrixAutoUpdate = false;
    twin.matrix.copy(mesh.matrixWorld);
    twin.matrixWorld.copy(mesh.matrixWorld);
    twin.visible = false;
    twin.renderOrder = 10;
    twin.raycast = () => {};
    meshes.push({ mesh, ghost: twin, instanced, triangles: triangleCount(geometry) });
  });
  return meshes;
}

/** Builds the picking BVH of a mesh's geometry once (instanced meshes share one per geometry). */
export function ensureBoundsTree(mesh: THREE.Mesh): void {
  const geometry = mesh.geometry as THREE.BufferGeometry & { boundsTree?: unknown };
  if (!geometry.boundsTree) computeBoundsTree.call(geometry);
}

export function disposeModelMesh(entry: ModelMesh): void {
  const geometry = entry.mesh.geometry as THREE.BufferGeometry & { boundsTree?: unknown };
  if (geometry.boundsTree) disposeBoundsTree.call(geometry);
  geometry.dispose();
  const material = entry.mesh.material as THREE.Material & { map?: THREE.Texture | null };
  material.map?.dispose();
  material.dispose();
  (entry.ghost.material as THREE.Material).dispose();
  if (entry.instanced) (entry.mesh as THREE.InstancedMesh).dispose();
}

/** Largest element id in the model's attributes, + 1. */
export function elementCountOf(meshes: ModelMesh[]): number {
  let max = -1;
  for (const { mesh, instanced } of meshes) {
    const ids = mesh.geometry.getAttribute(
      instanced ? INSTANCE_ELEMENT_ATTRIBUTE : ELEMENT_ATTRIBUTE,
    );
    if (!ids) continue;
    for (let i = 0; i < ids.count; i++) max = Math.max(max, ids.getX(i));
  }
  return Math.round(max) + 1;
}

/**
 * World bounding boxes of every element (6 floats: min xyz, max xyz; +Inf/-Inf when the element
 * draws nothing), from the vertices, through the node and instance transforms.
 */
export function computeElementBoxes(meshes: ModelMesh[], count: number): Float32Array {
  const boxes = new Float32Array(count * 6);
  for (let i = 0; i < count; i++) {
    boxes.fill(Infinity, i * 6, i * 6 + 3);
    boxes.fill(-Infinity, i * 6 + 3, i * 6 + 6);
  }
  const v = new THREE.Vector3();
  const grow = (id: number, p: THREE.Vector3) => {
    if (id < 0 || id >= count) return;
    const o = id * 6;
    boxes[o] = Math.min(boxes[o]!, p.x);
    boxes[o + 1] = Math.min(boxes[o + 1]!, p.y);
    boxes[o + 2] = Math.min(boxes[o + 2]!, p.z);
    boxes[o + 3] = Math.max(boxes[o + 3]!, p.x);
    boxes[o + 4] = Math.max(boxes[o + 4]!, p.y);
    boxes[o + 5] = Math.max(boxes[o + 5]!, p.z);
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
          grow(id, corner.applyMatrix4(matrix));
        }
      }
    } else {
      const ids = mesh.geometry.getAttribute(ELEMENT_ATTRIBUTE);
      for (let i = 0; i < position.count; i++) {
        v.fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld);
        grow(ids ? Math.round(ids.getX(i)) : 0, v);
      }
    }
  }
  return boxes;
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
