import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedView } from '@truss/contracts';
import { toast } from '../../lib/toast';
import { type Viewer, decodeViewpoint } from '../viewer';
import { SAVED_VIEW_PARAM, savedViewInUrl } from './link';

/** Shows a saved view in the viewer; false (with a toast) when its state does not decode. */
export function applySavedView(viewer: Viewer, view: SavedView, animate: boolean): boolean {
  const viewpoint = decodeViewpoint(view.state);
  if (!viewpoint) return false;
  viewer.setViewpoint(viewpoint, { animate });
  return true;
}

/**
 * A page opened with `?view={id}` (a saved view's link) shows that view once the list has come:
 * the engine applies it when the model is ready. The parameter then leaves the URL, so the page's
 * own `vp` takes over from the next camera move.
 */
export function useSavedViewLink(viewer: Viewer | null, views: SavedView[] | undefined) {
  const { t } = useTranslation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !viewer || !views) return;
    const id = savedViewInUrl(window.location.href);
    if (!id) return;
    done.current = true;
    const view = views.find((v) => v.id === id);
    if (!view || !applySavedView(viewer, view, false)) toast.info(t('savedViews.linkMissing'));
    const url = new URL(window.location.href);
    url.searchParams.delete(SAVED_VIEW_PARAM);
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
  }, [viewer, views, t]);
}
