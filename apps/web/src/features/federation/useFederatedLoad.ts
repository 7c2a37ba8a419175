import { useEffect, useState } from 'react';
import type { LoadedModelInfo, Viewer, ViewerLoadState } from '../viewer';

export interface FederatedSource {
  /** Model id: the model's key in the engine. */
  id: string;
  glb: string;
  metadata: string | null;
}

interface FederatedLoad {
  phase: ViewerLoadState['phase'];
  /** Per model id, once that model has loaded. */
  infos: Record<string, LoadedModelInfo>;
}

/**
 * Adds every model to the engine (`addModel`, keyed by model id, aligned by their stored
 * coordinates), fits the view once all are in, and removes them again when the list changes or
 * the page goes away. Publishes `document.body.dataset.viewerState` as the model page does.
 */
export function useFederatedLoad(
  viewer: Viewer | null,
  sources: FederatedSource[],
  attempt: number,
  /** Fit the view to every model once all are in (not when a saved view sets the camera). */
  fitOnLoad = true,
): FederatedLoad {
  const [state, setState] = useState<FederatedLoad>({ phase: 'loading', infos: {} });
  const key = sources.map((s) => `${s.id}|${s.glb}|${s.metadata ?? ''}`).join(',');

  useEffect(() => {
    document.body.dataset.viewerState = state.phase;
  }, [state.phase]);
  useEffect(() => () => void delete document.body.dataset.viewerState, []);

  useEffect(() => {
    if (!viewer || !sources.length) return;
    const controller = new AbortController();
    setState({ phase: 'loading', infos: {} });
    let first = true;
    const loads = sources.map((source) =>
      viewer
        .addModel(
          { glb: source.glb, ...(source.metadata ? { metadata: source.metadata } : {}) },
          { key: source.id, signal: controller.signal },
        )
        .then((info) => {
          if (controller.signal.aborted) return;
          setState((current) => ({
            phase: first ? 'first-frame' : current.phase,
            infos: { ...current.infos, [source.id]: info },
          }));
          first = false;
        }),
    );
    Promise.all(loads).then(
      () => {
        if (controller.signal.aborted) return;
        if (fitOnLoad) viewer.navigation.fitAll(false);
        setState((current) => ({ ...current, phase: 'loaded' }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[federation] a model could not be loaded', error);
        setState((current) => ({ ...current, phase: 'error' }));
      },
    );
    return () => {
      controller.abort();
      for (const source of sources) viewer.removeModel(source.id);
    };
    // `key` stands for the sources' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewer, key, attempt, fitOnLoad]);

  return state;
}
