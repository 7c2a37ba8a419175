import { useEffect, useState, type RefObject } from 'react';
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
  disposeTimer: ReturnType<typeof setTimeout> | null;
}

/** One engine per canvas; disposal waits a tick so StrictMode's unmount + remount reuses it. */
const engines = new WeakMap<HTMLCanvasElement, Entry>();

/**
 * Creates the engine on the canvas once it is mounted and disposes of it when the canvas goes
 * away. Returns null until the engine exists.
 */
export function useViewer(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  options: {
    preserveDrawingBuffer?: boolean;
  } = {},
): Viewer | null {
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const preserveDrawingBuffer = options.preserveDrawingBuffer ?? false;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let entry = engines.get(canvas);
    if (entry?.disposeTimer) {
      clearTimeout(entry.disposeTimer);
      entry.disposeTimer = null;
    }
    if (!entry) {
      entry = {
        viewer: createViewer({ canvas, preserveDrawingBuffer }),
        disposeTimer: null,
      };
      engines.set(canvas, entry);
    }
    const current = entry;
    window.__trussViewer = current.viewer;
    setViewer(current.viewer);
    return () => {
      current.disposeTimer = setTimeout(() => {
        engines.delete(canvas);
        if (window.__trussViewer === current.viewer) delete window.__trussViewer;
        current.viewer.dispose();
      }, 0);
    };
  }, [canvasRef, preserveDrawingBuffer]);

  return viewer;
}
