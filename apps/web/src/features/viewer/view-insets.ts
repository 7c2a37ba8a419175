import type { ViewInsets } from './engine';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * What the page's overlays (toolbar, panels over the view, bottom sheets) cover of the 3D view,
 * per edge: each overlay counts against one view edge it lies against, as far in as it reaches.
 */
export function coveredInsets(view: Box, covers: Box[]): ViewInsets {
  const insets: ViewInsets = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const cover of covers) {
    const o = {
      left: Math.max(view.left, cover.left),
      top: Math.max(view.top, cover.top),
      right: Math.min(view.right, cover.right),
      bottom: Math.min(view.bottom, cover.bottom),
    };
    if (o.right <= o.left || o.bottom <= o.top) continue;
    const edges: Array<{ edge: keyof ViewInsets; gap: number; inset: number }> = [
      { edge: 'left', gap: o.left - view.left, inset: o.right - view.left },
      { edge: 'right', gap: view.right - o.right, inset: view.right - o.left },
      { edge: 'top', gap: o.top - view.top, inset: o.bottom - view.top },
      { edge: 'bottom', gap: view.bottom - o.bottom, inset: view.bottom - o.top },
    ];
    // Of the edges it lies against (nearer to the edge than it is deep), the one it covers least
    // deep: a toolbar across the bottom is near the sides too, a side panel touches the top and
    // bottom too, but each covers only from one edge.
    const near = edges.filter((e) => e.gap <= e.inset).sort((a, b) => a.inset - b.inset);
    const chosen = near[0];
    if (chosen) insets[chosen.edge] = Math.max(insets[chosen.edge], chosen.inset);
  }
  return insets;
}
