/**
 * Orbit navigation on the camera rig: left drag orbits about the point under the cursor, right or
 * middle drag (or shift + left) pans, the wheel zooms to the cursor; touch: one finger orbits, two
 * fingers pinch-zoom and pan.
 */
import * as THREE from 'three';
import type { CameraRig } from './camera-rig.ts';

interface OrbitHost {
  canvas: HTMLCanvasElement;
  rig: CameraRig;
  /** World point of the model under a canvas point (null over the background). */
  pickPoint(x: number, y: number): THREE.Vector3 | null;
  ray(x: number, y: number): THREE.Ray;
  changed(): void;
}

type Drag = 'orbit' | 'pan' | null;

export class OrbitControls {
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private drag: Drag = null;
  private pivot = new THREE.Vector3();
  private pinchDistance = 0;

  constructor(private readonly host: OrbitHost) {}

  pointerDown(event: PointerEvent, x: number, y: number): void {
    this.pointers.set(event.pointerId, { x, y });
    this.host.rig.stopAnimation();
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      this.pinchDistance = Math.hypot(a.x - b.x, a.y - b.y);
      this.drag = 'pan';
      return;
    }
    const pan = event.button === 1 || event.button === 2 || (event.button === 0 && event.shiftKey);
    this.drag = pan ? 'pan' : 'orbit';
    this.pivot = this.host.pickPoint(x, y) ?? this.host.rig.target.clone();
  }

  pointerMove(event: PointerEvent, x: number, y: number): void {
    const last = this.pointers.get(event.pointerId);
    if (!last || !this.drag) return;
    const dx = x - last.x;
    const dy = y - last.y;
    if (this.pointers.size === 2) {
      // Two fingers: the midpoint pans (half each pointer's move) and the spread zooms.
      last.x = x;
      last.y = y;
      const [a, b] = [...this.pointers.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      const spread = Math.hypot(a.x - b.x, a.y - b.y);
      this.pan(dx / 2, dy / 2);
      if (this.pinchDistance > 0 && spread > 0) {
        this.zoomAt((a.x + b.x) / 2, (a.y + b.y) / 2, this.pinchDistance / spread);
      }
      this.pinchDistance = spread;
      return;
    }
    last.x = x;
    last.y = y;
    if (this.drag === 'orbit') this.orbit(dx, dy);
    else this.pan(dx, dy);
  }

  pointerUp(event: PointerEvent): void {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size === 0) this.drag = null;
    else if (this.pointers.size === 1) this.drag = 'orbit';
  }

  wheel(event: WheelEvent, x: number, y: number): void {
    event.preventDefault();
    this.host.rig.stopAnimation();
    const lines = event.deltaMode === 1 ? 30 : event.deltaMode === 2 ? 300 : 1;
    const factor = Math.exp(THREE.MathUtils.clamp(event.deltaY * lines, -300, 300) * 0.0015);
    this.zoomAt(x, y, factor);
  }

  /** Rotates camera and target about the pivot: yaw about world Y, pitch about the camera's right. */
  orbit(dx: number, dy: number): void {
    const { rig } = this.host;
    const height = this.host.canvas.clientHeight || 1;
    const yaw = (-dx / height) * Math.PI * 1.5;
    let pitch = (-dy / height) * Math.PI * 1.5;
    const forward = rig.forward();
    // Keep the view direction off the vertical (the Y-up lookAt would flip).
    const elevation = Math.asin(THREE.MathUtils.clamp(-forward.y, -1, 1));
    const limit = Math.PI / 2 - 0.01;
    pitch = THREE.MathUtils.clamp(elevation - pitch, -limit, limit) - elevation;
    pitch = -pitch;
    const right = new THREE.Vector3().crossVectors(forward, new THREE.Vector3(0, 1, 0)).normalize();
    const rotation = new THREE.Quaternion()
      .setFromAxisAngle(new THREE.Vector3(0, 1, 0), yaw)
      .multiply(new THREE.Quaternion().setFromAxisAngle(right, pitch));
    const rotate = (v: THREE.Vector3) =>
      v.sub(this.pivot).applyQuaternion(rotation).add(this.pivot);
    rotate(rig.position);
    rotate(rig.target);
    rig.update();
    this.host.changed();
  }

  pan(dx: number, dy: number): void {
    const { rig } = this.host;
    const height = this.host.canvas.clientHeight || 1;
    const metresPerPixel =
      rig.heightAtTarget(this.drag === 'pan' ? this.pivot : rig.target) / height;
    const camera = rig.perspective;
    const right = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    const up = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 1);
    const move = right
      .multiplyScalar(-dx * metresPerPixel)
      .addScaledVector(up, dy * metresPerPixel);
    rig.position.add(move);
    rig.target.add(move);
    rig.update();
    this.host.changed();
  }

  /** factor < 1 zooms in, keeping the point under (x, y) fixed on screen. */
  zoomAt(x: number, y: number, factor: number): void {
    const { rig } = this.host;
    if (rig.projection === 'orthographic') {
      const before = this.host.ray(x, y).origin.clone();
      rig.orthoHeight = THREE.MathUtils.clamp(rig.orthoHeight * factor, 0.01, 1e6);
      rig.update();
      const after = this.host.ray(x, y).origin.clone();
      const shift = before.sub(after);
      rig.position.add(shift);
      rig.target.add(shift);
      rig.update();
      this.host.changed();
      return;
    }
    const ray = this.host.ray(x, y);
    const hit = this.host.pickPoint(x, y);
    const focus =
      hit ?? ray.at(Math.max(rig.position.distanceTo(rig.target), 0.1), new THREE.Vector3());
    const distance = rig.position.distanceTo(focus);
    // Never closer than 5 cm to the focus point: the homothety would otherwise stall.
    const k = Math.max(factor, 0.05 / Math.max(distance, 1e-6));
    rig.position.sub(focus).multiplyScalar(k).add(focus);
    rig.target.sub(focus).multiplyScalar(k).add(focus);
    if (rig.position.distanceTo(rig.target) < 0.05) {
      rig.target.copy(rig.position).addScaledVector(ray.direction, 0.05);
    }
    rig.update();
    this.host.changed();
  }
}
