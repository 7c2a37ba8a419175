/**
 * Distance, angle and area measurement with vertex/edge snapping. Each kind is a tool
 * (`measure-distance`, `measure-angle`, `measure-area`): clicks add snapped points; a distance
 * ends at 2 points, an angle at 3 (vertex in the middle), an area when its first point is clicked
 * again, on a double-click or on Enter. The tool stays on for the next measurement; Esc drops the
 * one in progress. A measurement is selected by clicking its label (any tool) or its line (in a
 * measure tool), and Delete/Backspace removes the selected one.
 */
import type { MeasureApi, Measurement, MeasurementKind, Vec3, ViewerTool } from '../../api.ts';
import type { PointerInfo, ViewerContext } from '../../core/context.ts';
import { separateLabels } from './label-layout.ts';
import { measurementValue, sub } from './math.ts';
import { chooseSnap, type Snap } from './snap.ts';
import { MeasureMaterials, MeasurementVisual, PreviewVisual } from './visuals.ts';

export interface MeasureExtension extends MeasureApi {
  dispose(): void;
}

const KINDS: MeasurementKind[] = ['distance', 'angle', 'area'];
/** How close (CSS px) a click must be to a measurement's line to select it. */
const LINE_PICK_PX = 6;
/** Two clicks this close in time and space make a double-click (closes an area). */
const DOUBLE_CLICK_MS = 400;
const DOUBLE_CLICK_PX = 5;
/** Extra rays around the pointer when snapping. */
const RING_RAYS = 8;

const toolOf = (kind: MeasurementKind): ViewerTool => `measure-${kind}`;
function kindOf(tool: ViewerTool): MeasurementKind | null {
  return KINDS.find((k) => toolOf(k) === tool) ?? null;
}

