/**
 * The navigation facade: orbit or walk input, fitting, standard views, projection switching. It
 * implements the public NavigationApi (except the view cube, which the viewer wires in).
 */
import * as THREE from 'three';
import type { NavigationMode, ProjectionMode, StandardView, ViewInsets } from '../api-types.ts';
import { fitBoxInView, standardViewDirection } from './camera-math.ts';
import { NO_INSETS } from './fit-math.ts';
import type { CameraRig } from './camera-rig.ts';
import { OrbitControls } from './orbit.ts';
import { floorUnder, walkCamera } from './walk-start.ts';
import { WalkControls } from './walk.ts';

const TRANSITION_MS = 500;

/** What the input router hands to navigation when no tool took the event. */
export interface NavigationInput {
  pointerDown(event: PointerEvent, x: number, y: number): void;
  pointerMove(event: PointerEvent, x: number, y: number): void;
  pointerUp(event: PointerEvent, x: number, y: number): void;
  wheel(event: WheelEvent, x: number, y: number): void;
  keyDown(event: KeyboardEvent): boolean;
  keyUp(event: KeyboardEvent): void;
}

interface NavigationHost {
  canvas: HTMLCanvasElement;
  rig: CameraRig;
  /** Box of what is visible (fit all), and of given elements (fit selection). */
  visibleBox(): THREE.Box3;
  elementsBox(ids: number[]): THREE.Box3;
  pickPoint(x: number, y: number): THREE.Vector3 | null;
  /** Floor heights (world Y) of the model's storeys, lowest first; empty without storeys. */
  floors(): number[];
  ray(x: number, y: number): THREE.Ray;
  /** The camera moved or starts a transition: emit, note motion, render. */
  changed(): void;
}

export class Navigation implements NavigationInput {
  readonly orbit: OrbitControls;
  readonly walk: WalkControls;
  private mode: NavigationMode = 'orbit';
  private insets: ViewInsets = NO_INSETS;
  /**
   * Where the load's first fit put the camera, until the user touches the view: while the camera
   * is still there, new view insets (a page that measures its toolbar and panels after the first
   * frame, as the early model view does) frame the model again, as the fit would have with them.
   */
  private firstFit: { position: THREE.Vector3; target: THREE.Vector3 } | null = null;

  constructor(private readonly host: NavigationHost) {
    this.orbit = new OrbitControls({
      canvas: host.canvas,
      rig: host.rig,
      pickPoint: host.pickPoint,
      ray: host.ray,
      changed: host.changed,
    });
    this.walk = new WalkControls(
      host.rig,
      host.canvas,
      () => {
        const radius = host.visibleBox().getBoundingSphere(new THREE.Sphere()).radius;
        return THREE.MathUtils.clamp(radius / 10, 1.4, 20);
      },
      host.changed,
    );
  }

  /** Advances walking and transitions; true while more frames are needed. */
  tick(now: number): boolean {
    const walking = this.mode === 'walk' && this.walk.tick(now);
    const animating = this.host.rig.tick(now);
    return walking || animating;
  }

  pointerDown(event: PointerEvent, x: number, y: number): void {
    this.firstFit = null;
    if (this.mode === 'walk' && event.pointerType === 'mouse') this.walk.pointerDown(event, x, y);
    else this.orbit.pointerDown(event, x, y);
  }

  pointerMove(event: PointerEvent, x: number, y: number): void {
    if (this.mode === 'walk' && event.pointerType === 'mouse') this.walk.pointerMove(event, x, y);
    else this.orbit.pointerMove(event, x, y);
  }

  pointerUp(event: PointerEvent): void {
    this.walk.pointerUp(event);
    this.orbit.pointerUp(event);
  }

  wheel(event: WheelEvent, x: number, y: number): void {
    this.firstFit = null;
    this.orbit.wheel(event, x, y);
  }

  keyDown(event: KeyboardEvent): boolean {
    this.firstFit = null;
    return this.mode === 'walk' && this.walk.keyDown(event);
  }

