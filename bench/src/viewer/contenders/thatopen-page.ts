/**
 * The That Open harness page (bundled by harness.ts, runs in Chromium): opens the `.frag` given
 * as `?model=` (made by That Open's IfcImporter) with @thatopen/fragments and three.js in a canvas
 * of `?w=` x `?h=` CSS pixels, its worker served locally; renders every animation frame as
 * That Open's own examples do. Loaded: load() resolved, update(true) finished every pending
 * tile, then the frame after.
 */
import * as FRAGS from '@thatopen/fragments';
import * as THREE from 'three';
import { contenderResult, countOneRender, sizeCanvas } from './page-common.ts';

const result = contenderResult();
const canvas = sizeCanvas();
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
renderer.setPixelRatio(1);
renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xf3f4f6);
scene.add(new THREE.HemisphereLight(0xffffff, 0x9ca3af, 2.2));
const light = new THREE.DirectionalLight(0xffffff, 1.6);
light.position.set(1, 2, 1.5);
scene.add(light);
const camera = new THREE.PerspectiveCamera(45, canvas.clientWidth / canvas.clientHeight, 0.1, 5000);
camera.position.set(30, 30, 30);
camera.lookAt(0, 0, 0);

const fragments = new FRAGS.FragmentsModels('/libs/fragments/worker.mjs');
// As That Open's examples do: the model gets the camera and joins the scene as it is set.
fragments.models.list.onItemSet.add(({ value: model }) => {
  model.useCamera(camera);
  scene.add(model.object);
});
const frame = () => {
  void fragments.update();
  renderer.render(scene, camera);
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);

async function open(src: string): Promise<void> {
  const buffer = await (await fetch(src)).arrayBuffer();
  const model = await fragments.load(buffer, { modelId: 'model', camera });
  // Frame the model as the other viewers do before their first frame.
  const box = model.box;
  const sphere = box.getBoundingSphere(new THREE.Sphere());
  const distance = sphere.radius / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2));
  camera.position
    .copy(sphere.center)
    .add(new THREE.Vector3(1, 0.8, 1).normalize().multiplyScalar(distance));
  camera.near = distance / 100;
  camera.far = distance * 4;
  camera.updateProjectionMatrix();
  camera.lookAt(sphere.center);
  camera.updateMatrixWorld();
  model.useCamera(camera);
  await fragments.update(true);
  let meshes = 0;
  model.object.traverse((object) => {
    if ((object as THREE.Mesh).isMesh) meshes++;
  });
  // Seen in headless Chromium (SwiftShader): the model's box is known but no tile arrives.
  if (meshes === 0) throw new Error('no tiles after load() and update(true): nothing to draw');
  requestAnimationFrame(() => {
    result.loadedMs = performance.now();
    result.drawCalls = countOneRender(() => renderer.render(scene, camera));
    document.body.dataset.state = 'loaded';
  });
}

const src = new URLSearchParams(location.search).get('model');
if (!src) result.error = 'no ?model=';
else {
  open(src).catch((error: unknown) => {
    result.error = error instanceof Error ? error.message : String(error);
    document.body.dataset.state = 'error';
  });
}
