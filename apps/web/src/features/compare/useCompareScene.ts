import { useEffect, useState } from 'react';
import type { ModelDiff } from '@truss/contracts';
import type { ModelMetadata } from '@truss/viewable';
import type { LoadedModelInfo, Viewer } from '../viewer';
import { alignment, compareScene, type CompareScene } from './diff-scene';

export interface CompareSources {
  to: { glb: string; metadataUrl: string; metadata: ModelMetadata };
  from: { glb: string; metadataUrl: string; metadata: ModelMetadata };
}

type CompareLoadState =
  | { phase: 'loading' }
  | {
      phase: 'ready';
      scene: CompareScene;
      /** The two versions as the engine has them (keys `to` and `from`). */
      infos: { to: LoadedModelInfo; from: LoadedModelInfo };
    }
  | { phase: 'error'; error: Error };

/**
 * Loads the newer version, then the older one beside it (aligned by their stored origins), and
 * colours the diff with the engine's diff extension: the older version shows only its removed
 * elements, as red ghosts. `document.body.dataset.compareState` says when it is drawn (tests).
 */
export function useCompareScene(
  viewer: Viewer | null,
  sources: CompareSources | null,
  diff: ModelDiff | undefined,
): CompareLoadState {
  const [state, setState] = useState<CompareLoadState>({ phase: 'loading' });
  const toGlb = sources?.to.glb;
  const fromGlb = sources?.from.glb;

  useEffect(() => {
    if (!viewer || !sources || !diff) return;
    const controller = new AbortController();
    const { signal } = controller;
    setState({ phase: 'loading' });
    document.body.dataset.compareState = 'loading';
    (async () => {
      const to = await viewer.load(
        { glb: sources.to.glb, metadata: sources.to.metadataUrl },
        { signal, key: 'to' },
      );
      const from = await viewer.addModel(
        { glb: sources.from.glb, metadata: sources.from.metadataUrl },
        {
          signal,
          key: 'from',
          translation: alignment(sources.to.metadata, sources.from.metadata),
        },
      );
      if (signal.aborted) return;
      const scene = compareScene(
        diff,
        { metadata: sources.to.metadata, offset: to.offset },
        { metadata: sources.from.metadata, offset: from.offset },
      );
      viewer.visibility.hide(scene.hiddenFrom);
      viewer.diff.show(scene.ids);
      setState({ phase: 'ready', scene, infos: { to, from } });
      document.body.dataset.compareState = 'ready';
    })().catch((error: unknown) => {
      if (signal.aborted) return;
      setState({
        phase: 'error',
        error: error instanceof Error ? error : new Error(String(error)),
      });
      document.body.dataset.compareState = 'error';
    });
    return () => {
      controller.abort();
      delete document.body.dataset.compareState;
    };
    // The sources change with their files only (signed URLs are compared by their glb).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewer, toGlb, fromGlb, diff]);

  return state;
}
