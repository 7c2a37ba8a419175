/** Hide, show, isolate, show all, x-ray and colour overrides on the element state texture. */
import type { Color } from '../api-types.ts';
import type { VisibilityApi } from '../api.ts';
import type { ViewerContext } from '../core/context.ts';
import type { ElementState } from '../core/element-state.ts';
import { buildLegend } from './palette.ts';

/** Built on the context alone: the element state and the x-ray and ghost passes of `ctx.elements`. */
export function createVisibility(ctx: ViewerContext): VisibilityApi {
  const { elements } = ctx;
  const state = () => elements.state();
  let xray = false;
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  const emit = () => {
    const s = state();
    ctx.emit('visibility-change', {
      hidden: s ? sorted(s.hidden) : [],
      isolated: s?.isolated ? sorted(s.isolated) : null,
    });
    ctx.requestRender();
  };
  const withState = (change: (s: ElementState) => void | Iterable<number>, notify = true) => {
    const s = state();
    if (!s) return;
    const touched = change(s);
    s.sync(touched ?? undefined);
    if (notify) emit();
    else ctx.requestRender();
  };

  return {
    hide: (ids) =>
      withState((s) => {
        for (const id of ids) s.hidden.add(id);
        return ids;
      }),
    show: (ids) =>
      withState((s) => {
        for (const id of ids) {
          s.hidden.delete(id);
          s.isolated?.add(id);
        }
        return ids;
      }),
    isolate: (ids) =>
      withState((s) => {
        s.isolated = new Set(ids);
        s.hidden.clear();
      }),
    showAll: () =>
      withState((s) => {
        s.isolated = null;
        s.hidden.clear();
      }),
    isVisible: (id) => state()?.isVisible(id) ?? true,
    getHidden: () => sorted(state()?.hidden ?? []),
    getIsolated: () => {
      const isolated = state()?.isolated;
      return isolated ? sorted(isolated) : null;
    },
    setXray(on) {
      if (on === xray) return;
      xray = on;
      elements.setXray(on);
      ctx.requestRender();
    },
    getXray: () => xray,
    setGhosted(ids) {
      elements.setGhosted(ids);
      ctx.requestRender();
    },
    getGhosted: () => sorted(state()?.ghosted ?? []),
    setColors: (colors: Map<number, Color | null>) =>
      withState((s) => {
        for (const [id, color] of colors) {
          if (color === null) s.colors.delete(id);
          else s.colors.set(id, color & 0xffffff);
        }
        return colors.keys();
      }, false),
    clearColors: () =>
      withState((s) => {
        s.colors.clear();
      }, false),
    colorBy(keyOf, options = {}) {
      const fixed = new Map(Object.entries(options.fixed ?? {}));
      const { legend, colors } = buildLegend(elements.drawnIds(), keyOf, fixed);
      withState((s) => {
        s.colors.clear();
        for (const [id, color] of colors) s.colors.set(id, color);
      }, false);
      return legend;
    },
  };
}
