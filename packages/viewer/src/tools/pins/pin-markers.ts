/**
 * Topic pins: markers drawn at points of the model, hidden (or dimmed) behind geometry, merged
 * into counted clusters when they crowd on screen. A click on a marker emits `pin-click` (a
 * cluster also zooms to its pins); the `pin-place` tool emits `pin-place` with the picked point.
 * `goTo` applies a viewpoint with a camera animation (none under reduced motion) and `capture`
 * returns the current viewpoint with a PNG snapshot of the model (pins and gizmos left out).
 */
import * as THREE from 'three';
import type { OccludedPins, Pin, Viewpoint } from '../../api-types.ts';
import type { PinsApi } from '../../api.ts';
import type { PointerInfo, ViewerContext } from '../../core/context.ts';
import { prefersReducedMotion } from '../../navigation/motion.ts';
import { clusterPins, type ScreenPin } from './cluster.ts';
import { PIN_SIZE, PinVisuals } from './visuals.ts';

/** What pins ask of the rest of the viewer, beyond the context. */
interface PinsDeps {
  getViewpoint(): Viewpoint;
  setViewpoint(viewpoint: Viewpoint, animate: boolean): void;
  screenshot(options: { width: number; height: number }): Promise<Blob>;
  /** Frames a world box (animated or not). */
  fitBox(box: THREE.Box3, animate: boolean): void;
  /** Whether an element is shown (not hidden, not outside an isolation). */
  isElementVisible?(id: number): boolean;
}

/** Pulls markers this fraction of their distance towards the camera (see the vertex shader). */
const DEPTH_BIAS = 0.015;
/** Wide enough that a crowded view shows a few hundred markers at most (fill cost in software GL). */
const DEFAULT_CLUSTER_PX = PIN_SIZE * 1.5;

interface Marker {
  x: number;
  y: number;
  /** Pin indices (the first is the anchor). */
  members: number[];
}

/**
 * The pin markers: the pins, their screen clusters and the buffers drawn for them, the click that
 * opens a pin and the `pin-place` tool.
 */
