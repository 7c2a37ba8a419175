import { createViewCanvas } from '@truss/viewer/gl-context';
import { useEffect, useState, type RefObject } from 'react';
import type { EarlyView } from './early-view';
import { createViewer, type Viewer } from './engine';

declare global {
  interface Window {
    /**
     * The live engine of the page's viewer: a documented hook for the browser tests and the
     * benchmark (with the `truss:first-frame` / `truss:loaded` performance marks and
     * `document.body.dataset.viewerState`).
     */
    __trussViewer?: Viewer;
  }
}

interface Entry {
  viewer: Viewer;
  canvas: HTMLCanvasElement;
  disposeTimer: ReturnType<typeof setTimeout> | null;
}

/** The canvas fills its host; the classes ModelViewer's canvas always had. */
const VIEWER_CANVAS_CLASS = 'absolute inset-0 block size-full touch-none outline-none';

/** One engine per host; disposal waits a tick so StrictMode's unmount + remount reuses it. */
const engines = new WeakMap<HTMLElement, Entry>();

/**
 * Puts a canvas with an engine into the host element once it is mounted, and disposes of both
 * when the host goes away. With `early`, the engine the page's early view opened its viewable
 * with (apps/web/src/boot/model-page) is adopted instead of creating one. Returns null until the engine
 * exists.
 */
export function useViewer(
  hostRef: RefObject<HTMLElement | null>,
  options: {
    preserveDrawingBuffer?: boolean;
    /** The page's early view and the viewable shown: its engine is adopted if it shows that. */
    early?: { view: EarlyView; glb: string } | null;
    /** The canvas's accessible name. */
    label?: string;
  } = {},
): Viewer | null {
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const preserveDrawingBuffer = options.preserveDrawingBuffer ?? true;
  const { early: earlyView, label } = options;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let entry = engines.get(host);
    if (entry?.disposeTimer) {
      clearTimeout(entry.disposeTimer);
      entry.disposeTimer = null;
    }
    if (!entry) {
      // The early view's context keeps its buffer (the default): adopted unless asked otherwise.
      const early =
        earlyView && preserveDrawingBuffer ? earlyView.view.adoptEngine(earlyView.glb, host) : null;
      // Its context made here: multisampled on a GPU, not on a software rasterizer (gl-context).
      // Without WebGL2 a bare canvas, on which the engine reports the error its own way.
      const canvas =
        early?.canvas ??
        createViewCanvas({ preserveDrawingBuffer }) ??
        document.createElement('canvas');
      canvas.className = VIEWER_CANVAS_CLASS;
      canvas.tabIndex = 0;
      // Before the engine: it puts its overlay (labels, view cube) beside the canvas.
      if (!early) host.append(canvas);
      entry = {
        viewer: early?.viewer ?? createViewer({ canvas, preserveDrawingBuffer }),
        canvas,
        disposeTimer: null,
      };
      engines.set(host, entry);
    }
    const current = entry;
    window.__trussViewer = current.viewer;
    setViewer(current.viewer);
    return () => {
      current.disposeTimer = setTimeout(() => {
        engines.delete(host);
        if (window.__trussViewer === current.viewer) delete window.__trussViewer;
        current.viewer.dispose();
        current.canvas.remove();
      }, 0);
    };
    // The early view is looked for once, when the host mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hostRef, preserveDrawingBuffer]);

  useEffect(() => {
    const host = hostRef.current;
    if (!viewer || !host || label === undefined) return;
    engines.get(host)?.canvas.setAttribute('aria-label', label);
  }, [viewer, label, hostRef]);

  return viewer;
}
