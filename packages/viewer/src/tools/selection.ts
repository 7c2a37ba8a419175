/**
 * Selection: a click selects the element under the cursor (Shift or Ctrl/Cmd toggles it in the
 * selection), a click on the background clears; the box-select tool drags a rectangle.
 */
import type { SelectionApi } from '../api.ts';
import type { PointerInfo, ViewerContext } from '../core/context.ts';
import { boxSelect, boxSelectMode } from './box-select.ts';

export function createSelection(ctx: ViewerContext): SelectionApi & { dispose(): void } {
  const state = () => ctx.elements.state();
  const changed = () => {
    const s = state();
    ctx.emit('selection-change', { ids: s ? [...s.selected].sort((a, b) => a - b) : [] });
    ctx.requestRender();
  };

  const set = (ids: number[]) => {
    const s = state();
    if (!s) return;
    const previous = [...s.selected];
    s.selected.clear();
    for (const id of ids) if (id >= 0) s.selected.add(id);
    s.sync([...previous, ...s.selected]);
    changed();
  };

  const toggle = (ids: number[]) => {
    const s = state();
    if (!s) return;
    for (const id of ids) {
      if (s.selected.has(id)) s.selected.delete(id);
      else s.selected.add(id);
    }
    s.sync(ids);
    changed();
  };

  const additive = (p: PointerInfo) => p.shiftKey || p.ctrlKey || p.metaKey;

  ctx.registerTool('select', {
    onClick(p) {
      if (p.button !== 0) return false;
      const hit = ctx.raycast(p.x, p.y);
      if (!hit) {
        if (!additive(p)) set([]);
        return true;
      }
      if (additive(p)) toggle([hit.elementId]);
      else set([hit.elementId]);
      return true;
    },
  });

  // Box select: the rectangle is a DOM element in the label layer.
  let start: { x: number; y: number } | null = null;
  const rect = document.createElement('div');
  Object.assign(rect.style, {
    position: 'absolute',
    display: 'none',
    border: '1px solid #2563eb',
    background: 'rgba(37, 99, 235, 0.12)',
    pointerEvents: 'none',
  });
  ctx.labelLayer.appendChild(rect);
  const drawRect = (x: number, y: number) => {
    if (!start) return;
    const crossing = boxSelectMode(start.x, x) === 'crossing';
    Object.assign(rect.style, {
      display: 'block',
      left: `${Math.min(start.x, x)}px`,
      top: `${Math.min(start.y, y)}px`,
      width: `${Math.abs(x - start.x)}px`,
      height: `${Math.abs(y - start.y)}px`,
      borderStyle: crossing ? 'dashed' : 'solid',
    });
  };
  const endBox = () => {
    start = null;
    rect.style.display = 'none';
  };
  ctx.registerTool('box-select', {
    onPointerDown(p) {
      if (p.button !== 0) return false;
      start = { x: p.x, y: p.y };
      return true;
    },
    onPointerMove(p) {
      if (!start) return false;
      drawRect(p.x, p.y);
      return true;
    },
    onPointerUp(p) {
      if (!start) return false;
      const from = start;
      endBox();
      if (Math.hypot(p.x - from.x, p.y - from.y) < 4) return true;
      const s = state();
      if (!s) return true;
      const hits = boxSelect(
        ctx.elements.boxes(),
        (id) => s.isVisible(id),
        (x, y, z) => ctx.project([x, y, z]),
        { x0: from.x, y0: from.y, x1: p.x, y1: p.y },
        boxSelectMode(from.x, p.x),
      );
      if (additive(p)) set([...new Set([...s.selected, ...hits])]);
      else set(hits);
      return true;
    },
    onClick(p) {
      const hit = ctx.raycast(p.x, p.y);
      if (hit) (additive(p) ? toggle : set)([hit.elementId]);
      else if (!additive(p)) set([]);
      return true;
    },
    onKeyDown(event) {
      if (event.key !== 'Escape' || !start) return false;
      endBox();
      return true;
    },
    onDeactivate: endBox,
  });

  return {
    get: () => {
      const s = state();
      return s ? [...s.selected].sort((a, b) => a - b) : [];
    },
    set: (ids) => set(ids),
    clear: () => set([]),
    dispose: () => rect.remove(),
  };
}
