/**
 * The two cameras (perspective and orthographic) kept in step around one target, with animated
 * transitions. Everything that moves the camera goes through here so both stay consistent.
 */
import * as THREE from 'three';
import type { ProjectionMode } from '../api-types.ts';
import { clipPlanes, easeInOut, visibleHeight } from './camera-math.ts';
import { DEFAULT_FOV } from './fit-math.ts';
import { prefersReducedMotion } from './motion.ts';

interface Transition {
  from: { position: THREE.Vector3; target: THREE.Vector3; height: number };
  to: { position: THREE.Vector3; target: THREE.Vector3; height: number };
  start: number;
  duration: number;
}

export class CameraRig {
  readonly perspective = new THREE.PerspectiveCamera(DEFAULT_FOV, 1, 0.1, 1000);
  readonly orthographic = new THREE.OrthographicCamera(-1, 1, 1, -1, -1000, 1000);
  readonly target = new THREE.Vector3();
  projection: ProjectionMode = 'perspective';
  /** Orthographic visible height in metres. */
  orthoHeight = 20;
  private aspect = 1;
  private transition: Transition | null = null;

  constructor(private readonly modelBox: () => THREE.Box3) {
    this.perspective.position.set(10, 10, 10);
  }

  camera(): THREE.PerspectiveCamera | THREE.OrthographicCamera {
    return this.projection === 'perspective' ? this.perspective : this.orthographic;
  }

  /** Position of the active camera (both share it; kept in the perspective camera). */
  get position(): THREE.Vector3 {
    return this.perspective.position;
  }

  setAspect(aspect: number): void {
    this.aspect = aspect > 0 && Number.isFinite(aspect) ? aspect : 1;
    this.update();
  }

  getAspect(): number {
    return this.aspect;
  }

  setProjection(mode: ProjectionMode): void {
    if (mode === this.projection) return;
    const distance = this.position.distanceTo(this.target);
    if (mode === 'orthographic') {
      this.orthoHeight = visibleHeight(distance, this.perspective.fov);
    } else {
      // Keep the framing: place the camera where the perspective view shows the same height.
      const wanted =
        this.orthoHeight / (2 * Math.tan(THREE.MathUtils.degToRad(this.perspective.fov) / 2));
      const direction = this.position.clone().sub(this.target).normalize();
      this.position.copy(this.target).addScaledVector(direction, wanted);
    }
    this.projection = mode;
    this.update();
  }

  /** Visible height at the target (metres): what one CSS pixel covers = this / canvas height. */
  heightAtTarget(point: THREE.Vector3 = this.target): number {
    if (this.projection === 'orthographic') return this.orthoHeight;
    const forward = this.forward();
    const depth = Math.max(point.clone().sub(this.position).dot(forward), 1e-3);
    return visibleHeight(depth, this.perspective.fov);
  }

  forward(): THREE.Vector3 {
    return this.target.clone().sub(this.position).normalize();
  }

  /** Applies position/target to both cameras and adapts near/far to the model. */
  update(): void {
    const p = this.perspective;
    p.up.set(0, 1, 0);
    p.lookAt(this.target);
    p.aspect = this.aspect;
    const box = this.modelBox();
    const persp = clipPlanes(box, p.position, false);
    p.near = persp.near;
    p.far = persp.far;
    p.updateProjectionMatrix();
    p.updateMatrixWorld();
    const o = this.orthographic;
    o.position.copy(p.position);
    o.quaternion.copy(p.quaternion);
    o.up.copy(p.up);
    const half = this.orthoHeight / 2;
    o.top = half;
    o.bottom = -half;
    o.left = -half * this.aspect;
    o.right = half * this.aspect;
    o.zoom = 1;
    const ortho = clipPlanes(box, p.position, true);
    o.near = ortho.near;
    o.far = ortho.far;
    o.updateProjectionMatrix();
    o.updateMatrixWorld();
  }

  /**
   * Moves (animated when duration > 0) to a position/target and optional ortho height. With
   * prefers-reduced-motion the move is a cut: the camera lands at once.
   */
  moveTo(
    position: THREE.Vector3,
    target: THREE.Vector3,
    options: { duration?: number; orthoHeight?: number } = {},
  ): void {
    const height = options.orthoHeight ?? this.orthoHeight;
    const duration = prefersReducedMotion() ? 0 : (options.duration ?? 0);
    if (duration <= 0) {
      this.transition = null;
      this.position.copy(position);
      this.target.copy(target);
      this.orthoHeight = height;
      this.update();
      return;
    }
    this.transition = {
      from: {
        position: this.position.clone(),
        target: this.target.clone(),
        height: this.orthoHeight,
      },
      to: { position: position.clone(), target: target.clone(), height },
      start: performance.now(),
      duration,
    };
  }

  isAnimating(): boolean {
    return this.transition !== null;
  }

  stopAnimation(): void {
    this.transition = null;
  }

  /** Advances a running transition; true while it still runs. */
  tick(now: number): boolean {
    const t = this.transition;
    if (!t) return false;
    const k = easeInOut((now - t.start) / t.duration);
    // Interpolate the view direction on the sphere so the camera swings around the target.
    const fromOffset = t.from.position.clone().sub(t.from.target);
    const toOffset = t.to.position.clone().sub(t.to.target);
    const fromLength = fromOffset.length();
    const toLength = toOffset.length();
    const q = new THREE.Quaternion().setFromUnitVectors(
      fromOffset.clone().normalize(),
      toOffset.clone().normalize(),
    );
    const rotation = new THREE.Quaternion().slerp(q, k);
    const offset = fromOffset
      .normalize()
      .applyQuaternion(rotation)
      .multiplyScalar(fromLength + (toLength - fromLength) * k);
    this.target.lerpVectors(t.from.target, t.to.target, k);
    this.position.copy(this.target).add(offset);
    this.orthoHeight = t.from.height + (t.to.height - t.from.height) * k;
    this.update();
    if (k >= 1) this.transition = null;
    return this.transition !== null;
  }
}
