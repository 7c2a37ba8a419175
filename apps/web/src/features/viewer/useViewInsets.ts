import { useEffect, type RefObject } from 'react';
import type { Viewer } from './engine';
import { coveredInsets } from './view-insets';

/**
 * Keeps the engine's view insets at what the workspace's overlays marked `data-covers-view`
 * cover of the canvas (the toolbar, panels over the view on a phone, bottom sheets), so fit all
 * and the standard views frame the visible part, not the canvas behind the toolbar.
 */
export function useViewInsets(viewer: Viewer | null, workspace: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = workspace.current;
    if (!viewer || !root) return;
    let frame = 0;
    const sizes = new ResizeObserver(() => schedule());
    const measure = () => {
      frame = 0;
      const canvas = root.querySelector('canvas');
      if (!canvas) return;
      const covers = [...root.querySelectorAll('[data-covers-view]')];
      sizes.disconnect();
      sizes.observe(canvas);
      covers.forEach((cover) => sizes.observe(cover));
      viewer.navigation.setViewInsets(
        coveredInsets(
          canvas.getBoundingClientRect(),
          covers.map((cover) => cover.getBoundingClientRect()),
        ),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(root, { childList: true, subtree: true });
    // In the next animation frame, whose layout it then is: measured here, in the commit that
    // mounts the workspace, it laid out the whole page before the page was first drawn.
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      sizes.disconnect();
      changes.disconnect();
    };
  }, [viewer, workspace]);
}
