/**
 * The That Open harness page (bundled by harness.ts, runs in Chromium): opens the `.frag` given
 * as `?model=` (made by That Open's IfcImporter) with @thatopen/fragments and three.js in a canvas
 * of `?w=` x `?h=` CSS pixels, its worker served locally. As That Open's examples do, three.js
 * renders every animation frame and FragmentsModels.update(true) runs when the camera has moved
 * (there: the controls' "rest"; here: once, after framing the model).
 *
 * FragmentsModels.update() is not called every frame: it returns at once, doing nothing, when an
 * update ran less than settings.maxUpdateRate (100 ms) before, so with it in the frame loop the
 * update(true) after framing was dropped and returned before any tile had arrived. Each frame
 * applies the tile requests the worker has sent (FragmentsModels.models.update(), what a
 * non-forced update() does besides asking for a new view), then renders.
 *
 * Loaded: the first frame that drew the framed view whole. update(true) resolves on the worker's
 * FINISH of its pass over the framed view, but the worker sends the tile updates of that pass's
 * last step after the FINISH (a few small items were still missing then), and the library's own
 * view refreshes keep running. So the page waits, after update(true), for two FINISHes in a row
 * with no tile request before them (a whole pass over every item that changed nothing), and
 * reports the frame that first drew every request received before those.
 */
import * as FRAGS from '@thatopen/fragments';
import * as THREE from 'three';
import { contenderResult, countOneRender, sizeCanvas } from './page-common.ts';

/** TileRequestClass.FINISH of @thatopen/fragments (the enum is not exported). */
const FINISH = 3;

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

// Counts the tile requests (create, update, delete; not FINISH) the worker sends, as they arrive.
const requests = fragments.models.requests;
let received = 0;
const add = requests.add.bind(requests);
requests.add = (list: { tileRequestClass?: number }[]) => {
  for (const request of list) if (request.tileRequestClass !== FINISH) received++;
  add(list);
};

/** Requests applied before the last frame drew, and when that frame started. */
let drawn = { requests: 0, at: Number.NaN };
const frame = () => {
  const now = performance.now();
  fragments.models.update();
  renderer.render(scene, camera);
  if (!requests.arePending && drawn.requests !== received) drawn = { requests: received, at: now };
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);

/** Resolves at the second FINISH in a row with no tile request before it. */
function viewSettled(model: FRAGS.FragmentsModel): Promise<void> {
  return new Promise((resolve) => {
    let before = received;
    let quiet = 0;
    const onFinish = () => {
      quiet = received === before ? quiet + 1 : 0;
      before = received;
      if (quiet < 2) return;
      model.onViewUpdated.remove(onFinish);
      resolve();
    };
    model.onViewUpdated.add(onFinish);
  });
}

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
  // No frame before this one drew the framed view.
  drawn = { requests: -1, at: Number.NaN };
  // Nothing has called FragmentsModels.update() yet (load()'s own view refresh schedules one
  // only maxUpdateRate after its tiles arrive), so this one is not dropped.
  await fragments.update(true);
  await viewSettled(model);
  let meshes = 0;
  model.object.traverse((object) => {
    if ((object as THREE.Mesh).isMesh) meshes++;
  });
  if (meshes === 0) throw new Error('no tiles after load() and update(true): nothing to draw');
  requestAnimationFrame(() => {
    result.loadedMs = drawn.at;
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
