/**
 * Section planes and the section box. The model is clipped through `ctx.setClipping('section')`
 * (planes and the box's six planes in one entry). Gizmos show while the `section-plane` or the
 * `section-box` tool is active: in both, dragging an arrow handle moves a plane or a box face
 * along its axis; with `section-plane` a click on a surface also adds a plane. Outside those tools
 * the cut stays but the gizmos are hidden, so they never cover the model in other tools.
 */
import * as THREE from 'three';
import type { SectionPlaneState, Vec3 } from '../../api-types.ts';
import type { SectionApi } from '../../api.ts';
import type { PointerInfo, ViewerContext } from '../../core/context.ts';
import { BoxGizmo, PlaneGizmo, pickHandle, worldPerPixel, type HandleTarget } from './gizmos.ts';
import {
  boxFace,
  clippingPlanes,
  cloneSectionState,
  closestAxisParam,
  cutNormalForFace,
  moveBoxFace,
  normalizeBox,
  offsetPlane,
  parseSectionState,
  planeFromPointNormal,
  type SectionState,
} from './planes.ts';

export type { SectionState } from './planes.ts';

interface Drag {
  target: HandleTarget;
  origin: Vec3;
  dir: Vec3;
  /** Parameter along the axis at the press, or null when the axis points at the viewer. */
  startParam: number | null;
  /** Press position and world units per pixel, for the screen-space fallback. */
  startY: number;
  unitsPerPixel: number;
  startState: SectionState;
}

const TOOL = 'section-plane';
/** The box's tool: its wireframe and face handles, no planes added by clicks. */
const BOX_TOOL = 'section-box';
const showsGizmos = (tool: string) => tool === TOOL || tool === BOX_TOOL;

function triangleNormal(tri: [Vec3, Vec3, Vec3]): Vec3 | null {
  const [a, b, c] = tri.map((p) => new THREE.Vector3(p[0], p[1], p[2])) as [
    THREE.Vector3,
    THREE.Vector3,
    THREE.Vector3,
  ];
  const n = b.sub(a).cross(c.sub(a));
  return n.lengthSq() > 0 ? [n.x, n.y, n.z] : null;
}

/**
 * The section tool: its state (planes and box), the gizmos that show it, and the drag of their
 * handles. The clipping goes to the core through the context; nothing else of the engine is seen.
 */
