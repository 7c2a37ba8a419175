/**
 * Point, distance, angle and area measurement with vertex/edge snapping. Each kind is a tool
 * (`measure-point`, `measure-distance`, `measure-angle`, `measure-area`): clicks add snapped
 * points; a point ends at 1 (its label shows its coordinates), a distance at 2 points, an angle at 3 (vertex in the middle), an area when its first point is clicked
 * again, on a double-click or on Enter. The tool stays on for the next measurement; Esc drops the
 * one in progress. A measurement is selected by clicking its label (any tool) or its line (in a
 * measure tool), and Delete/Backspace removes the selected one.
 */
import type { Measurement, MeasurementKind, Vec3, ViewerTool } from '../../api-types.ts';
import type { MeasureApi } from '../../api.ts';
import type { PointerInfo, ViewerContext } from '../../core/context.ts';
import { separateLabels } from './label-layout.ts';
import { formatPoint, measurementValue, sub } from './math.ts';
import { chooseSnap, type Snap } from './snap.ts';
import { MeasureMaterials, MeasurementVisual, PreviewVisual } from './visuals.ts';

const KINDS: MeasurementKind[] = ['point', 'distance', 'angle', 'area'];
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

/**
 * The measure tools: the measurements and their visuals, the one being drawn and its preview.
 * Points come from snapping (snap.ts) on the context's rays; nothing else of the engine is seen.
 */
