import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { StandardView } from '../api-types.ts';
import {
  clipPlanes,
  easeInOut,
  fitBox,
  fitDistance,
  fitBoxInView,
  fitFov,
  fitOrthoHeight,
  frameFit,
  standardViewDirection,
} from './camera-math.ts';

describe('camera math', () => {
  it('places the camera so the bounding sphere fits the narrower field of view', () => {
    for (const aspect of [0.5, 1, 2]) {
      const distance = fitDistance(10, 45, aspect);
      const vertical = THREE.MathUtils.degToRad(45);
      const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * aspect);
      // The sphere's tangent cone from the camera stays inside both half-angles.
      const half = Math.asin(10 / distance);
      expect(half).toBeLessThanOrEqual(Math.min(vertical, horizontal) / 2 + 1e-9);
      expect(half).toBeGreaterThan(Math.min(vertical, horizontal) / 2 - 1e-6);
    }
  });

  it('shows the whole of a view taken at another aspect: same width on a narrower canvas', () => {
    const tan = (deg: number) => Math.tan(THREE.MathUtils.degToRad(deg) / 2);
    // Taken at 1280 x 800 with 60 degrees vertical; shown on a 390 x 844 phone.
    const frame = 1.6;
    const phone = 390 / 844;
    const fov = fitFov(60, frameFit(frame, phone));
    // The phone's horizontal half-extent equals the laptop's: the whole frame width shows.
    expect(tan(fov) * phone).toBeCloseTo(tan(60) * frame, 9);
    // A wider canvas (1600 x 700) keeps the vertical field of view (the frame's height).
    expect(frameFit(frame, 1600 / 700)).toBe(1);
    expect(fitFov(60, frameFit(frame, 1600 / 700))).toBe(60);
    // Orthographic: the height grows by the same factor; no aspect known: nothing changes.
    expect(frameFit(frame, phone)).toBeCloseTo(1.6 / phone, 12);
    expect(frameFit(undefined, phone)).toBe(1);
  });

  it('sizes orthographic views to the sphere on the narrow side', () => {
    expect(fitOrthoHeight(5, 2)).toBe(10);
    expect(fitOrthoHeight(5, 0.5)).toBe(20);
  });

  it('looks at the box centre from the standard directions', () => {
    const box = new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(10, 4, 20));
    const expected: Record<StandardView, [number, number, number]> = {
      top: [0, 1, 0],
      bottom: [0, -1, 0],
      front: [0, 0, 1],
      back: [0, 0, -1],
      left: [-1, 0, 0],
      right: [1, 0, 0],
      iso: [1, 0.8, 1],
    };
    for (const [view, direction] of Object.entries(expected) as Array<
      [StandardView, [number, number, number]]
    >) {
      const fit = fitBox(box, standardViewDirection(view), 45, 1.5);
      expect(fit.target.toArray()).toEqual([5, 2, 10]);
      const seen = fit.position.clone().sub(fit.target).normalize();
      const want = new THREE.Vector3(...direction).normalize();
      expect(seen.angleTo(want)).toBeLessThan(1e-3);
    }
  });

  it('frames every corner of the box inside the view', () => {
    const box = new THREE.Box3(new THREE.Vector3(-50, 0, -5), new THREE.Vector3(50, 10, 5));
    for (const view of ['front', 'top', 'iso', 'right'] as StandardView[]) {
      const aspect = 1.5;
      const fit = fitBox(box, standardViewDirection(view), 45, aspect);
      const camera = new THREE.PerspectiveCamera(45, aspect, 0.1, 1000);
      camera.position.copy(fit.position);
      camera.lookAt(fit.target);
      camera.updateMatrixWorld();
      let extent = 0;
      for (let c = 0; c < 8; c++) {
        const p = new THREE.Vector3(c & 1 ? 50 : -50, c & 2 ? 10 : 0, c & 4 ? 5 : -5).project(
          camera,
        );
        expect(Math.abs(p.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(p.y)).toBeLessThanOrEqual(1);
        extent = Math.max(extent, Math.abs(p.x), Math.abs(p.y));
      }
      // Tighter than a bounding-sphere fit (which leaves this box at about 0.57 from the front).
      expect(extent).toBeGreaterThan(0.65);
    }
  });

  it('keeps near/far around the model (depth precision without clipping it)', () => {
    const box = new THREE.Box3(new THREE.Vector3(-10, -10, -10), new THREE.Vector3(10, 10, 10));
    const radius = Math.sqrt(300);
    const far = clipPlanes(box, new THREE.Vector3(0, 0, 100), false);
    expect(far.near).toBeLessThanOrEqual(100 - radius);
    expect(far.near).toBeGreaterThan(10);
    expect(far.far).toBeGreaterThanOrEqual(100 + radius);
    const inside = clipPlanes(box, new THREE.Vector3(0, 0, 0), false);
    expect(inside.near).toBeLessThanOrEqual(0.01);
    expect(inside.far).toBeGreaterThanOrEqual(radius);
    const ortho = clipPlanes(box, new THREE.Vector3(0, 0, 100), true);
    expect(ortho.near).toBeLessThan(0);
    expect(ortho.far).toBeGreaterThan(100 + radius);
  });

  it('eases from 0 to 1 monotonically', () => {
    let last = -1;
    for (let t = 0; t <= 1; t += 0.05) {
      const value = easeInOut(t);
      expect(value).toBeGreaterThanOrEqual(last);
      last = value;
    }
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(2)).toBe(1);
  });

  it('fits a box into the part of the canvas the insets leave free', () => {
    const box = new THREE.Box3(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
    const [width, height] = [800, 600];
    const insets = { top: 0, right: 0, bottom: 150, left: 200 };
    const fit = fitBoxInView(box, new THREE.Vector3(1, 0.8, 1), 45, width, height, insets);
    const camera = new THREE.PerspectiveCamera(45, width / height, 0.01, 1000);
    camera.position.copy(fit.position);
    camera.lookAt(fit.target);
    camera.updateMatrixWorld();
    const xs: number[] = [];
    const ys: number[] = [];
    for (let c = 0; c < 8; c++) {
      const p = new THREE.Vector3(c & 1 ? 1 : -1, c & 2 ? 1 : -1, c & 4 ? 1 : -1).project(camera);
      xs.push(((p.x + 1) / 2) * width);
      ys.push(((1 - p.y) / 2) * height);
    }
    // Every corner inside the free rectangle (x from 200, y up to 450), and the box fills it.
    expect(Math.min(...xs)).toBeGreaterThan(200);
    expect(Math.max(...xs)).toBeLessThan(800);
    expect(Math.min(...ys)).toBeGreaterThan(0);
    expect(Math.max(...ys)).toBeLessThan(450);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(450 * 0.7);
  });
});
