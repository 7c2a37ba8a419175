/**
 * The navigation facade: orbit or walk input, fitting, standard views, projection switching. It
 * implements the public NavigationApi (except the view cube, which the viewer wires in).
 */
import * as THREE from 'three';
import type { NavigationMode, ProjectionMode, StandardView } from '../api.ts';
import type { NavigationInput } from '../core/input.ts';
import { fitBox, standardViewDirection } from './camera-math.ts';
import type { CameraRig } from './camera-rig.ts';
import { OrbitControls } from './orbit.ts';
import { WalkControls } from './walk.ts';

const TRANSITION_MS = 500;

export interface NavigationHost {
  canvas: HTMLCanvasElement;
  rig: CameraRig;
  /** Box of what is visible (fit all), and of given elements (fit selection). */
  visibleBox(): THREE.Box3;
  elementsBox(ids: number[]): THREE.Box3;
  pickPoint(x: number, y: number): THREE.Vector3 | null;
  ray(x: number, y: number): THREE.Ray;
  /** The camera moved or starts a transition: emit, note motion, render. */
  changed(): void;
}

export class Navigation implements NavigationInput {
  readonly orbit: OrbitControls;
  readonly walk: WalkControls;
  private mode: NavigationMode = 'orbit';

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
    this.orbit.wheel(event, x, y);
  }

  keyDown(event: KeyboardEvent): boolean {
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
      // Walking needs perspective and a level view.
      this.setProjection('perspective');
      const { rig } = this.host;
      const forward = rig.forward().setY(0);
      if (forward.lengthSq() < 1e-6) forward.set(0, 0, -1);
      rig.moveTo(rig.position, rig.position.clone().add(forward.normalize()), {});
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

  /** Frames `box` from `direction` (target -> camera), or from the current direction. */
  fitTo(box: THREE.Box3, direction: THREE.Vector3 | null, animate: boolean): void {
    const { rig } = this.host;
    const from = direction ?? rig.position.clone().sub(rig.target).normalize();
    const fit = fitBox(box, from, rig.perspective.fov, rig.getAspect());
    rig.moveTo(fit.position, fit.target, {
      duration: animate ? TRANSITION_MS : 0,
      orthoHeight: fit.orthoHeight,
    });
    this.host.changed();
  }
}
