/**
 * Which chunk of a chunked viewable matters most for the current view (`chunks.ts` of
 * @truss/viewable): those in the view frustum before those out of it, larger on screen (box
 * diagonal over distance) before smaller, and chunks of storeys hidden by a filter last.
 */
import * as THREE from 'three';
import type { ViewableChunk } from '@truss/viewable';
import type { Vec3 } from '../api-types.ts';

/** Out-of-frustum chunks weigh this much of their size (fetched once the view is in). */
const OUTSIDE_WEIGHT = 0.05;
/** Chunks of filtered-out storeys weigh this much (fetched last, never first). */
const HIDDEN_WEIGHT = 0.001;

const box = new THREE.Box3();
const frustum = new THREE.Frustum();
const projection = new THREE.Matrix4();
const centre = new THREE.Vector3();
const eye = new THREE.Vector3();

export interface ViewForPriority {
  camera: THREE.Camera;
  /** Model translation (world = file coordinates + translation). */
  translation: Vec3;
  /** Storeys a filter hides: their chunks come last. */
  hiddenStoreys: ReadonlySet<number>;
}

/** The world box of a chunk. */
export function chunkBox(chunk: ViewableChunk, translation: Vec3, into = new THREE.Box3()) {
  const [x, y, z] = translation;
  const b = chunk.bbox;
  return into.set(
    new THREE.Vector3(b[0] + x, b[1] + y, b[2] + z),
    new THREE.Vector3(b[3] + x, b[4] + y, b[5] + z),
  );
}

/** Higher first. Angular size (diagonal / distance), weighed by frustum and storey filter. */
export function chunkPriority(chunk: ViewableChunk, view: ViewForPriority): number {
  const { camera } = view;
  camera.updateMatrixWorld();
  projection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  frustum.setFromProjectionMatrix(projection);
  chunkBox(chunk, view.translation, box);
  box.getCenter(centre);
  eye.setFromMatrixPosition(camera.matrixWorld);
  const diagonal = box.max.distanceTo(box.min);
  // Inside the box: as near as it gets.
  const distance = box.containsPoint(eye) ? 1e-3 : Math.max(1e-3, box.distanceToPoint(eye));
  let score = diagonal / distance;
  if (!frustum.intersectsBox(box)) score *= OUTSIDE_WEIGHT;
  if (chunk.storey !== null && view.hiddenStoreys.has(chunk.storey)) score *= HIDDEN_WEIGHT;
  return score;
}
