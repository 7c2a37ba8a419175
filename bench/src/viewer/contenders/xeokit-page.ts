/**
 * The xeokit harness page (bundled by harness.ts, runs in Chromium): opens the `.xkt` given as
 * `?model=` (made by xeokit-convert) with the SDK's XKTLoaderPlugin in a canvas of `?w=` x `?h=`
 * CSS pixels, fits the camera and records when the model reported loaded and the frame after.
 */
import { Viewer, XKTLoaderPlugin } from '@xeokit/xeokit-sdk';
import { contenderResult, countOneRender, sizeCanvas } from './page-common.ts';

const result = contenderResult();
const canvas = sizeCanvas();
const viewer = new Viewer({ canvasElement: canvas, transparent: false, dtxEnabled: false });
(viewer.scene.canvas as unknown as { backgroundColor: number[] }).backgroundColor = [
  243 / 255,
  244 / 255,
  246 / 255,
];
const loader = new XKTLoaderPlugin(viewer);
const src = new URLSearchParams(location.search).get('model');
if (!src) result.error = 'no ?model=';
else {
  const model = loader.load({ id: 'model', src, edges: false });
  model.on('loaded', () => {
    viewer.cameraFlight.jumpTo(model);
    requestAnimationFrame(() => {
      result.loadedMs = performance.now();
      result.drawCalls = countOneRender(() => viewer.scene.render(true));
      document.body.dataset.state = 'loaded';
    });
  });
  model.on('error', (message: unknown) => {
    result.error = String(message);
    document.body.dataset.state = 'error';
  });
}
