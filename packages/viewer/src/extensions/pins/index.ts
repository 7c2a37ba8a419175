/**
 * Topic pins: markers drawn at points of the model, hidden (or dimmed) behind geometry, merged
 * into counted clusters when they crowd on screen. A click on a marker emits `pin-click` (a
 * cluster also zooms to its pins); the `pin-place` tool emits `pin-place` with the picked point.
 * `goTo` applies a viewpoint with a camera animation (none under reduced motion) and `capture`
 * returns the current viewpoint with a PNG snapshot of the model (pins and gizmos left out).
 */
import * as THREE from 'three';
import type { OccludedPins, Pin, PinsApi, Viewpoint } from '../../api.ts';
import type { PointerInfo, ViewerContext } from '../../core/context.ts';
import { clusterPins, type ScreenPin } from './cluster.ts';
import { PIN_SIZE, PinVisuals } from './visuals.ts';

export interface PinsDeps {
  ctx: ViewerContext;
  getViewpoint(): Viewpoint;
  setViewpoint(viewpoint: Viewpoint, animate: boolean): void;
  screenshot(options: { width: number; height: number }): Promise<Blob>;
  /** Frames a world box (animated or not). */
  fitBox(box: THREE.Box3, animate: boolean): void;
  /** Whether an element is shown (not hidden, not outside an isolation). */
  isElementVisible?(id: number): boolean;
}

export interface PinsExtension extends PinsApi {
  dispose(): void;
}

/** Pulls markers this fraction of their distance towards the camera (see the vertex shader). */
const DEPTH_BIAS = 0.015;
/** Wide enough that a crowded view shows a few hundred markers at most (fill cost in software GL). */
const DEFAULT_CLUSTER_PX = PIN_SIZE * 1.5;

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

interface Marker {
  x: number;
  y: number;
  /** Pin indices (the first is the anchor). */
  members: number[];
}

