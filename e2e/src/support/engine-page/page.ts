/**
 * A bare page around the viewer engine (bundled by engine-page/serve.ts with esbuild): opens the
 * .glb given as `?glb=` on a 1280x800 canvas, renders once after loading and leaves the engine's
 * figures in `window.__engine` (draw calls, triangles, materials; at the first frame, its
 * triangles and a chunked model's streaming figures) and the viewer in `window.__viewer`.
 */
import { createViewer } from '@truss/viewer';

interface EngineResult {
  firstFrame: { triangles: number; streaming: unknown } | null;
  drawCalls: number | null;
  triangles: number | null;
  materialCount: number | null;
  error: string | null;
}

const result: EngineResult = {
  firstFrame: null,
  drawCalls: null,
  triangles: null,
  materialCount: null,
  error: null,
};
(window as unknown as { __engine: EngineResult }).__engine = result;

const canvas = document.createElement('canvas');
canvas.style.cssText = 'width:1280px;height:800px;display:block';
document.body.append(canvas);
const viewer = createViewer({ canvas, maxPixelRatio: 1 });
(window as unknown as { __viewer: typeof viewer }).__viewer = viewer;
viewer.on('first-frame', () => {
  result.firstFrame = {
    triangles: viewer.renderNow().triangles,
    streaming: viewer.getStreamingStats(),
  };
});
const glb = new URLSearchParams(location.search).get('glb');
if (!glb) result.error = 'no ?glb=';
else {
  viewer.load({ glb }).then(
    (info) => {
      const stats = viewer.renderNow();
      result.drawCalls = stats.drawCalls;
      result.triangles = stats.triangles;
      result.materialCount = info.materialCount;
      document.body.dataset.state = 'loaded';
    },
    (error: unknown) => {
      result.error = error instanceof Error ? error.message : String(error);
      document.body.dataset.state = 'error';
    },
  );
}
