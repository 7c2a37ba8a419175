/**
 * The camera fit on plain numbers, without three.js: the engine's navigation (camera-math.ts)
 * and the three-free model preview (preview/) frame a model the same way, so the engine's first
 * frame lands exactly where the preview's was.
 */
import type { ViewInsets } from '../api-types.ts';

export type Triple = [number, number, number];

/** Direction from the target to the camera of a load's first view (see standardViewDirection). */
export const ISO_DIRECTION: Triple = normalize([1, 0.8, 1]);

/** Vertical field of view of the engine's perspective camera, degrees. */
export const DEFAULT_FOV = 45;

export function normalize(v: Triple): Triple {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

export function cross(a: Triple, b: Triple): Triple {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

const dot = (a: Triple, b: Triple) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The camera's right and up axes looking along -`back` with Y up (as three's lookAt). */
export function viewAxes(back: Triple): { right: Triple; up: Triple } {
  const forward: Triple = [-back[0], -back[1], -back[2]];
  let right = cross(forward, [0, 1, 0]);
  right = dot(right, right) < 1e-12 ? [1, 0, 0] : normalize(right);
  return { right, up: normalize(cross(right, forward)) };
}

export interface PlainFit {
  target: Triple;
  /** Camera distance from the target along the direction. */
  distance: number;
  /** Bounding sphere radius of the framed box. */
  radius: number;
  orthoHeight: number;
}

/**
 * Framing the box `min`..`max` from `direction` (target -> camera): the distance at which every
 * box corner is inside both fields of view (tighter than the bounding sphere for long buildings).
 * An empty box (min > max) frames -1..1.
 */
export function fitBoxPlain(
  min: Triple,
  max: Triple,
  direction: Triple,
  fovDegrees: number,
  aspect: number,
  margin = 1.08,
): PlainFit {
  const empty = min[0] > max[0] || min[1] > max[1] || min[2] > max[2];
  const lo: Triple = empty ? [-1, -1, -1] : min;
  const hi: Triple = empty ? [1, 1, 1] : max;
  const center: Triple = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2];
  const radius = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2;
  const back = normalize(direction);
  const forward: Triple = [-back[0], -back[1], -back[2]];
  const { right, up } = viewAxes(back);
  const tanV = Math.tan((fovDegrees * Math.PI) / 180 / 2);
  const tanH = tanV * aspect;
  let distance = 0;
  let halfWidth = 0;
  let halfHeight = 0;
  for (let c = 0; c < 8; c++) {
    const corner: Triple = [
      (c & 1 ? hi[0] : lo[0]) - center[0],
      (c & 2 ? hi[1] : lo[1]) - center[1],
      (c & 4 ? hi[2] : lo[2]) - center[2],
    ];
    const x = Math.abs(dot(corner, right));
    const y = Math.abs(dot(corner, up));
    const z = dot(corner, forward);
    halfWidth = Math.max(halfWidth, x);
    halfHeight = Math.max(halfHeight, y);
    distance = Math.max(distance, x / tanH - z, y / tanV - z);
  }
  return {
    target: center,
    distance: Math.max(distance * margin, 1e-3),
    radius,
    orthoHeight: Math.max(2 * halfHeight, (2 * halfWidth) / aspect, 1e-3) * margin,
  };
}

/** Nothing of the canvas covered. */
export const NO_INSETS: ViewInsets = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * `fitBoxPlain` into the part of a `width` x `height` canvas that `insets` leave uncovered: the
 * box is framed by that rectangle's share of the field of view and its centre lands in the
 * rectangle's centre (the target moves sideways by the rectangle's offset from the canvas
 * centre). The engine's fits and the preview both use it, so a page that knows its toolbar
 * before the first frame frames the model once.
 */
export function fitBoxInViewPlain(
  min: Triple,
  max: Triple,
  direction: Triple,
  fovDegrees: number,
  width: number,
  height: number,
  insets: ViewInsets,
  orthographic = false,
): PlainFit {
  const W = Math.max(width, 1);
  const H = Math.max(height, 1);
  // Never less than a quarter of each side, however much the host says is covered.
  const clampPair = (a: number, b: number, size: number): [number, number] => {
    const x = Math.max(0, a);
    const y = Math.max(0, b);
    const scale = x + y > size * 0.75 ? (size * 0.75) / (x + y) : 1;
    return [x * scale, y * scale];
  };
  const [left, right] = clampPair(insets.left, insets.right, W);
  const [top, bottom] = clampPair(insets.top, insets.bottom, H);
  const w = W - left - right;
  const h = H - top - bottom;
  const tanV = Math.tan((fovDegrees * Math.PI) / 180 / 2);
  const innerFov = (2 * Math.atan((tanV * h) / H) * 180) / Math.PI;
  const fit = fitBoxPlain(min, max, direction, innerFov, w / h);
  const orthoHeight = (fit.orthoHeight * H) / h;
  const axes = viewAxes(normalize(direction));
  // Where the box centre must appear, from the canvas centre (CSS px, y down).
  const dx = (left - right) / 2;
  const dy = (top - bottom) / 2;
  const perPixel = orthographic ? orthoHeight / H : (2 * fit.distance * tanV) / H;
  const target = fit.target.map(
    (v, axis) => v - axes.right[axis]! * dx * perPixel + axes.up[axis]! * dy * perPixel,
  ) as Triple;
  return { target, distance: fit.distance, radius: fit.radius, orthoHeight };
}

/**
 * Near/far of a perspective camera `distance` from the centre of a model of bounding `radius`:
 * near as far out as the nearest geometry allows (depth precision), far just past the model.
 */
export function perspectiveClip(radius: number, distance: number): { near: number; far: number } {
  const r = Math.max(radius, 0.1);
  const near = Math.max(r * 1e-4, 0.01, (distance - r) * 0.9);
  return { near, far: Math.max(near * 2, distance + r * 1.5) };
}