export class PinMarkers implements PinsApi {
  private readonly visuals: PinVisuals;
  private pins: Pin[] = [];
  private highlighted: string | null = null;
  private visible = true;
  private occluded: OccludedPins = 'hide';
  private clusterPx = DEFAULT_CLUSTER_PX;
  private markers: Marker[] = [];
  /** Anchor, count and highlight of each marker last written, to skip unchanged buffers. */
  private written: Int32Array = new Int32Array(0);
  private dirty = true;
  private disposed = false;
  private readonly matrix = new THREE.Matrix4();
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly ctx: ViewerContext,
    private readonly deps: PinsDeps,
  ) {
    this.visuals = new PinVisuals(ctx.helperScene);
    this.unsubscribe = [
      ctx.captureClicks((p) => this.onMarkerClick(p)),
      ctx.registerTool('pin-place', {
        onClick: (p) => this.onPlaceClick(p),
        onKeyDown(event) {
          if (event.key !== 'Escape') return false;
          ctx.setTool('select');
          return true;
        },
      }),
      ctx.onToolChange((tool) => {
        const style = ctx.canvas.style;
        if (tool === 'pin-place') style.cursor = 'crosshair';
        else if (style.cursor === 'crosshair' && !tool.startsWith('measure-')) style.cursor = '';
      }),
      ctx.onBeforeRender(() => this.update()),
    ];
  }

  set(next: Pin[]): void {
    this.pins = next.map((pin) => ({
      id: pin.id,
      point: [...pin.point],
      color: pin.color,
      elementId: pin.elementId ?? null,
    }));
    this.changed();
  }

  list(): Pin[] {
    return this.pins.map((pin) => ({ ...pin, point: [...pin.point] }));
  }

  highlight(id: string | null): void {
    if (id === this.highlighted) return;
    this.highlighted = id;
    this.changed();
  }

  setVisible(on: boolean): void {
    this.visible = on;
    this.visuals.setVisible(this.visible, this.occluded === 'dim');
    this.changed();
  }

  setOccluded(mode: OccludedPins): void {
    this.occluded = mode;
    this.visuals.setVisible(this.visible, this.occluded === 'dim');
    this.ctx.requestRender();
  }

  setClusterPixels(px: number): void {
    if (!Number.isFinite(px) || px < 0) throw new Error('Cluster distance must be >= 0 pixels');
    this.clusterPx = px;
    this.changed();
  }

  startPlacing(): void {
    this.ctx.setTool('pin-place');
  }

  goTo(viewpoint: Viewpoint, options: { animate?: boolean } = {}): void {
    this.deps.setViewpoint(viewpoint, (options.animate ?? true) && !prefersReducedMotion());
  }

  async capture(options: { maxWidth?: number } = {}) {
    const viewpoint = this.deps.getViewpoint();
    const canvasWidth = Math.max(1, this.ctx.canvas.clientWidth);
    const canvasHeight = Math.max(1, this.ctx.canvas.clientHeight);
    const width = Math.min(canvasWidth, options.maxWidth ?? 1280);
    const height = Math.max(1, Math.round((width * canvasHeight) / canvasWidth));
    const snapshot = await this.deps.screenshot({ width, height });
    return { viewpoint, snapshot, width, height };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const undo of this.unsubscribe) undo();
    this.visuals.dispose();
  }

  private changed(): void {
    this.dirty = true;
    this.ctx.requestRender();
  }

  private screenPins(): ScreenPin[] {
    const camera = this.ctx.camera();
    camera.updateMatrixWorld();
    this.matrix.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    const width = this.ctx.canvas.clientWidth;
    const height = this.ctx.canvas.clientHeight;
    const out: ScreenPin[] = [];
    const e = this.matrix.elements;
    const shown = this.deps.isElementVisible;
    for (let i = 0; i < this.pins.length; i += 1) {
      const pin = this.pins[i]!;
      if (shown && pin.elementId != null && !shown(pin.elementId)) continue;
      const [x, y, z] = pin.point;
      const w = e[3]! * x + e[7]! * y + e[11]! * z + e[15]!;
      if (w <= 1e-9) continue;
      const cx = (e[0]! * x + e[4]! * y + e[8]! * z + e[12]!) / w;
      const cy = (e[1]! * x + e[5]! * y + e[9]! * z + e[13]!) / w;
      const cz = (e[2]! * x + e[6]! * y + e[10]! * z + e[14]!) / w;
      if (cz < -1 || cz > 1 || Math.abs(cx) > 1.1 || Math.abs(cy) > 1.1) continue;
      out.push({ index: i, x: ((cx + 1) / 2) * width, y: ((1 - cy) / 2) * height });
    }
    return out;
  }

  /** The markers on screen now: single pins and clusters, each at its anchor pin. */
  private cluster(): Marker[] {
    if (!this.visible || this.pins.length === 0) return [];
    const screen = this.screenPins();
    const byIndex = new Map(screen.map((s) => [s.index, s]));
    return clusterPins(screen, this.clusterPx).map((c) => {
      const anchor = byIndex.get(c.anchor)!;
      return { x: anchor.x, y: anchor.y, members: c.members };
    });
  }

  private update(): void {
    if (this.disposed) return;
    const camera = this.ctx.camera();
    const ortho = (camera as THREE.OrthographicCamera).isOrthographicCamera === true;
    const orthoCamera = camera as THREE.OrthographicCamera;
    const bias = ortho
      ? ((orthoCamera.top - orthoCamera.bottom) / orthoCamera.zoom) * DEPTH_BIAS
      : DEPTH_BIAS;
    this.visuals.frame(this.ctx.renderer?.getPixelRatio() ?? 1, ortho, bias);
    const markers = (this.markers = this.cluster());
    const highlighted = this.highlighted;
    const highlightIndex =
      highlighted === null ? -1 : this.pins.findIndex((p) => p.id === highlighted);
    const signature = new Int32Array(markers.length * 3);
    markers.forEach((m, i) => {
      signature[i * 3] = m.members[0]!;
      signature[i * 3 + 1] = m.members.length;
      signature[i * 3 + 2] = m.members.includes(highlightIndex) ? 1 : 0;
    });
    const written = this.written;
    const same =
      !this.dirty &&
      signature.length === written.length &&
      signature.every((value, i) => value === written[i]);
    if (same) return;
    this.dirty = false;
    this.written = signature;
    const origin = new THREE.Vector3(...(this.pins[0]?.point ?? [0, 0, 0]));
    this.visuals.write(
      origin,
      markers.map((m, i) => {
        const anchor = this.pins[m.members[0]!]!;
        return {
          point: anchor.point,
          color: anchor.color,
          count: m.members.length,
          flag: signature[i * 3 + 2] === 1,
        };
      }),
    );
  }

  /** Nothing of the model nearer than the pin along the ray through its marker. */
  private unobstructed(marker: Marker): boolean {
    const point = this.pins[marker.members[0]!]!.point;
    const hit = this.ctx.raycast(marker.x, marker.y);
    if (!hit) return true;
    const o = this.ctx.ray(marker.x, marker.y).origin;
    const along = Math.hypot(point[0] - o.x, point[1] - o.y, point[2] - o.z);
    return hit.distance >= along * (1 - DEPTH_BIAS) - 1e-3;
  }

  private markerAt(p: { x: number; y: number }): Marker | null {
    let best: Marker | null = null;
    let bestDistance = Infinity;
    for (const marker of this.markers) {
      const radius = (PIN_SIZE * (marker.members.length > 1 ? 1.2 : 1)) / 2 + 3;
      const d = Math.hypot(marker.x - p.x, marker.y - p.y);
      if (d <= radius && d < bestDistance) {
        best = marker;
        bestDistance = d;
      }
    }
    if (best && this.occluded === 'hide' && !this.unobstructed(best)) return null;
    return best;
  }

  private onMarkerClick(p: PointerInfo): boolean {
    const ctx = this.ctx;
    if (this.disposed || !this.visible || p.button !== 0 || ctx.getTool() === 'pin-place')
      return false;
    const marker = this.markerAt(p);
    if (!marker) return false;
    const ids = marker.members.map((i) => this.pins[i]!.id);
    if (ids.length > 1) {
      const box = new THREE.Box3();
      for (const i of marker.members) box.expandByPoint(new THREE.Vector3(...this.pins[i]!.point));
      const size = box.getSize(new THREE.Vector3()).length();
      box.expandByScalar(Math.max(size * 0.25, 0.5));
      this.deps.fitBox(box, !prefersReducedMotion());
    }
    ctx.emit('pin-click', { ids });
    return true;
  }

  private onPlaceClick(p: PointerInfo): boolean {
    if (this.disposed || p.button !== 0) return false;
    const hit = this.ctx.raycast(p.x, p.y);
    if (!hit) return true;
    this.ctx.setTool('select');
    this.ctx.emit('pin-place', { elementId: hit.elementId, point: hit.point, normal: hit.normal });
    return true;
  }
}
