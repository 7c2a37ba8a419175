/**
 * Dev harness: the engine alone on a page, loading /models/<name>/model.glb (served from
 * MODEL_DIR by vite.config.ts). `window.truss` exposes the viewer and its events to scripts.
 */
import { createViewer, type ViewerEvents } from '../src/index.ts';

const canvas = document.getElementById('canvas') as HTMLCanvasElement;
const query = new URLSearchParams(location.search);
const viewer = createViewer({
  canvas,
  preserveDrawingBuffer: query.get('pdb') !== '0',
  antialias: query.get('aa') !== '0',
});
const events: Array<{ type: keyof ViewerEvents; event: unknown }> = [];
for (const type of ['first-frame', 'loaded', 'error', 'selection-change'] as const) {
  viewer.on(type, (event) => events.push({ type, event }));
}
const name = query.get('model') ?? 'duplex';
const done = viewer
  .load({ glb: `/models/${name}/model.glb`, metadata: `/models/${name}/metadata.json` })
  .then((info) => ({ ok: true, info: { ...info, metadata: null } }))
  .catch((error: unknown) => ({ ok: false, error: String(error) }));
Object.assign(window, { truss: { viewer, events, done } });
