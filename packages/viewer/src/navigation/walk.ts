/**
 * First-person walk: W/A/S/D or the arrow keys move on the horizontal plane, Q/E down and up,
 * Shift runs; dragging the mouse looks around (the camera turns on the spot).
 */
import * as THREE from 'three';
import type { CameraRig } from './camera-rig.ts';

const KEYS: Record<string, [number, number, number]> = {
  KeyW: [0, 0, 1],
  ArrowUp: [0, 0, 1],
  KeyS: [0, 0, -1],
  ArrowDown: [0, 0, -1],
  KeyA: [-1, 0, 0],
  ArrowLeft: [-1, 0, 0],
  KeyD: [1, 0, 0],
  ArrowRight: [1, 0, 0],
  KeyE: [0, 1, 0],
  KeyQ: [0, -1, 0],
};

export class WalkControls {
  private readonly held = new Set<string>();
  private run = false;
  private last = 0;
  private look: { x: number; y: number; id: number } | null = null;

  constructor(
    private readonly rig: CameraRig,
    private readonly canvas: HTMLCanvasElement,
    private readonly speed: () => number,
    private readonly changed: () => void,
  ) {}

  keyDown(event: KeyboardEvent): boolean {
    if (!(event.code in KEYS) || event.ctrlKey || event.metaKey || event.altKey) return false;
    this.run = event.shiftKey;
    if (!this.held.has(event.code)) {
      this.held.add(event.code);
      this.last = performance.now();
      this.changed();
    }
    return true;
  }

  keyUp(event: KeyboardEvent): void {
    this.held.delete(event.code);
    this.run = event.shiftKey;
  }

  isMoving(): boolean {
    return this.held.size > 0;
  }

  /** Moves the camera by the keys held; true while any is held. */
  tick(now: number): boolean {
    if (this.held.size === 0) return false;
    const seconds = Math.min(0.1, Math.max(0, (now - this.last) / 1000));
    this.last = now;
    const move = new THREE.Vector3();
    for (const code of this.held) {
      const [x, y, z] = KEYS[code]!;
      move.x += x;
      move.y += y;
      move.z += z;
    }
    const forward = this.rig.forward().setY(0);
    if (forward.lengthSq() < 1e-8) forward.set(0, 0, -1);
    forward.normalize();
    const right = new THREE.Vector3().crossVectors(forward, new THREE.Vector3(0, 1, 0));
    const step = this.speed() * (this.run ? 3 : 1) * seconds;
    const delta = forward
      .multiplyScalar(move.z)
      .addScaledVector(right, move.x)
      .add(new THREE.Vector3(0, move.y, 0));
    if (delta.lengthSq() > 0) delta.normalize().multiplyScalar(step);
    this.rig.position.add(delta);
    this.rig.target.add(delta);
    this.rig.update();
    return true;
  }

  pointerDown(event: PointerEvent, x: number, y: number): void {
    this.look = { x, y, id: event.pointerId };
  }

  pointerMove(event: PointerEvent, x: number, y: number): void {
    if (!this.look || this.look.id !== event.pointerId) return;
    const dx = x - this.look.x;
    const dy = y - this.look.y;
    this.look.x = x;
    this.look.y = y;
    const height = this.canvas.clientHeight || 1;
    const offset = this.rig.target.clone().sub(this.rig.position);
    const distance = Math.max(offset.length(), 1);
    const spherical = new THREE.Spherical().setFromVector3(offset);
    spherical.theta -= (dx / height) * Math.PI;
    spherical.phi = THREE.MathUtils.clamp(
      spherical.phi + (dy / height) * Math.PI,
      0.05,
      Math.PI - 0.05,
    );
    spherical.radius = distance;
    this.rig.target.copy(this.rig.position).add(new THREE.Vector3().setFromSpherical(spherical));
    this.rig.update();
    this.changed();
  }

  pointerUp(event: PointerEvent): void {
    if (this.look?.id === event.pointerId) this.look = null;
  }

  reset(): void {
    this.held.clear();
    this.look = null;
  }
}