  keyUp(event: KeyboardEvent): void {
    this.walk.keyUp(event);
  }

  getMode(): NavigationMode {
    return this.mode;
  }

  setMode(mode: NavigationMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.walk.reset();
    if (mode === 'walk') {
      // Walking needs perspective; it starts at eye height above the storey under the view
      // centre (or the lowest one), looking level at the model.
      this.setProjection('perspective');
      const { rig, canvas } = this.host;
      const { top, right, bottom, left } = this.insets;
      const x = left + (canvas.clientWidth - left - right) / 2;
      const y = top + (canvas.clientHeight - top - bottom) / 2;
      const point = this.host.pickPoint(x, y);
      const floor = floorUnder(point?.y ?? null, this.host.floors(), this.host.visibleBox().min.y);
      const start = walkCamera(rig.position, point ?? rig.target, floor);
      rig.moveTo(start.position, start.target, { duration: TRANSITION_MS });
    }
    this.host.changed();
  }

  getProjection(): ProjectionMode {
    return this.host.rig.projection;
  }

  setProjection(mode: ProjectionMode): void {
    if (mode === this.host.rig.projection) return;
    if (mode === 'orthographic' && this.mode === 'walk') this.mode = 'orbit';
    this.host.rig.setProjection(mode);
    this.host.changed();
  }

  fitAll(animate = true): void {
    this.fitTo(this.host.visibleBox(), null, animate);
  }

  fitElements(ids: number[], animate = true): void {
    const box = this.host.elementsBox(ids);
    if (box.isEmpty()) return;
    this.fitTo(box, null, animate);
  }

  setStandardView(view: StandardView, animate = true): void {
    this.fitTo(this.host.visibleBox(), standardViewDirection(view), animate);
  }

  /** A load's first view (iso, fit), which follows the view insets until the user moves it. */
  fitFirst(): void {
    this.setStandardView('iso', false);
    const { rig } = this.host;
    this.firstFit = { position: rig.position.clone(), target: rig.target.clone() };
  }

  /** A load starts with another view (a viewpoint): nothing follows the insets. */
  forgetFirstFit(): void {
    this.firstFit = null;
  }

  /**
   * The canvas edges the host page covers (toolbar, panels): fits frame the rest. While the
   * camera is where the load's first fit put it, the fit is made again with the new insets.
   */
  setViewInsets(insets: ViewInsets): void {
    const ok = (n: number) => (Number.isFinite(n) ? Math.max(0, n) : 0);
    const next = {
      top: ok(insets.top),
      right: ok(insets.right),
      bottom: ok(insets.bottom),
      left: ok(insets.left),
    };
    const before = this.insets;
    this.insets = next;
    const changed = (Object.keys(next) as (keyof ViewInsets)[]).some((k) => next[k] !== before[k]);
    const { rig } = this.host;
    const first = this.firstFit;
    if (
      changed &&
      first &&
      rig.position.equals(first.position) &&
      rig.target.equals(first.target)
    ) {
      this.fitFirst();
    }
  }

  getViewInsets(): ViewInsets {
    return { ...this.insets };
  }

  /**
   * Frames `box` from `direction` (target -> camera), or from the current direction, in the part
   * of the canvas the view insets leave free.
   */
  fitTo(box: THREE.Box3, direction: THREE.Vector3 | null, animate: boolean): void {
    const { rig, canvas } = this.host;
    const from = direction ?? rig.position.clone().sub(rig.target).normalize();
    const width = canvas.clientWidth || 1;
    const height = canvas.clientHeight || width / rig.getAspect();
    const fit = fitBoxInView(
      box,
      from,
      rig.perspective.fov,
      width,
      height,
      this.insets,
      rig.projection === 'orthographic',
    );
    rig.moveTo(fit.position, fit.target, {
      duration: animate ? TRANSITION_MS : 0,
      orthoHeight: fit.orthoHeight,
    });
    this.host.changed();
  }
}