export class MeasureTool implements MeasureApi {
  private readonly materials = new MeasureMaterials();
  private readonly visuals = new Map<string, MeasurementVisual>();
  private selected: string | null = null;
  private active: MeasurementKind | null;
  private pending: Vec3[] = [];
  private preview: PreviewVisual | null = null;
  private snapPixels = 12;
  private pointFormat: (world: Vec3) => string = formatPoint;
  private nextId = 1;
  private lastClick: { x: number; y: number; time: number } | null = null;
  private disposed = false;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly ctx: ViewerContext) {
    this.active = kindOf(ctx.getTool());
    this.unsubscribe = [
      ...KINDS.map((kind) =>
        ctx.registerTool(toolOf(kind), {
          onPointerMove: (p) => {
            if (this.disposed) return false;
            // While a button is held the camera moves: no snapping rays then, no stale marker.
            this.showPreview(p.event.buttons ? null : this.snapAt(p));
            return false;
          },
          onClick: (p) => this.onClick(kind, p),
          onKeyDown: (event) => this.onKeyDown(kind, event),
          onDeactivate: () => {
            if (!this.disposed) this.clearPending();
          },
        }),
      ),
      // Tools may be switched by the host (toolbar, shortcuts), not only through start().
      ctx.onToolChange((tool) => this.toolChanged(tool)),
      ctx.onBeforeRender(() => {
        this.materials.setResolution(ctx.canvas.clientWidth, ctx.canvas.clientHeight);
        this.layoutLabels();
        this.preview?.updateMarker();
      }),
    ];
  }

  start(kind: MeasurementKind): void {
    if (!KINDS.includes(kind)) throw new Error(`Unknown measurement kind: ${String(kind)}`);
    // Switching tools announces the new kind through onToolChange; starting over within the
    // same tool only drops the measurement in progress.
    this.ctx.setTool(toolOf(kind));
    if (this.pending.length > 0 || this.active !== kind) {
      this.clearPending();
      this.active = kind;
      this.emit();
    }
  }

  cancel(): void {
    const had = this.pending.length > 0 || this.preview !== null;
    this.clearPending();
    if (had) this.emit();
  }

  add(kind: MeasurementKind, points: Vec3[]): Measurement {
    const value = measurementValue(kind, points);
    let id: string;
    do id = `measure-${this.nextId++}`;
    while (this.visuals.has(id));
    const measurement: Measurement = {
      id,
      kind,
      points: points.map((p) => [p[0], p[1], p[2]] as Vec3),
      value,
    };
    const visual = new MeasurementVisual(this.ctx, measurement, this.materials, {
      select: () => this.select(id),
      remove: () => this.remove(id),
      deselect: () => this.select(null),
    });
    if (kind === 'point') visual.setText(this.pointFormat(measurement.points[0]!));
    this.visuals.set(id, visual);
    this.layoutLabels();
    this.emit();
    return { ...measurement, points: measurement.points.map((p) => [...p] as Vec3) };
  }

  list(): Measurement[] {
    return [...this.visuals.values()].map(({ measurement: m }) => ({
      ...m,
      points: m.points.map((p) => [...p] as Vec3),
    }));
  }

  select(id: string | null): void {
    if (id !== null && !this.visuals.has(id)) throw new Error(`Unknown measurement: ${id}`);
    if (id === this.selected) return;
    if (this.selected) this.visuals.get(this.selected)?.setSelected(false);
    this.selected = id;
    if (id) this.visuals.get(id)?.setSelected(true);
    this.emit();
  }

  remove(id: string): void {
    const visual = this.visuals.get(id);
    if (!visual) return;
    visual.dispose();
    this.visuals.delete(id);
    if (this.selected === id) this.selected = null;
    this.emit();
  }

  clear(): void {
    this.clearPending();
    for (const visual of this.visuals.values()) visual.dispose();
    this.visuals.clear();
    this.selected = null;
    this.emit();
  }

  setSnapPixels(px: number): void {
    if (!Number.isFinite(px) || px < 0)
      throw new Error('Snap tolerance must be a non-negative number');
    this.snapPixels = px;
  }

  setPointFormat(format: ((world: Vec3) => string) | null): void {
    this.pointFormat = format ?? formatPoint;
    let relabelled = false;
    for (const visual of this.visuals.values()) {
      const { kind, points } = visual.measurement;
      if (kind !== 'point') continue;
      visual.setText(this.pointFormat(points[0]!));
      relabelled = true;
    }
    // The page sets its format as it starts: with no point to relabel, that is no new picture
    // (a whole frame of a big model, right when the page renders).
    if (!relabelled) return;
    this.layoutLabels();
    this.ctx.requestRender();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const style = this.ctx.canvas.style;
    if (style.cursor === 'crosshair') style.cursor = '';
    for (const undo of this.unsubscribe) undo();
    this.clearPending();
    for (const visual of this.visuals.values()) visual.dispose();
    this.visuals.clear();
    this.materials.dispose();
  }

  private emit(): void {
    const { selected, active } = this;
    this.ctx.emit('measure-change', { measurements: this.list(), selected, active });
    this.ctx.requestRender();
  }

  private toolChanged(tool: ViewerTool): void {
    const kind = kindOf(tool);
    const style = this.ctx.canvas.style;
    if (kind) style.cursor = 'crosshair';
    else if (style.cursor === 'crosshair') style.cursor = '';
    if (kind === this.active) return;
    this.clearPending();
    this.active = kind;
    this.emit();
  }

  private clearPending(): void {
    this.pending = [];
    this.lastClick = null;
    this.preview?.dispose();
    this.preview = null;
  }

  private snapAt(p: { x: number; y: number }): Snap | null {
    const ctx = this.ctx;
    const hit = ctx.raycast(p.x, p.y);
    const triangles = hit ? [hit.triangle] : [];
    // A ring of rays within the tolerance finds corners and edges of neighbouring faces and of
    // silhouettes the pointer is just beside (BVH rays are cheap).
    const r = this.snapPixels * 0.7;
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
      this.snapPixels,
      (point) => this.isVisible(point),
    );
  }

  /** Nothing nearer than the point along the ray through its own pixel. */
  private isVisible(point: Vec3): boolean {
    const s = this.ctx.project(point);
    if (!s) return false;
    const hit = this.ctx.raycast(s.x, s.y);
    if (!hit) return true;
    const o = this.ctx.ray(s.x, s.y).origin;
    const along = Math.hypot(point[0] - o.x, point[1] - o.y, point[2] - o.z);
    return hit.distance >= along - (1e-3 + along * 1e-5);
  }

  private showPreview(snap: Snap | null): void {
    if (!this.active) return;
    this.preview ??= new PreviewVisual(this.ctx, this.materials);
    this.preview.update(this.active, this.pending, snap);
    this.ctx.requestRender();
  }

  private lineUnder(p: { x: number; y: number }): string | null {
    let best: string | null = null;
    let bestDistance = LINE_PICK_PX;
    for (const [id, visual] of this.visuals) {
      const d = visual.screenDistance(p);
      if (d <= bestDistance) {
        best = id;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Labels at their anchors, moved apart where they would cover each other. */
  private layoutLabels(): void {
    const all = [...this.visuals.values()];
    const boxes = all.map((visual) => visual.labelBox());
    const shifts = separateLabels(boxes);
    all.forEach((visual, i) => visual.placeLabel(boxes[i]!, shifts[i]));
  }

  private finish(kind: MeasurementKind, points: Vec3[]): void {
    this.clearPending();
    this.add(kind, points);
  }

  private nearFirstPoint(p: { x: number; y: number }): boolean {
    const first = this.pending[0] ? this.ctx.project(this.pending[0]) : null;
    return first !== null && Math.hypot(first.x - p.x, first.y - p.y) <= this.snapPixels;
  }

  /** Whether this click and the one before make a double-click. */
  private isDoubleClick(p: PointerInfo): boolean {
    const now = performance.now();
    const last = this.lastClick;
    this.lastClick = { x: p.x, y: p.y, time: now };
    return (
      last !== null &&
      now - last.time <= DOUBLE_CLICK_MS &&
      Math.hypot(last.x - p.x, last.y - p.y) <= DOUBLE_CLICK_PX
    );
  }

  private onClick(kind: MeasurementKind, p: PointerInfo): boolean {
    if (this.disposed || p.button !== 0) return false;
    const isDouble = this.isDoubleClick(p);
    const pending = this.pending;
    if (kind === 'area' && pending.length >= 3 && (isDouble || this.nearFirstPoint(p))) {
      this.finish(kind, pending);
      return true;
    }
    const snap = this.snapAt(p);
    // A click on a measurement's line selects it, unless it lands on a corner: starting a new
    // measurement where another one ends is the commoner wish.
    if (pending.length === 0 && snap?.kind !== 'vertex') {
      const line = this.lineUnder(p);
      if (line) {
        this.select(line);
        return true;
      }
    }
    if (!snap) {
      if (pending.length === 0 && this.selected) this.select(null);
      return pending.length > 0;
    }
    const last = pending.at(-1);
    // Clicking the last point again (or the second click of a double-click that cannot close
    // anything yet) would add a zero-length side.
    if (last && Math.hypot(...sub(snap.point, last)) < 1e-9) return true;
    this.pending = [...pending, snap.point];
    const needed = kind === 'point' ? 1 : kind === 'distance' ? 2 : kind === 'angle' ? 3 : Infinity;
    if (this.pending.length >= needed) this.finish(kind, this.pending);
    else this.showPreview(snap);
    return true;
  }

  private onKeyDown(kind: MeasurementKind, event: KeyboardEvent): boolean {
    if (this.disposed) return false;
    if (event.key === 'Escape') {
      if (this.pending.length > 0) this.cancel();
      else if (this.selected) this.select(null);
      else return false;
      return true;
    }
    if (event.key === 'Enter' && kind === 'area' && this.pending.length >= 3) {
      this.finish(kind, this.pending);
      return true;
    }
    if ((event.key === 'Delete' || event.key === 'Backspace') && this.selected) {
      this.remove(this.selected);
      return true;
    }
    return false;
  }
}
