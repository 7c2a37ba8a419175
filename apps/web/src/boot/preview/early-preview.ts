/**
 * The model page's first picture: the view's canvas, placed where the page will show it inside a
 * plain-DOM outline of the page, with the model's shell (the batch spanning most of it) drawn by
 * the three-free preview (`@truss/viewer/preview`) as soon as the .glb's bytes are in. The model
 * page's shell (model.html) carries this module built as one inline script, and its next script
 * starts it (inline/preview-start.ts) while the page's scripts still download; the early view
 * (model-page/early-viewer.ts) takes what it made and starts the engine on the same canvas, or loads this
 * module and starts it itself when model.html did not.
 */
import { createViewCanvas } from '@truss/viewer/gl-context';
import { drawModelPreview, preparePreview, type ModelPreview } from '@truss/viewer/preview';
// Not the viewer's early door: this module is model.html's inline bundle, which needs the layout
// alone (the door brings the viewable handoff too).
import { modelViewArea, modelViewInsets } from '../../features/viewer/model-page-layout';

export interface EarlyOutline {
  outline: HTMLElement;
  /** Holds the canvas and the engine's overlay layer (labels, view cube). */
  view: HTMLElement;
}

export interface EarlyPreview {
  canvas: HTMLCanvasElement;
  /** The outline with the canvas in it, put on the page on the first call. */
  outline(): EarlyOutline;
  /**
   * What the preview drew (null: nothing; the engine draws the model). Never rejects. The
   * engine's code is asked for once it settles: asked for before, its module preloads ran between
   * the preview's decode and its draw (30 ms on a slow machine).
   */
  preview: Promise<ModelPreview | null>;
  /** Nothing more is drawn; the outline goes when no engine took the canvas. */
  close(): void;
}

/** A plain-DOM outline of the model page (header, side panels, view) until the app renders it. */
function createOutline(canvas: HTMLCanvasElement): EarlyOutline {
  const { top, panel } = modelViewArea(window.innerWidth);
  const outline = document.createElement('div');
  outline.dataset.earlyViewer = '';
  outline.setAttribute('aria-hidden', 'true');
  outline.style.cssText = 'position:fixed;inset:0;z-index:40;background:#f3f4f6;';
  const bar = (css: string) => {
    const part = document.createElement('div');
    part.style.cssText = `position:absolute;background:#fff;border:0 solid #e5e7eb;${css}`;
    outline.append(part);
  };
  bar(`left:0;right:0;top:0;height:${top}px;border-bottom-width:1px;box-sizing:border-box;`);
  if (panel > 0) {
    const side = `top:${top}px;bottom:0;width:${panel}px;box-sizing:border-box;`;
    bar(`left:0;${side}border-right-width:1px;`);
    bar(`right:0;${side}border-left-width:1px;`);
  }
  const view = document.createElement('div');
  view.style.cssText = `position:absolute;top:${top}px;bottom:0;left:${panel}px;right:${panel}px;overflow:hidden;`;
  canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;display:block;';
  view.append(canvas);
  outline.append(view);
  // Started from model.html's <head>, this may run before <body> is parsed.
  (document.body ?? document.documentElement).append(outline);
  return { outline, view };
}

/**
 * Makes the view's canvas with the engine's WebGL2 context (createViewCanvas), prepares the
 * preview's program, then draws the preview once `bytes` are in (null: never). Null when there is
 * no WebGL2 (the page says so).
 */
export function startEarlyPreview(bytes: Promise<ArrayBuffer | null>): EarlyPreview | null {
  // The drawing buffer the view will have (the engine's default pixel ratio), made at that size
  // at once: resizing it when the engine starts cost the first frame about 10 ms.
  const { top, panel } = modelViewArea(window.innerWidth);
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const canvas = createViewCanvas({
    size: {
      width: (window.innerWidth - 2 * panel) * ratio,
      height: (window.innerHeight - top) * ratio,
    },
  });
  if (!canvas) return null;
  // The preview's program, compiled and its GPU pipeline built while the bytes download.
  const prepared = preparePreview(canvas);
  let outlined: EarlyOutline | null = null;
  let closed = false;
  const outline = () => (outlined ??= createOutline(canvas));
  const preview = bytes
    .catch(() => null)
    .then(async (glbBytes) => {
      if (!glbBytes || closed) {
        prepared?.dispose();
        return null;
      }
      outline();
      try {
        return await drawModelPreview(canvas, glbBytes, { prepared, insets: modelViewInsets() });
      } finally {
        // The engine's code downloads from now on (preloaded here: the app's entry, which
        // imports it, may not have run yet); the early view imports it once the preview has
        // drawn. Not before the draw: adding its preloads took the first frame 5-6 ms.
        window.__trussPreloadOnPreview?.();
      }
    })
    .catch((error: unknown) => {
      console.warn('[viewer] no preview; the engine draws the model', error);
      return null;
    });
  return {
    canvas,
    outline,
    preview,
    close() {
      closed = true;
      outlined?.outline.remove();
      void preview.then((shown) => shown?.dispose());
    },
  };
}
