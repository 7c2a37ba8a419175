import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { LoadedModelInfo, Viewer, Viewpoint } from './engine';

const VIEWPOINT_DEBOUNCE_MS = 400;

/**
 * Once the model has loaded (`loadedInfo`): applies the initial viewpoint (a link's `?vp=`) once,
 * tells `onLoaded`, then reports every change of the view to `onViewpointChange`, debounced.
 */
export function useViewpointSync(
  viewer: Viewer | null,
  loadedInfo: LoadedModelInfo | null,
  {
    initialViewpoint,
    onViewpointChange,
    onLoaded,
    refresh,
    setEdges,
  }: {
    initialViewpoint?: Viewpoint | null;
    onViewpointChange?: (viewpoint: Viewpoint) => void;
    onLoaded?: (info: LoadedModelInfo) => void;
    /** Re-reads the viewer's state into the page (after the viewpoint is applied). */
    refresh: () => void;
    setEdges: (edges: Viewpoint['edges']) => void;
  },
): void {
  const { t } = useTranslation();
  const initialRef = useRef(initialViewpoint);
  const onChangeRef = useRef(onViewpointChange);
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onChangeRef.current = onViewpointChange;
    onLoadedRef.current = onLoaded;
  }, [onViewpointChange, onLoaded]);
  useEffect(() => {
    if (!viewer || !loadedInfo) return;
    const start = initialRef.current;
    if (start) {
      initialRef.current = null;
      try {
        viewer.setViewpoint(start);
        setEdges(start.edges);
      } catch (error) {
        console.warn('[viewer] the viewpoint in the link could not be applied', error);
        toast.info(t('viewer.viewpoint.broken'), t('viewer.viewpoint.brokenHint'));
      }
      refresh();
    }
    onLoadedRef.current?.(loadedInfo);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const changed = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => onChangeRef.current?.(viewer.getViewpoint()), VIEWPOINT_DEBOUNCE_MS);
    };
    const offs = (
      ['camera-change', 'selection-change', 'visibility-change', 'section-change'] as const
    ).map((type) => viewer.on(type, changed));
    return () => {
      if (timer) clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [viewer, loadedInfo, refresh, setEdges, t]);
}
