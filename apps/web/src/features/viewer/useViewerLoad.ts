import { useEffect, useState } from 'react';
import { readMetadata, type ModelMetadata } from '@truss/viewable';
import type { LoadedModelInfo, LoadProgress, Viewer } from './engine';
import type { EarlyView } from './early-view';
import { fetchViewableFile, parsedViewableJson, readViewableJson } from './viewable-handoff';

export type ViewerLoadPhase = 'loading' | 'first-frame' | 'loaded' | 'error';

export interface ViewerLoadState {
  phase: ViewerLoadPhase;
  info: LoadedModelInfo | null;
  error: Error | null;
}

const INITIAL: ViewerLoadState = { phase: 'loading', info: null, error: null };

/** The documented test/bench hook: the state on <body> for selectors and waits. */
function publish(phase: ViewerLoadPhase): void {
  document.body.dataset.viewerState = phase;
}

/**
 * Loads the viewable into the engine (again when `attempt` changes: retry) and reports its phase;
 * the byte progress is `useLoadProgress`'s, so it does not re-render the whole workspace. Sets
 * the performance marks the benchmark reads: `truss:first-frame`, `truss:model-loaded` (the
 * engine has the whole model) and `truss:loaded` (so has the page). A first load the early view
 * started (apps/web/src/boot/model-page) is adopted, with the marks it set.
 */
export function useViewerLoad(
  viewer: Viewer | null,
  source: { glb: string; metadata?: string; requestInit?: RequestInit },
  attempt: number,
  /** The page's early view: the first load of its adopted engine is the one it has under way. */
  earlyView?: EarlyView | null,
): ViewerLoadState {
  const [state, setState] = useState<ViewerLoadState>(INITIAL);
  // The one the page started with: looked at for the first load only.
  const [firstEarlyView] = useState(earlyView);
  const { glb, metadata, requestInit } = source;

  useEffect(() => {
    if (!viewer) return;
    // The first load of an engine adopted from the early view is the one it has under way (its
    // first frame may be drawn and marked already).
    const early = attempt === 0 ? (firstEarlyView?.takeLoad(viewer, glb) ?? null) : null;
    const controller = early?.controller ?? new AbortController();
    let settled = false;
    const firstFrame = () => {
      // Under a whole preview the engine's own first frame is drawn on the animation frame
      // after the first slice, which may follow the load's end: the page stays loaded.
      if (settled) return;
      publish('first-frame');
      setState((s) => (s.phase === 'loading' ? { ...s, phase: 'first-frame' } : s));
    };
    setState(INITIAL);
    publish('loading');
    if (!early) {
      performance.clearMarks('truss:first-frame');
      performance.clearMarks('truss:model-loaded');
    }
    performance.clearMarks('truss:loaded');
    const offFirst = viewer.on('first-frame', () => {
      if (!early) performance.mark('truss:first-frame');
      firstFrame();
    });
    if (early?.firstFrame) firstFrame();
    const loading =
      early?.load ??
      viewer.load(
        {
          glb,
          ...(metadata ? { metadata } : {}),
          ...(requestInit ? { requestInit } : {}),
          fetch: fetchViewableFile,
        },
        {
          signal: controller.signal,
        },
      );
    loading
      .then((info) => {
        if (controller.signal.aborted) return;
        settled = true;
        if (!early) performance.mark('truss:model-loaded');
        performance.mark('truss:loaded');
        publish('loaded');
        setState((s) => ({ ...s, phase: 'loaded', info }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        settled = true;
        console.error('[viewer] the model could not be loaded', error);
        publish('error');
        setState((s) => ({
          ...s,
          phase: 'error',
          error: error instanceof Error ? error : new Error(String(error)),
        }));
      });
    return () => {
      controller.abort();
      offFirst();
    };
  }, [viewer, glb, metadata, requestInit, attempt, firstEarlyView]);

  useEffect(() => () => void delete document.body.dataset.viewerState, []);

  return state;
}

/**
 * The latest load progress while `active`, for the progress overlay only: every chunk of the
 * download reports, so updates are coalesced to one React render per animation frame, and only
 * the component that shows them re-renders (the first frame waits for the main thread).
 */
export function useLoadProgress(viewer: Viewer | null, active: boolean): LoadProgress | null {
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  useEffect(() => {
    if (!viewer || !active) return;
    setProgress(null);
    let latest: LoadProgress | null = null;
    let frame = 0;
    const off = viewer.on('progress', (next) => {
      latest = next;
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setProgress(latest);
      });
    });
    return () => {
      off();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [viewer, active]);
  return progress;
}

/**
 * The model's metadata as soon as its early download is read (the model page's prefetch or early
 * view asked for it before the page rendered), while the engine may still be loading: the tree
 * and the properties need nothing else, so they do not wait for the whole model. The same object
 * the engine reads (one parse). Null when there is no early download (then the panels wait for
 * the load's info) or it is not metadata of the version this app reads.
 */
export function useEarlyMetadata(url: string | undefined): ModelMetadata | null {
  const [found, setFound] = useState<{ url: string; metadata: ModelMetadata | null } | null>(() =>
    url ? { url, metadata: readMetadata(parsedViewableJson(url) ?? null) } : null,
  );
  const current = found && found.url === url ? found.metadata : null;
  useEffect(() => {
    if (!url || current) return;
    const json = readViewableJson(url);
    if (!json) return;
    let live = true;
    json.then(
      (value) => {
        const metadata = readMetadata(value);
        if (live && metadata) setFound({ url, metadata });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url, current]);
  return current;
}

/**
 * Sets the `truss:page-ready` performance mark once `ready`: the workspace passes true once its
 * toolbar has its commands and the tree and properties have the model's metadata (or the load
 * ended without any). Set in an effect, so after the commit that put them in the DOM; the whole
 * model need not be in. The benchmark's "page ready" (bench/src/viewer/truss/measure.ts, which
 * checks the DOM at the mark too). Cleared when the page goes.
 */
export function usePageReadyMark(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    performance.mark('truss:page-ready');
    return () => performance.clearMarks('truss:page-ready');
  }, [ready]);
}
