/**
 * Ray picking on the model with three-mesh-bvh (accelerated raycast on batch geometries and on
 * the shared geometry of instanced meshes, per instance). Hits on hidden elements and on the
 * cut-away side of active clipping planes are skipped.
 */
import * as THREE from 'three';
import { acceleratedRaycast } from 'three-mesh-bvh';
import type { Vec3 } from '../api-types.ts';
import type { RayHit } from './context.ts';
import { elementIdOf, ensureBoundsTree, type ModelMesh } from './model.ts';

// Every Mesh (and InstancedMesh's per-instance probe) raycasts through the BVH when it has one.
THREE.Mesh.prototype.raycast = acceleratedRaycast;

const toVec3 = (v: THREE.Vector3): Vec3 => [v.x, v.y, v.z];

interface PickOptions {
  isVisible(id: number): boolean;
  clippingPlanes: THREE.Plane[];
  /** True when nothing is hidden or isolated: the nearest hit per mesh is then enough. */
  allVisible?: boolean;
}

/** True when the point is kept by every plane (three keeps the side where n·p + c >= 0). */
function insideClipping(point: THREE.Vector3, planes: THREE.Plane[]): boolean {
  for (const plane of planes) if (plane.distanceToPoint(point) < 0) return false;
  return true;
}

/** World AABB per instance (6 floats), so a ray tests boxes before any instance's triangles. */
const instanceBoxCache = new WeakMap<THREE.InstancedMesh, Float32Array>();

function instanceBoxes(mesh: THREE.InstancedMesh): Float32Array {
  let boxes = instanceBoxCache.get(mesh);
  if (boxes) return boxes;
  const geometry = mesh.geometry;
  if (!geometry.boundingBox) geometry.computeBoundingBox();
  const local = geometry.boundingBox!;
  boxes = new Float32Array(mesh.count * 6);
  const matrix = new THREE.Matrix4();
  const box = new THREE.Box3();
  for (let i = 0; i < mesh.count; i++) {
    mesh.getMatrixAt(i, matrix);
    box.copy(local).applyMatrix4(matrix.premultiply(mesh.matrixWorld));
    boxes.set([box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z], i * 6);
  }
  instanceBoxCache.set(mesh, boxes);
  return boxes;
}

/** Slab test of a ray against box `i` of a packed box array. */
function rayHitsBox(
  origin: THREE.Vector3,
  inverse: THREE.Vector3,
  boxes: Float32Array,
  i: number,
): boolean {
  const o = i * 6;
  let near = -Infinity;
  let far = Infinity;
  for (let axis = 0; axis < 3; axis++) {
    const from = origin.getComponent(axis);
    const inv = inverse.getComponent(axis);
    let t0 = (boxes[o + axis]! - from) * inv;
    let t1 = (boxes[o + 3 + axis]! - from) * inv;
    if (Number.isNaN(t0) || Number.isNaN(t1)) {
      // Parallel to the slab: inside it or not.
      if (from < boxes[o + axis]! || from > boxes[o + 3 + axis]!) return false;
      continue;
    }
    if (t0 > t1) [t0, t1] = [t1, t0];
    near = Math.max(near, t0);
    far = Math.min(far, t1);
    if (near > far) return false;
  }
  return far >= 0;
}

/** Instances whose box the ray crosses, each ray-cast through the shared geometry's BVH. */
function raycastInstanced(
  raycaster: THREE.Raycaster,
  mesh: THREE.InstancedMesh,
  hits: THREE.Intersection[],
): void {
  const boxes = instanceBoxes(mesh);
  const { origin, direction } = raycaster.ray;
  const inverse = new THREE.Vector3(1 / direction.x, 1 / direction.y, 1 / direction.z);
  const probe = new THREE.Mesh(mesh.geometry, mesh.material);
  const matrix = new THREE.Matrix4();
  const found: THREE.Intersection[] = [];
  for (let i = 0; i < mesh.count; i++) {
    if (!rayHitsBox(origin, inverse, boxes, i)) continue;
    mesh.getMatrixAt(i, matrix);
    probe.matrixWorld.multiplyMatrices(mesh.matrixWorld, matrix);
    found.length = 0;
    probe.raycast(raycaster, found);
    for (const hit of found) hits.push({ ...hit, object: mesh, instanceId: i });
  }
}

export function raycastModel(
  raycaster: THREE.Raycaster,
  meshes: readonly ModelMesh[],
  options: PickOptions,
): RayHit | null {
  // Without hidden elements or cuts the first hit of each mesh is the only candidate (faster).
  raycaster.firstHitOnly = options.allVisible === true && options.clippingPlanes.length === 0;
  const hits: THREE.Intersection[] = [];
  for (const entry of meshes) {
    if (!entry.mesh.parent || !entry.mesh.visible) continue;
    ensureBoundsTree(entry.mesh);
    if (entry.instanced) raycastInstanced(raycaster, entry.mesh as THREE.InstancedMesh, hits);
    else entry.mesh.raycast(raycaster, hits);
  }
  raycaster.firstHitOnly = false;
  hits.sort((a, b) => a.distance - b.distance);
  for (const hit of hits) {
    const mesh = hit.object as THREE.Mesh;
    if (!hit.face) continue;
    const elementId = elementIdOf(mesh, hit.face.a, hit.instanceId);
    if (!options.isVisible(elementId)) continue;
    if (!insideClipping(hit.point, options.clippingPlanes)) continue;
    return toRayHit(hit, mesh, elementId, raycaster.ray.origin);
  }
  return null;
}

function toRayHit(
  hit: THREE.Intersection,
  mesh: THREE.Mesh,
  elementId: number,
  origin: THREE.Vector3,
): RayHit {
  const matrix = mesh.matrixWorld.clone();
  if (hit.instanceId !== undefined) {
    const instance = new THREE.Matrix4();
    (mesh as THREE.InstancedMesh).getMatrixAt(hit.instanceId, instance);
    matrix.multiply(instance);
  }
  const position = mesh.geometry.getAttribute('position');
  const corner = (index: number) =>
    toVec3(new THREE.Vector3().fromBufferAttribute(position, index).applyMatrix4(matrix));
  const face = hit.face!;
  const a = new THREE.Vector3().fromBufferAttribute(position, face.a).applyMatrix4(matrix);
  const b = new THREE.Vector3().fromBufferAttribute(position, face.b).applyMatrix4(matrix);
  const c = new THREE.Vector3().fromBufferAttribute(position, face.c).applyMatrix4(matrix);
  // The geometric normal of the world triangle (flat geometry has no normal attribute).
  const normal = new THREE.Vector3().crossVectors(b.clone().sub(a), c.clone().sub(a)).normalize();
  if (normal.dot(hit.point.clone().sub(origin)) > 0) {
    normal.negate();
  }
  return {
    elementId,
    point: toVec3(hit.point),
    normal: normal.lengthSq() > 0 ? toVec3(normal) : null,
    triangle: [corner(face.a), corner(face.b), corner(face.c)],
    distance: hit.distance,
  };
}
