/** Pure camera math: standard view directions, fitting a sphere, adaptive clip planes. */
import * as THREE from 'three';
import type { StandardView, ViewInsets } from '../api-types.ts';
import {
  ISO_DIRECTION,
  fitBoxInViewPlain,
  fitBoxPlain,
  perspectiveClip,
  type PlainFit,
} from './fit-math.ts';

/** Direction from the target to the camera for each standard view (Y up; front looks at -Z). */
export function standardViewDirection(view: StandardView): THREE.Vector3 {
  switch (view) {
    case 'top':
      // Not exactly vertical so the Y-up lookAt keeps -Z ("north") at the top of the screen.
      return new THREE.Vector3(0, 1, 1e-4).normalize();
    case 'bottom':
      return new THREE.Vector3(0, -1, 1e-4).normalize();
    case 'front':
      return new THREE.Vector3(0, 0, 1);
    case 'back':
      return new THREE.Vector3(0, 0, -1);
    case 'left':
      return new THREE.Vector3(-1, 0, 0);
    case 'right':
      return new THREE.Vector3(1, 0, 0);
    case 'iso':
      return new THREE.Vector3(...ISO_DIRECTION);
  }
}

/** Camera distance from a sphere's centre so it fills the view (perspective). */
export function fitDistance(radius: number, fovDegrees: number, aspect: number): number {
  const vertical = THREE.MathUtils.degToRad(fovDegrees);
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * aspect);
  const angle = Math.min(vertical, horizontal);
  return Math.max(radius, 1e-3) / Math.sin(angle / 2);
}

/** Orthographic visible height (metres) that shows a sphere whole. */
export function fitOrthoHeight(radius: number, aspect: number): number {
  const diameter = Math.max(radius, 1e-3) * 2;
  return aspect >= 1 ? diameter : diameter / aspect;
}

/**
 * A view taken at `frameAspect` (width / height) shown on a canvas of `canvasAspect`: the
 * factor on its visible height (perspective: on the tangent of half its vertical field of view;
 * orthographic: on its height) that shows the whole of it. A wider canvas keeps the height (1),
 * a narrower one grows it until the frame's width fits.
 */
export function frameFit(frameAspect: number | undefined, canvasAspect: number): number {
  if (!frameAspect || !(frameAspect > 0) || !(canvasAspect > 0)) return 1;
  return Math.max(1, frameAspect / canvasAspect);
}

/** A vertical field of view (degrees) grown by `frameFit`'s factor. */
export function fitFov(fovDegrees: number, factor: number): number {
  if (factor <= 1) return fovDegrees;
  const half = Math.atan(Math.tan(THREE.MathUtils.degToRad(fovDegrees) / 2) * factor);
  return Math.min(170, THREE.MathUtils.radToDeg(2 * half));
}

/** The visible height at `distance` of a perspective camera (for switching to orthographic). */
export function visibleHeight(distance: number, fovDegrees: number): number {
  return 2 * distance * Math.tan(THREE.MathUtils.degToRad(fovDegrees) / 2);
}

/**
 * Camera placement framing `box` from `direction` (target -> camera): the distance at which every
 * box corner is inside both fields of view (tighter than the bounding sphere for long buildings).
 */
export function fitBox(
  box: THREE.Box3,
  direction: THREE.Vector3,
  fovDegrees: number,
  aspect: number,
  margin = 1.08,
): { position: THREE.Vector3; target: THREE.Vector3; radius: number; orthoHeight: number } {
  const fit = fitBoxPlain(
    box.min.toArray(),
    box.max.toArray(),
    direction.toArray(),
    fovDegrees,
    aspect,
    margin,
  );
  return { ...placeCamera(fit, direction), radius: fit.radius, orthoHeight: fit.orthoHeight };
}

/** A plain fit as three's camera position and target (`direction`: target -> camera). */
function placeCamera(
  fit: PlainFit,
  direction: THREE.Vector3,
): { position: THREE.Vector3; target: THREE.Vector3 } {
  const target = new THREE.Vector3(...fit.target);
  const back = direction.clone().normalize();
  return { target, position: target.clone().addScaledVector(back, fit.distance) };
}

/** `fitBoxInViewPlain` (fit-math.ts) on three's types. */
export function fitBoxInView(
  box: THREE.Box3,
  direction: THREE.Vector3,
  fovDegrees: number,
  width: number,
  height: number,
  insets: ViewInsets,
  orthographic = false,
): { position: THREE.Vector3; target: THREE.Vector3; orthoHeight: number } {
  const fit = fitBoxInViewPlain(
    box.min.toArray(),
    box.max.toArray(),
    direction.toArray(),
    fovDegrees,
    width,
    height,
    insets,
    orthographic,
  );
  return { ...placeCamera(fit, direction), orthoHeight: fit.orthoHeight };
}

/**
 * Near/far planes adapted to the model: near as far out as the nearest geometry allows (depth
 * precision), far just past the model.
 */
export function clipPlanes(
  box: THREE.Box3,
  cameraPosition: THREE.Vector3,
  orthographic: boolean,
): { near: number; far: number } {
  const sphere = box.isEmpty()
    ? new THREE.Sphere(new THREE.Vector3(), 10)
    : box.getBoundingSphere(new THREE.Sphere());
  const distance = cameraPosition.distanceTo(sphere.center);
  if (orthographic) {
    const r = Math.max(sphere.radius, 0.1);
    return { near: -(distance + r * 2), far: distance + r * 2 };
  }
  return perspectiveClip(sphere.radius, distance);
}

/** Eased interpolation (smoothstep-like) for camera transitions. */
export function easeInOut(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - Math.pow(-2 * x + 2, 3) / 2;
}
