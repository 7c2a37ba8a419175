import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { Viewpoint } from './engine';
import {
  decodeViewpoint,
  encodeViewpoint,
  VIEWPOINT_PARAM,
  withViewpointParam,
} from './viewpoint-url';

/**
 * The viewpoint kept in the page URL (`?vp=`), so a reload or a copied link returns to the same
 * view. Written with `history.replaceState` (no history entry per camera move, and the router
 * does not re-render the page for it); the router's own history state is kept as it is.
 * A `vp` that is not a viewpoint is ignored with a toast.
 */
export function useViewpointUrl(): {
  initialViewpoint: Viewpoint | null;
  onViewpointChange: (viewpoint: Viewpoint) => void;
  /** Call once the model has loaded: says so if the link's view was not a viewpoint. */
  onLoaded: () => void;
} {
  const { t } = useTranslation();
  const [initial] = useState(() => {
    const raw = new URLSearchParams(window.location.search).get(VIEWPOINT_PARAM);
    if (raw === null) return { viewpoint: null, broken: false };
    const viewpoint = decodeViewpoint(raw);
    return { viewpoint, broken: viewpoint === null };
  });
  const warned = useRef(false);

  useEffect(() => {
    if (!initial.broken) return;
    window.history.replaceState(
      window.history.state,
      '',
      withViewpointParam(window.location.href, null),
    );
  }, [initial.broken]);

  // After loading, not at once: the toast would time out while the model downloads.
  const onLoaded = useCallback(() => {
    if (!initial.broken || warned.current) return;
    warned.current = true;
    toast.info(t('viewer.viewpoint.broken'), t('viewer.viewpoint.brokenHint'));
  }, [initial.broken, t]);

  const onViewpointChange = useCallback((viewpoint: Viewpoint) => {
    const next = withViewpointParam(window.location.href, encodeViewpoint(viewpoint));
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (next !== current) window.history.replaceState(window.history.state, '', next);
  }, []);

  return { initialViewpoint: initial.viewpoint, onViewpointChange, onLoaded };
}
