/**
 * What a model page's early view (made before the app by apps/web/src/boot/model-page) hands the
 * page: the model's answer, then the engine with its canvas and its load. The boot implements it;
 * the page (models/prefetch.ts, ModelDetailPage, useViewer) takes it through the route loader.
 */
import type { LoadedModelInfo, Viewer } from './engine';

/** The engine the early view opened, moved into the page's view. */
export interface AdoptedEarlyEngine {
  viewer: Viewer;
  canvas: HTMLCanvasElement;
}

/** The early view's load of the viewable, under way: the page's first load. */
export interface EarlyLoad {
  load: Promise<LoadedModelInfo>;
  controller: AbortController;
  /** The first frame has been drawn already (read when the page takes the load). */
  firstFrame: boolean;
}

/**
 * What the early view made for one model page, taken by that page once (the route loader, from the boot's hand-off).
 * Each part is handed over once; whatever the page does not take is disposed of by `drop`.
 */
export interface EarlyView {
  /**
   * The model (GET /api/models/{id}) the early view asked for, for the page's model query (a
   * rejected promise: the request failed and the page asks again itself).
   */
  readonly model: Promise<unknown>;
  /**
   * The early engine for the page's view of `glb`: its canvas and overlay move into `host` and
   * the outline goes. Null when there is none yet (then none appears: the page makes its own)
   * or it shows another file (then it is disposed of).
   */
  adoptEngine(glb: string, host: HTMLElement): AdoptedEarlyEngine | null;
  /** The adopted engine's load of `glb`, for the page's first load (a retry loads again). */
  takeLoad(viewer: Viewer, glb: string): EarlyLoad | null;
  /** The page shows no 3D view (an error, processing, failed): dispose of the early view. */
  drop(): void;
}
