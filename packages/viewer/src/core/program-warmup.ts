/**
 * Starts compiling the program of an opaque model batch as the converter writes them (no
 * normals: flat shading; the first slice of every model is one) before any model is here: the
 * GPU process compiles while the page decodes the model, instead of the first frame waiting for
 * it. Only that one: the GPU process works in order, and the first frame needs no other. A model
 * whose batches differ (normals, vertex colours) only pays for this compile.
 */
import * as THREE from 'three';
import { ELEMENT_ATTRIBUTE, modelMaterial, type SharedUniforms } from './materials.ts';

/** Compiles the batch program on a one-triangle mesh, returned to keep the program cached. */
export function warmUpBatchProgram(
  renderer: THREE.WebGLRenderer,
  camera: THREE.Camera,
  scene: THREE.Scene,
  uniforms: SharedUniforms,
  clippingPlanes: THREE.Plane[],
): THREE.Mesh {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute(
    'position',
    new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0], 3),
  );
  geometry.setAttribute(ELEMENT_ATTRIBUTE, new THREE.Float32BufferAttribute([0, 0, 0], 1));
  // What GLTFLoader makes of a batch without normals.
  const source = new THREE.MeshStandardMaterial({ flatShading: true });
  const material = modelMaterial(source, uniforms);
  source.dispose();
  material.clippingPlanes = clippingPlanes;
  const mesh = new THREE.Mesh(geometry, material);
  // compile(), not compileAsync(): polling the link status is a synchronous round trip to the
  // GPU process, which waits for the compile it asks about; the first frame asks once, later.
  renderer.compile(mesh, camera, scene);
  return mesh;
}

/** Frees a warm-up mesh's geometry and material (null: nothing to free). */
export function disposeWarmUp(mesh: THREE.Mesh | null): void {
  if (!mesh) return;
  mesh.geometry.dispose();
  (mesh.material as THREE.Material).dispose();
}