export function createPinsExtension(deps: PinsDeps): PinsExtension {
  const { ctx } = deps;
  const visuals = new PinVisuals(ctx.helperScene);
  let pins: Pin[] = [];
  let highlighted: string | null = null;
  let visible = true;
  let occluded: OccludedPins = 'hide';
  let clusterPx = DEFAULT_CLUSTER_PX;
  let markers: Marker[] = [];
  /** Anchor and count of each marker last written, to skip unchanged buffers. */
  let written: Int32Array = new Int32Array(0);
  let dirty = true;
  let disposed = false;
  const matrix = new THREE.Matrix4();

  const changed = () => {
    dirty = true;
    ctx.requestRender();
  };

  function screenPins(): ScreenPin[] {
    const camera = ctx.camera();
    camera.updateMatrixWorld();
    matrix.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    const width = ctx.canvas.clientWidth;
    const height = ctx.canvas.clientHeight;
    const out: ScreenPin[] = [];
    const e = matrix.elements;
    const shown = deps.isElementVisible;
    for (let i = 0; i < pins.length; i += 1) {
      const pin = pins[i]!;
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

  function update(): void {
    if (disposed) return;
    const camera = ctx.camera();
    const ortho = (camera as THREE.OrthographicCamera).isOrthographicCamera === true;
    const orthoCamera = camera as THREE.OrthographicCamera;
    const bias = ortho
      ? ((orthoCamera.top - orthoCamera.bottom) / orthoCamera.zoom) * DEPTH_BIAS
      : DEPTH_BIAS;
    visuals.frame(ctx.renderer?.getPixelRatio() ?? 1, ortho, bias);
    if (!visible || pins.length === 0) {
      markers = [];
    } else {
      const screen = screenPins();
      const byIndex = new Map(screen.map((s) => [s.index, s]));
      markers = clusterPins(screen, clusterPx).map((c) => {
        const anchor = byIndex.get(c.anchor)!;
        return { x: anchor.x, y: anchor.y, members: c.members };
      });
    }
    const highlightIndex = highlighted === null ? -1 : pins.findIndex((p) => p.id === highlighted);
    const signature = new Int32Array(markers.length * 3);
    markers.forEach((m, i) => {
      signature[i * 3] = m.members[0]!;
      signature[i * 3 + 1] = m.members.length;
      signature[i * 3 + 2] = m.members.includes(highlightIndex) ? 1 : 0;
    });
    const same =
      !dirty &&
      signature.length === written.length &&
      signature.every((value, i) => value === written[i]);
    if (same) return;
    dirty = false;
    written = signature;
    const origin = new THREE.Vector3(...(pins[0]?.point ?? [0, 0, 0]));
    visuals.write(
      origin,
      markers.map((m, i) => {
        const anchor = pins[m.members[0]!]!;
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
  function unobstructed(marker: Marker): boolean {
    const point = pins[marker.members[0]!]!.point;
    const hit = ctx.raycast(marker.x, marker.y);
    if (!hit) return true;
    const o = ctx.ray(marker.x, marker.y).origin;
    const along = Math.hypot(point[0] - o.x, point[1] - o.y, point[2] - o.z);
    return hit.distance >= along * (1 - DEPTH_BIAS) - 1e-3;
  }

  function markerAt(p: { x: number; y: number }): Marker | null {
    let best: Marker | null = null;
    let bestDistance = Infinity;
    for (const marker of markers) {
      const radius = (PIN_SIZE * (marker.members.length > 1 ? 1.2 : 1)) / 2 + 3;
      const d = Math.hypot(marker.x - p.x, marker.y - p.y);
      if (d <= radius && d < bestDistance) {
        best = marker;
        bestDistance = d;
      }
    }
    if (best && occluded === 'hide' && !unobstructed(best)) return null;
    return best;
  }

  const offCapture = ctx.captureClicks((p: PointerInfo) => {
    if (disposed || !visible || p.button !== 0 || ctx.getTool() === 'pin-place') return false;
    const marker = markerAt(p);
    if (!marker) return false;
    const ids = marker.members.map((i) => pins[i]!.id);
    if (ids.length > 1) {
      const box = new THREE.Box3();
      for (const i of marker.members) box.expandByPoint(new THREE.Vector3(...pins[i]!.point));
      const size = box.getSize(new THREE.Vector3()).length();
      box.expandByScalar(Math.max(size * 0.25, 0.5));
      deps.fitBox(box, !prefersReducedMotion());
    }
    ctx.emit('pin-click', { ids });
    return true;
  });

  const offTool = ctx.registerTool('pin-place', {
    onClick(p) {
      if (disposed || p.button !== 0) return false;
      const hit = ctx.raycast(p.x, p.y);
      if (!hit) return true;
      ctx.setTool('select');
      ctx.emit('pin-place', { elementId: hit.elementId, point: hit.point, normal: hit.normal });
      return true;
    },
    onKeyDown(event) {
      if (event.key !== 'Escape') return false;
      ctx.setTool('select');
      return true;
    },
  });

  const offToolChange = ctx.onToolChange((tool) => {
    const style = ctx.canvas.style;
    if (tool === 'pin-place') style.cursor = 'crosshair';
    else if (style.cursor === 'crosshair' && !tool.startsWith('measure-')) style.cursor = '';
  });

  const offRender = ctx.onBeforeRender(update);

  return {
    set(next) {
      pins = next.map((pin) => ({
        id: pin.id,
        point: [...pin.point],
        color: pin.color,
        elementId: pin.elementId ?? null,
      }));
      changed();
    },
    list: () => pins.map((pin) => ({ ...pin, point: [...pin.point] })),
    highlight(id) {
      if (id === highlighted) return;
      highlighted = id;
      changed();
    },
    setVisible(on) {
      visible = on;
      visuals.setVisible(visible, occluded === 'dim');
      changed();
    },
    setOccluded(mode) {
      occluded = mode;
      visuals.setVisible(visible, occluded === 'dim');
      ctx.requestRender();
    },
    setClusterPixels(px) {
      if (!Number.isFinite(px) || px < 0) throw new Error('Cluster distance must be >= 0 pixels');
      clusterPx = px;
      changed();
    },
    startPlacing: () => ctx.setTool('pin-place'),
    goTo(viewpoint, options = {}) {
      deps.setViewpoint(viewpoint, (options.animate ?? true) && !prefersReducedMotion());
    },
    async capture(options = {}) {
      const viewpoint = deps.getViewpoint();
      const canvasWidth = Math.max(1, ctx.canvas.clientWidth);
      const canvasHeight = Math.max(1, ctx.canvas.clientHeight);
      const width = Math.min(canvasWidth, options.maxWidth ?? 1280);
      const height = Math.max(1, Math.round((width * canvasHeight) / canvasWidth));
      const snapshot = await deps.screenshot({ width, height });
      return { viewpoint, snapshot, width, height };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      offCapture();
      offTool();
      offToolChange();
      offRender();
      visuals.dispose();
    },
  };
}