export function createMeasureExtension(ctx: ViewerContext): MeasureExtension {
  const materials = new MeasureMaterials();
  const visuals = new Map<string, MeasurementVisual>();
  let selected: string | null = null;
  let active: MeasurementKind | null = kindOf(ctx.getTool());
  let pending: Vec3[] = [];
  let preview: PreviewVisual | null = null;
  let snapPixels = 12;
  let nextId = 1;
  let lastClick: { x: number; y: number; time: number } | null = null;
  let disposed = false;

  const list = (): Measurement[] =>
    [...visuals.values()].map(({ measurement: m }) => ({
      ...m,
      points: m.points.map((p) => [...p] as Vec3),
    }));

  function emit(): void {
    ctx.emit('measure-change', { measurements: list(), selected, active });
    ctx.requestRender();
  }

  function clearPending(): void {
    pending = [];
    lastClick = null;
    preview?.dispose();
    preview = null;
  }

  function snapAt(p: { x: number; y: number }): Snap | null {
    const hit = ctx.raycast(p.x, p.y);
    const triangles = hit ? [hit.triangle] : [];
    // A ring of rays within the tolerance finds corners and edges of neighbouring faces and of
    // silhouettes the pointer is just beside (BVH rays are cheap).
    const r = snapPixels * 0.7;
    for (let i = 0; i < RING_RAYS && r > 0; i += 1) {
      const angle = (i / RING_RAYS) * Math.PI * 2;
      const near = ctx.raycast(p.x + r * Math.cos(angle), p.y + r * Math.sin(angle));
      if (near) triangles.push(near.triangle);
    }
    if (!hit && triangles.length === 0) return null;
    const ray = ctx.ray(p.x, p.y);
    return chooseSnap(
      {
        face: hit?.point ?? null,
        triangles,
        ray: { origin: ray.origin.toArray(), direction: ray.direction.toArray() },
      },
      p,
      (q) => ctx.project(q),
      snapPixels,
      isVisible,
    );
  }

  /** Nothing nearer than the point along the ray through its own pixel. */
  function isVisible(point: Vec3): boolean {
    const s = ctx.project(point);
    if (!s) return false;
    const hit = ctx.raycast(s.x, s.y);
    if (!hit) return true;
    const o = ctx.ray(s.x, s.y).origin;
    const along = Math.hypot(point[0] - o.x, point[1] - o.y, point[2] - o.z);
    return hit.distance >= along - (1e-3 + along * 1e-5);
  }

  function showPreview(snap: Snap | null): void {
    if (!active) return;
    preview ??= new PreviewVisual(ctx, materials);
    preview.update(active, pending, snap);
    ctx.requestRender();
  }

  function lineUnder(p: { x: number; y: number }): string | null {
    let best: string | null = null;
    let bestDistance = LINE_PICK_PX;
    for (const [id, visual] of visuals) {
      const d = visual.screenDistance(p);
      if (d <= bestDistance) {
        best = id;
        bestDistance = d;
      }
    }
    return best;
  }

  function finish(kind: MeasurementKind, points: Vec3[]): void {
    clearPending();
    api.add(kind, points);
  }

  function nearFirstPoint(p: { x: number; y: number }): boolean {
    const first = pending[0] ? ctx.project(pending[0]) : null;
    return first !== null && Math.hypot(first.x - p.x, first.y - p.y) <= snapPixels;
  }

  function onClick(kind: MeasurementKind, p: PointerInfo): boolean {
    if (disposed || p.button !== 0) return false;
    const now = performance.now();
    const isDouble =
      lastClick !== null &&
      now - lastClick.time <= DOUBLE_CLICK_MS &&
      Math.hypot(lastClick.x - p.x, lastClick.y - p.y) <= DOUBLE_CLICK_PX;
    lastClick = { x: p.x, y: p.y, time: now };
    if (kind === 'area' && pending.length >= 3 && (isDouble || nearFirstPoint(p))) {
      finish(kind, pending);
      return true;
    }
    const snap = snapAt(p);
    // A click on a measurement's line selects it, unless it lands on a corner: starting a new
    // measurement where another one ends is the commoner wish.
    if (pending.length === 0 && snap?.kind !== 'vertex') {
      const line = lineUnder(p);
      if (line) {
        api.select(line);
        return true;
      }
    }
    if (!snap) {
      if (pending.length === 0 && selected) api.select(null);
      return pending.length > 0;
    }
    const last = pending.at(-1);
    // Clicking the last point again (or the second click of a double-click that cannot close
    // anything yet) would add a zero-length side.
    if (last && Math.hypot(...sub(snap.point, last)) < 1e-9) return true;
    pending = [...pending, snap.point];
    const needed = kind === 'distance' ? 2 : kind === 'angle' ? 3 : Infinity;
    if (pending.length >= needed) finish(kind, pending);
    else showPreview(snap);
    return true;
  }

  function onKeyDown(kind: MeasurementKind, event: KeyboardEvent): boolean {
    if (disposed) return false;
    if (event.key === 'Escape') {
      if (pending.length > 0) api.cancel();
      else if (selected) api.select(null);
      else return false;
      return true;
    }
    if (event.key === 'Enter' && kind === 'area' && pending.length >= 3) {
      finish(kind, pending);
      return true;
    }
    if ((event.key === 'Delete' || event.key === 'Backspace') && selected) {
      api.remove(selected);
      return true;
    }
    return false;
  }

  const unregister = KINDS.map((kind) =>
    ctx.registerTool(toolOf(kind), {
      onPointerMove(p) {
        if (disposed) return false;
        // While a button is held the camera is moving: no snapping rays then, and no stale marker.
        showPreview(p.event.buttons ? null : snapAt(p));
        return false;
      },
      onClick: (p) => onClick(kind, p),
      onKeyDown: (event) => onKeyDown(kind, event),
      onDeactivate() {
        if (disposed) return;
        clearPending();
      },
    }),
  );

  // Tools may be switched by the host (toolbar, shortcuts), not only through start().
  const offTool = ctx.onToolChange((tool) => {
    const kind = kindOf(tool);
    const style = ctx.canvas.style;
    if (kind) style.cursor = 'crosshair';
    else if (style.cursor === 'crosshair') style.cursor = '';
    if (kind === active) return;
    clearPending();
    active = kind;
    emit();
  });

  /** Labels at their anchors, moved apart where they would cover each other. */
  const layoutLabels = () => {
    const all = [...visuals.values()];
    const boxes = all.map((visual) => visual.labelBox());
    const shifts = separateLabels(boxes);
    all.forEach((visual, i) => visual.placeLabel(boxes[i]!, shifts[i]));
  };

  const offRender = ctx.onBeforeRender(() => {
    materials.setResolution(ctx.canvas.clientWidth, ctx.canvas.clientHeight);
    layoutLabels();
    preview?.updateMarker();
  });

  const api: MeasureExtension = {
    start(kind) {
      if (!KINDS.includes(kind)) throw new Error(`Unknown measurement kind: ${String(kind)}`);
      // Switching tools announces the new kind through onToolChange; starting over within the
      // same tool only drops the measurement in progress.
      ctx.setTool(toolOf(kind));
      if (pending.length > 0 || active !== kind) {
        clearPending();
        active = kind;
        emit();
      }
    },
    cancel() {
      const had = pending.length > 0 || preview !== null;
      clearPending();
      if (had) emit();
    },
    add(kind, points) {
      const value = measurementValue(kind, points);
      let id: string;
      do id = `measure-${nextId++}`;
      while (visuals.has(id));
      const measurement: Measurement = {
        id,
        kind,
        points: points.map((p) => [p[0], p[1], p[2]] as Vec3),
        value,
      };
      const visual = new MeasurementVisual(ctx, measurement, materials, {
        select: () => api.select(id),
        remove: () => api.remove(id),
        deselect: () => api.select(null),
      });
      visuals.set(id, visual);
      layoutLabels();
      emit();
      return { ...measurement, points: measurement.points.map((p) => [...p] as Vec3) };
    },
    list,
    select(id) {
      if (id !== null && !visuals.has(id)) throw new Error(`Unknown measurement: ${id}`);
      if (id === selected) return;
      if (selected) visuals.get(selected)?.setSelected(false);
      selected = id;
      if (id) visuals.get(id)?.setSelected(true);
      emit();
    },
    remove(id) {
      const visual = visuals.get(id);
      if (!visual) return;
      visual.dispose();
      visuals.delete(id);
      if (selected === id) selected = null;
      emit();
    },
    clear() {
      clearPending();
      for (const visual of visuals.values()) visual.dispose();
      visuals.clear();
      selected = null;
      emit();
    },
    setSnapPixels(px) {
      if (!Number.isFinite(px) || px < 0)
        throw new Error('Snap tolerance must be a non-negative number');
      snapPixels = px;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      if (ctx.canvas.style.cursor === 'crosshair') ctx.canvas.style.cursor = '';
      for (const undo of unregister) undo();
      offTool();
      offRender();
      clearPending();
      for (const visual of visuals.values()) visual.dispose();
      visuals.clear();
      materials.dispose();
    },
  };
  return api;
}
