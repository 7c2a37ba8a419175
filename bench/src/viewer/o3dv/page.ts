/**
 * The Online3DViewer harness page (bundled by harness.ts, runs in Chromium): opens the original
 * file given as `?model=` with OV.EmbeddedViewer and records, in `window.__o3dv`, when its
 * renderer first drew geometry, when it reported the model loaded, and its draw calls.
 */
import * as OV from 'online-3d-viewer';

interface Renderer {
  render(scene: unknown, camera: unknown): void;
  info: { render: { calls: number; triangles: number } };
  getContext(): WebGLRenderingContext;
}

export interface O3dvResult {
  /** performance.now() (ms since navigation start) of the first render() that drew triangles. */
  firstFrameMs: number | null;
  /** performance.now() of the frame after onModelLoaded. */
  loadedMs: number | null;
  drawCalls: number | null;
  triangles: number | null;
  renderer: string | null;
  error: string | null;
}

const result: O3dvResult = {
  firstFrameMs: null,
  loadedMs: null,
  drawCalls: null,
  triangles: null,
  renderer: null,
  error: null,
};
(window as unknown as { __o3dv: O3dvResult }).__o3dv = result;

const model = new URLSearchParams(location.search).get('model');
const parent = document.getElementById('viewer')!;
const embedded = new OV.EmbeddedViewer(parent, {
  backgroundColor: new OV.RGBAColor(243, 244, 246, 255),
  onModelLoaded: () => {
    requestAnimationFrame(() => {
      result.loadedMs = performance.now();
      // A fresh render to read this frame's draw calls (info resets at every render()).
      viewer.Render();
      result.drawCalls = renderer.info.render.calls;
      result.triangles = renderer.info.render.triangles;
      document.body.dataset.state = 'loaded';
    });
  },
  onModelLoadFailed: () => {
    result.error = parent.textContent ?? 'load failed';
    document.body.dataset.state = 'error';
  },
});
const viewer = embedded.GetViewer() as unknown as { renderer: Renderer; Render(): void };
const renderer = viewer.renderer;
const gl = renderer.getContext();
const debug = gl.getExtension('WEBGL_debug_renderer_info');
result.renderer = debug ? String(gl.getParameter(debug.UNMASKED_RENDERER_WEBGL)) : null;

// The first draw with geometry: wrap render() (O3DV renders on demand, not in a loop).
const render = renderer.render.bind(renderer);
renderer.render = (scene, camera) => {
  render(scene, camera);
  if (result.firstFrameMs === null && renderer.info.render.triangles > 0) {
    result.firstFrameMs = performance.now();
  }
};

if (model) embedded.LoadModelFromUrlList([model]);
else result.error = 'no ?model=';