export class SectionTool implements SectionApi {
  private state: SectionState = { planes: [], box: null };
  private readonly planeGizmos = new Map<string, PlaneGizmo>();
  private boxGizmo: BoxGizmo | null = null;
  private nextId = 1;
  private drag: Drag | null = null;
  private hover: HandleTarget | null = null;
  /** A pointer-down on a handle starts a drag; the click the core may report after it is no pick. */
  private suppressClick = false;
  private gizmosShown: boolean;
  private disposed = false;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly ctx: ViewerContext) {
    this.gizmosShown = showsGizmos(ctx.getTool());
    const dragHandlers = {
      onPointerDown: (p: PointerInfo) => this.onPointerDown(p),
      onPointerMove: (p: PointerInfo) => this.onPointerMove(p),
      onPointerUp: () => {
        if (!this.drag) return false;
        this.endDrag();
        return true;
      },
      onKeyDown: (event: KeyboardEvent) => this.onKeyDown(event),
      onDeactivate: () => {
        this.endDrag();
        this.setHover(null);
      },
    };
    this.unsubscribe = [
      ctx.registerTool(TOOL, { ...dragHandlers, onClick: (p) => this.onClick(p) }),
      ctx.registerTool(BOX_TOOL, {
        ...dragHandlers,
        // Elements stay selectable while the box's handles show.
        clicksSelect: true,
        onClick: () => {
          // Only swallow the click that ends a handle drag.
          const handled = this.suppressClick;
          this.suppressClick = false;
          return handled;
        },
      }),
      ctx.onToolChange((tool) => {
        this.gizmosShown = showsGizmos(tool);
        this.syncGizmos();
      }),
      ctx.onBeforeRender(() => this.scaleGizmos()),
      ctx.onModelLoaded(() => {
        this.syncGizmos();
        ctx.requestRender();
      }),
    ];
  }

  addPlane(point: Vec3, normal: Vec3): string {
    const equation = planeFromPointNormal(point, normal);
    const id = this.newId();
    this.state.planes = [...this.state.planes, { id, ...equation, enabled: true }];
    this.commit();
    return id;
  }

  updatePlane(id: string, patch: Partial<Omit<SectionPlaneState, 'id'>>): void {
    const current = this.findPlane(id);
    if (patch.constant !== undefined && !Number.isFinite(patch.constant)) {
      throw new Error('Section plane constant must be finite');
    }
    let next: SectionPlaneState = { ...current, enabled: patch.enabled ?? current.enabled };
    if (patch.normal) {
      // A new normal alone turns the plane about its point nearest the origin.
      const c = patch.constant ?? current.constant;
      const anchor: Vec3 =
        patch.constant === undefined
          ? [-c * current.normal[0], -c * current.normal[1], -c * current.normal[2]]
          : [0, 0, 0];
      const eq = planeFromPointNormal(anchor, patch.normal);
      const len = Math.hypot(...patch.normal);
      next = {
        ...next,
        normal: eq.normal,
        constant: patch.constant === undefined ? eq.constant : c / len,
      };
    } else if (patch.constant !== undefined) {
      next = { ...next, constant: patch.constant };
    }
    this.state.planes = this.state.planes.map((p) => (p.id === id ? next : p));
    this.commit();
  }

  removePlane(id: string): void {
    if (!this.state.planes.some((p) => p.id === id)) return;
    if (this.drag?.target.kind === 'plane' && this.drag.target.id === id) this.endDrag();
    this.state.planes = this.state.planes.filter((p) => p.id !== id);
    this.commit();
  }

  setBox(box: { min: Vec3; max: Vec3 } | null): void {
    if (this.drag?.target.kind === 'box') this.endDrag();
    this.state.box = box ? { ...normalizeBox(box.min, box.max), enabled: true } : null;
    this.commit();
  }

  clear(): void {
    this.endDrag();
    this.state = { planes: [], box: null };
    this.commit();
  }

  get(): SectionState {
    return cloneSectionState(this.state);
  }

  /** The state a viewpoint stores (a copy). */
  getState(): SectionState {
    return cloneSectionState(this.state);
  }

  /** Restores a viewpoint's state, validated first (it may come from a URL). */
  setState(next: SectionState): void {
    const parsed = parseSectionState(next);
    this.endDrag();
    this.state = parsed;
    this.commit();
  }

  dispose(): void {
    if (this.disposed) return;
    this.endDrag();
    this.setHover(null);
    this.disposed = true;
    for (const undo of this.unsubscribe) undo();
    for (const gizmo of this.planeGizmos.values()) gizmo.dispose();
    this.planeGizmos.clear();
    this.boxGizmo?.dispose();
    this.boxGizmo = null;
    this.ctx.setClipping('section', []);
  }

  private modelScale(): number {
    const box = this.ctx.modelBox();
    return box.isEmpty() ? 10 : box.getSize(new THREE.Vector3()).length();
  }

  private newId(): string {
    let id: string;
    do id = `section-${this.nextId++}`;
    while (this.state.planes.some((p) => p.id === id));
    return id;
  }

  private findPlane(id: string): SectionPlaneState {
    const plane = this.state.planes.find((p) => p.id === id);
    if (!plane) throw new Error(`Unknown section plane: ${id}`);
    return plane;
  }

  private commit(): void {
    this.ctx.setClipping('section', clippingPlanes(this.state));
    this.syncGizmos();
    this.ctx.emit('section-change', cloneSectionState(this.state));
    this.ctx.requestRender();
  }

  private handleRoots(): THREE.Object3D[] {
    const roots: THREE.Object3D[] = [...this.planeGizmos.values()].map((g) => g.handle);
    if (this.boxGizmo) roots.push(...this.boxGizmo.handles);
    return roots;
  }

  private syncGizmos(): void {
    const model = this.ctx.modelBox();
    for (const [id, gizmo] of this.planeGizmos) {
      if (!this.state.planes.some((p) => p.id === id)) {
        gizmo.dispose();
        this.planeGizmos.delete(id);
      }
    }
    for (const plane of this.state.planes) {
      let gizmo = this.planeGizmos.get(plane.id);
      if (!gizmo) {
        gizmo = new PlaneGizmo(plane.id, this.ctx.helperScene, this.ctx.overlayScene);
        this.planeGizmos.set(plane.id, gizmo);
      }
      gizmo.update(plane, model, plane.enabled);
      gizmo.setVisible(this.gizmosShown);
    }
    const box = this.state.box;
    if (box) {
      this.boxGizmo ??= new BoxGizmo(this.ctx.overlayScene);
      this.boxGizmo.update(box.min, box.max, box.enabled);
      this.boxGizmo.setVisible(this.gizmosShown);
    } else if (this.boxGizmo) {
      this.boxGizmo.dispose();
      this.boxGizmo = null;
    }
    this.setHover(this.hover);
  }

  private scaleGizmos(): void {
    if (!this.gizmosShown) return;
    const camera = this.ctx.camera();
    const height = this.ctx.canvas.clientHeight;
    for (const gizmo of this.planeGizmos.values()) gizmo.scaleToScreen(camera, height);
    this.boxGizmo?.scaleToScreen(camera, height);
  }

  private setHover(target: HandleTarget | null): void {
    this.hover = target;
    const style = this.ctx.canvas.style;
    if (target) style.cursor = this.drag ? 'grabbing' : 'grab';
    else if (style.cursor === 'grab' || style.cursor === 'grabbing') style.cursor = '';
    for (const [id, gizmo] of this.planeGizmos)
      gizmo.setHover(target?.kind === 'plane' && target.id === id);
    this.boxGizmo?.setHover(target?.kind === 'box' ? target.face : null);
  }

  private endDrag(): void {
    if (!this.drag) return;
    this.drag = null;
    this.ctx.setNavigationEnabled(true);
    this.setHover(this.hover);
  }

  /** The dragged handle's axis: where it stands and the way it moves. */
  private handleAxis(target: HandleTarget): { origin: Vec3; dir: Vec3 } | null {
    if (target.kind === 'plane') {
      const pos = this.planeGizmos.get(target.id)?.handle.position;
      if (!pos) return null;
      return { origin: [pos.x, pos.y, pos.z], dir: [...this.findPlane(target.id).normal] };
    }
    const pos = this.boxGizmo?.handles[target.face]?.position;
    if (!pos) return null;
    const dir: Vec3 = [0, 0, 0];
    dir[boxFace(target.face).axis] = 1;
    return { origin: [pos.x, pos.y, pos.z], dir };
  }

  private applyDrag(delta: number): void {
    const drag = this.drag;
    if (!drag) return;
    const start = drag.startState;
    const target = drag.target;
    if (target.kind === 'plane') {
      const from = start.planes.find((p) => p.id === target.id);
      if (!from) return;
      this.state.planes = this.state.planes.map((p) =>
        p.id === target.id ? { ...p, ...offsetPlane(from, delta) } : p,
      );
    } else if (start.box && this.state.box) {
      const { axis, isMax } = boxFace(target.face);
      const from = isMax ? start.box.max[axis] : start.box.min[axis];
      const minGap = Math.max(1e-3, this.modelScale() * 1e-3);
      const moved = moveBoxFace(start.box, target.face, from + delta, minGap);
      this.state.box = { ...moved, enabled: this.state.box.enabled };
    }
    this.commit();
  }

  private onPointerDown(p: PointerInfo): boolean {
    if (this.disposed || p.button !== 0) return false;
    const ctx = this.ctx;
    const ray = ctx.ray(p.x, p.y);
    const target = this.gizmosShown ? pickHandle(ray, this.handleRoots()) : null;
    this.suppressClick = target !== null;
    if (!target) return false;
    const axis = this.handleAxis(target);
    if (!axis) return false;
    const { origin, dir } = axis;
    const at = new THREE.Vector3(...origin);
    ctx.canvas.style.cursor = 'grabbing';
    this.drag = {
      target,
      origin,
      dir,
      startParam: closestAxisParam(origin, dir, ray),
      startY: p.y,
      unitsPerPixel: worldPerPixel(ctx.camera(), at, ctx.canvas.clientHeight),
      startState: cloneSectionState(this.state),
    };
    ctx.setNavigationEnabled(false);
    p.event.preventDefault();
    return true;
  }

  private onPointerMove(p: PointerInfo): boolean {
    if (this.disposed) return false;
    const ray = this.ctx.ray(p.x, p.y);
    const drag = this.drag;
    if (drag) {
      if (drag.startParam === null) {
        // Looking straight along the axis: dragging up pushes the plane away from the viewer.
        const d = new THREE.Vector3(...drag.dir).dot(ray.direction) > 0 ? 1 : -1;
        this.applyDrag((drag.startY - p.y) * drag.unitsPerPixel * d);
      } else {
        const param = closestAxisParam(drag.origin, drag.dir, ray);
        if (param !== null) this.applyDrag(param - drag.startParam);
      }
      return true;
    }
    const target = this.gizmosShown ? pickHandle(ray, this.handleRoots()) : null;
    if (JSON.stringify(target) !== JSON.stringify(this.hover)) {
      this.setHover(target);
      this.ctx.requestRender();
    }
    return false;
  }

  private onClick(p: PointerInfo): boolean {
    if (this.disposed) return false;
    if (this.suppressClick) {
      this.suppressClick = false;
      return true;
    }
    if (p.button !== 0) return false;
    const hit = this.ctx.raycast(p.x, p.y);
    if (!hit) return false;
    const view = this.ctx.ray(p.x, p.y).direction;
    const normal = cutNormalForFace(triangleNormal(hit.triangle) ?? hit.normal, [
      view.x,
      view.y,
      view.z,
    ]);
    // Nudge the plane a hair toward the viewer so the clicked face itself stays and does not
    // flicker between clipped and drawn.
    const eps = Math.max(1e-4, this.modelScale() * 1e-5);
    const point: Vec3 = [
      hit.point[0] - normal[0] * eps,
      hit.point[1] - normal[1] * eps,
      hit.point[2] - normal[2] * eps,
    ];
    this.addPlane(point, normal);
    return true;
  }

  private onKeyDown(event: KeyboardEvent): boolean {
    if (this.disposed || !this.drag || event.key !== 'Escape') return false;
    // Esc during a drag puts everything back where the drag started.
    this.state = this.drag.startState;
    this.endDrag();
    this.commit();
    return true;
  }
}
