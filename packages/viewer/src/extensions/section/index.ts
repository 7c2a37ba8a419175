/**
 * Section planes and the section box. The model is clipped through `ctx.setClipping('section')`
 * (planes and the box's six planes in one entry). Gizmos show while the `section-plane` or the
 * `section-box` tool is active: in both, dragging an arrow handle moves a plane or a box face
 * along its axis; with `section-plane` a click on a surface also adds a plane. Outside those tools
 * the cut stays but the gizmos are hidden, so they never cover the model in other tools.
 */
import * as THREE from 'three';
import type { SectionApi, SectionPlaneState, Vec3 } from '../../api.ts';
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

export interface SectionExtension extends SectionApi {
  getState(): SectionState;
  setState(state: SectionState): void;
  dispose(): void;
}

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

export function createSectionExtension(ctx: ViewerContext): SectionExtension {
  let state: SectionState = { planes: [], box: null };
  const planeGizmos = new Map<string, PlaneGizmo>();
  let boxGizmo: BoxGizmo | null = null;
  let nextId = 1;
  let drag: Drag | null = null;
  let hover: HandleTarget | null = null;
  // A pointer-down on a handle starts a drag; the click the core may report after it is not a pick.
  let suppressClick = false;
  let gizmosShown = showsGizmos(ctx.getTool());
  let disposed = false;

  const modelScale = () => {
    const box = ctx.modelBox();
    return box.isEmpty() ? 10 : box.getSize(new THREE.Vector3()).length();
  };

  function newId(): string {
    let id: string;
    do id = `section-${nextId++}`;
    while (state.planes.some((p) => p.id === id));
    return id;
  }

  function handleRoots(): THREE.Object3D[] {
    const roots: THREE.Object3D[] = [...planeGizmos.values()].map((g) => g.handle);
    if (boxGizmo) roots.push(...boxGizmo.handles);
    return roots;
  }

  function syncGizmos(): void {
    const model = ctx.modelBox();
    for (const [id, gizmo] of planeGizmos) {
      if (!state.planes.some((p) => p.id === id)) {
        gizmo.dispose();
        planeGizmos.delete(id);
      }
    }
    for (const plane of state.planes) {
      let gizmo = planeGizmos.get(plane.id);
      if (!gizmo) {
        gizmo = new PlaneGizmo(plane.id, ctx.helperScene, ctx.overlayScene);
        planeGizmos.set(plane.id, gizmo);
      }
      gizmo.update(plane, model, plane.enabled);
      gizmo.setVisible(gizmosShown);
    }
    if (state.box) {
      boxGizmo ??= new BoxGizmo(ctx.overlayScene);
      boxGizmo.update(state.box.min, state.box.max, state.box.enabled);
      boxGizmo.setVisible(gizmosShown);
    } else if (boxGizmo) {
      boxGizmo.dispose();
      boxGizmo = null;
    }
    setHover(hover);
  }

  function setHover(target: HandleTarget | null): void {
    hover = target;
    const style = ctx.canvas.style;
    if (target) style.cursor = drag ? 'grabbing' : 'grab';
    else if (style.cursor === 'grab' || style.cursor === 'grabbing') style.cursor = '';
    for (const [id, gizmo] of planeGizmos)
      gizmo.setHover(target?.kind === 'plane' && target.id === id);
    boxGizmo?.setHover(target?.kind === 'box' ? target.face : null);
  }

  function commit(): void {
    ctx.setClipping('section', clippingPlanes(state));
    syncGizmos();
    ctx.emit('section-change', cloneSectionState(state));
    ctx.requestRender();
  }

  function findPlane(id: string): SectionPlaneState {
    const plane = state.planes.find((p) => p.id === id);
    if (!plane) throw new Error(`Unknown section plane: ${id}`);
    return plane;
  }

  function endDrag(): void {
    if (!drag) return;
    drag = null;
    ctx.setNavigationEnabled(true);
    setHover(hover);
  }

  function applyDrag(delta: number): void {
    if (!drag) return;
    const start = drag.startState;
    const target = drag.target;
    if (target.kind === 'plane') {
      const from = start.planes.find((p) => p.id === target.id);
      if (!from) return;
      state.planes = state.planes.map((p) =>
        p.id === target.id ? { ...p, ...offsetPlane(from, delta) } : p,
      );
    } else if (start.box && state.box) {
      const { axis, isMax } = boxFace(target.face);
      const from = isMax ? start.box.max[axis] : start.box.min[axis];
      const moved = moveBoxFace(
        start.box,
        target.face,
        from + delta,
        Math.max(1e-3, modelScale() * 1e-3),
      );
      state.box = { ...moved, enabled: state.box.enabled };
    }
    commit();
  }

  function onPointerDown(p: PointerInfo): boolean {
    if (disposed || p.button !== 0) return false;
    const ray = ctx.ray(p.x, p.y);
    const target = gizmosShown ? pickHandle(ray, handleRoots()) : null;
    suppressClick = target !== null;
    if (!target) return false;
    let origin: Vec3;
    let dir: Vec3;
    if (target.kind === 'plane') {
      const gizmo = planeGizmos.get(target.id);
      if (!gizmo) return false;
      const pos = gizmo.handle.position;
      origin = [pos.x, pos.y, pos.z];
      dir = [...findPlane(target.id).normal];
    } else {
      const pos = boxGizmo?.handles[target.face]?.position;
      if (!pos) return false;
      origin = [pos.x, pos.y, pos.z];
      dir = [0, 0, 0];
      dir[boxFace(target.face).axis] = 1;
    }
    const startParam = closestAxisParam(origin, dir, ray);
    const unitsPerPixel = worldPerPixel(
      ctx.camera(),
      new THREE.Vector3(...origin),
      ctx.canvas.clientHeight,
    );
    ctx.canvas.style.cursor = 'grabbing';
    drag = {
      target,
      origin,
      dir,
      startParam,
      startY: p.y,
      unitsPerPixel,
      startState: cloneSectionState(state),
    };
    ctx.setNavigationEnabled(false);
    p.event.preventDefault();
    return true;
  }

  function onPointerMove(p: PointerInfo): boolean {
    if (disposed) return false;
    const ray = ctx.ray(p.x, p.y);
    if (drag) {
      if (drag.startParam === null) {
        // Looking straight along the axis: dragging up pushes the plane away from the viewer.
        const d = new THREE.Vector3(...drag.dir).dot(ray.direction) > 0 ? 1 : -1;
        applyDrag((drag.startY - p.y) * drag.unitsPerPixel * d);
      } else {
        const param = closestAxisParam(drag.origin, drag.dir, ray);
        if (param !== null) applyDrag(param - drag.startParam);
      }
      return true;
    }
    const target = gizmosShown ? pickHandle(ray, handleRoots()) : null;
    if (JSON.stringify(target) !== JSON.stringify(hover)) {
      setHover(target);
      ctx.requestRender();
    }
    return false;
  }

  function onClick(p: PointerInfo): boolean {
    if (disposed) return false;
    if (suppressClick) {
      suppressClick = false;
      return true;
    }
    if (p.button !== 0) return false;
    const hit = ctx.raycast(p.x, p.y);
    if (!hit) return false;
    const view = ctx.ray(p.x, p.y).direction;
    const normal = cutNormalForFace(triangleNormal(hit.triangle) ?? hit.normal, [
      view.x,
      view.y,
      view.z,
    ]);
    // Nudge the plane a hair toward the viewer so the clicked face itself stays and does not
    // flicker between clipped and drawn.
    const eps = Math.max(1e-4, modelScale() * 1e-5);
    const point: Vec3 = [
      hit.point[0] - normal[0] * eps,
      hit.point[1] - normal[1] * eps,
      hit.point[2] - normal[2] * eps,
    ];
    api.addPlane(point, normal);
    return true;
  }

  function onKeyDown(event: KeyboardEvent): boolean {
    if (disposed || !drag || event.key !== 'Escape') return false;
    // Esc during a drag puts everything back where the drag started.
    state = drag.startState;
    endDrag();
    commit();
    return true;
  }

  const dragHandlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: () => {
      if (!drag) return false;
      endDrag();
      return true;
    },
    onKeyDown,
    onDeactivate: () => {
      endDrag();
      setHover(null);
    },
  };
  const unregisterPlane = ctx.registerTool(TOOL, { ...dragHandlers, onClick });
  const unregisterBox = ctx.registerTool(BOX_TOOL, {
    ...dragHandlers,
    // Elements stay selectable while the box's handles show.
    clicksSelect: true,
    onClick: () => {
      // Only swallow the click that ends a handle drag.
      const handled = suppressClick;
      suppressClick = false;
      return handled;
    },
  });

  const offTool = ctx.onToolChange((tool) => {
    gizmosShown = showsGizmos(tool);
    syncGizmos();
  });
  const offRender = ctx.onBeforeRender(() => {
    if (!gizmosShown) return;
    const camera = ctx.camera();
    const height = ctx.canvas.clientHeight;
    for (const gizmo of planeGizmos.values()) gizmo.scaleToScreen(camera, height);
    boxGizmo?.scaleToScreen(camera, height);
  });
  const offLoaded = ctx.onModelLoaded(() => {
    syncGizmos();
    ctx.requestRender();
  });

  const api: SectionExtension = {
    addPlane(point, normal) {
      const equation = planeFromPointNormal(point, normal);
      const id = newId();
      state.planes = [...state.planes, { id, ...equation, enabled: true }];
      commit();
      return id;
    },
    updatePlane(id, patch) {
      const current = findPlane(id);
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
      state.planes = state.planes.map((p) => (p.id === id ? next : p));
      commit();
    },
    removePlane(id) {
      if (!state.planes.some((p) => p.id === id)) return;
      if (drag?.target.kind === 'plane' && drag.target.id === id) endDrag();
      state.planes = state.planes.filter((p) => p.id !== id);
      commit();
    },
    setBox(box) {
      if (drag?.target.kind === 'box') endDrag();
      state.box = box ? { ...normalizeBox(box.min, box.max), enabled: true } : null;
      commit();
    },
    clear() {
      endDrag();
      state = { planes: [], box: null };
      commit();
    },
    get: () => cloneSectionState(state),
    getState: () => cloneSectionState(state),
    setState(next) {
      const parsed = parseSectionState(next);
      endDrag();
      state = parsed;
      commit();
    },
    dispose() {
      if (disposed) return;
      endDrag();
      setHover(null);
      disposed = true;
      unregisterPlane();
      unregisterBox();
      offTool();
      offRender();
      offLoaded();
      for (const gizmo of planeGizmos.values()) gizmo.dispose();
      planeGizmos.clear();
      boxGizmo?.dispose();
      boxGizmo = null;
      ctx.setClipping('section', []);
    },
  };
  return api;
}
