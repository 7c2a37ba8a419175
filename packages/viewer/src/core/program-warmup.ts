/**
 * Starts compiling the program of a model's opaque merged batch (merge.ts: colours from the
 * material table, flat parts among smooth ones; the first slice of a model is one) before any
 * model is here: the GPU process compiles while the page decodes the model, instead of the
 * first frame waiting for it. Only that one: the GPU process works in order, and the first frame
 * needs no other. A model whose batch differs (all flat, all smooth, textures) only pays for
 * this compile.
 */
import * as THREE from 'three';
import { ELEMENT_ATTRIBUTE, tableMaterial, type SharedUniforms } from './materials.ts';
import { MATERIAL_ATTRIBUTE, MaterialTable } from './merge.ts';

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
  geometry.setAttribute('normal', new THREE.Float32BufferAttribute([0, 0, 1, 0, 0, 1, 0, 0, 0], 3));
  geometry.setAttribute(ELEMENT_ATTRIBUTE, new THREE.Float32BufferAttribute([0, 0, 0], 1));
  geometry.setAttribute(MATERIAL_ATTRIBUTE, new THREE.Uint16BufferAttribute([0, 0, 0], 1));
  const table = new MaterialTable();
  table.index(new THREE.Color(0xcccccc), 1);
  const material = tableMaterial(table.texture(), uniforms, {
    transparent: false,
    smooth: true,
    mixedNormals: true,
  });
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
  const material = mesh.material as THREE.Material;
  (material.userData.materialTable as THREE.Texture | undefined)?.dispose();
  material.dispose();
}
