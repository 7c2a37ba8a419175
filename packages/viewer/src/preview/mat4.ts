/**
 * The 4×4 matrix operations the preview needs beyond the format's (@truss/viewable/mat4),
 * column-major like WebGL and glTF: rather than three.js (the point of the preview) or a matrix
 * library for a few functions.
 */
import { identity, type Mat4 } from '@truss/viewable/mat4';
import type { Triple } from '../navigation/fit-math.ts';

export type { Mat4 } from '@truss/viewable/mat4';
export { composeTrs, multiply } from '@truss/viewable/mat4';

export interface Box {
  min: Triple;
  max: Triple;
}

export const IDENTITY: Mat4 = identity();

/** Grows `into` by the axis-aligned box of `box`'s eight corners through `m`. */
export function transformBox(box: Box, m: Mat4, into: Box): void {
  for (let c = 0; c < 8; c++) {
    const x = c & 1 ? box.max[0] : box.min[0];
    const y = c & 2 ? box.max[1] : box.min[1];
    const z = c & 4 ? box.max[2] : box.min[2];
    for (let axis = 0; axis < 3; axis++) {
      const v = m[axis]! * x + m[4 + axis]! * y + m[8 + axis]! * z + m[12 + axis]!;
      if (v < into.min[axis]!) into.min[axis] = v;
      if (v > into.max[axis]!) into.max[axis] = v;
    }
  }
}

/** The view matrix of a camera at `eye` looking at `target`, Y up (three's lookAt). */
export function lookAt(eye: Triple, target: Triple, right: Triple, up: Triple): Mat4 {
  const back = [eye[0] - target[0], eye[1] - target[1], eye[2] - target[2]] as Triple;
  const length = Math.hypot(...back) || 1;
  const z = back.map((v) => v / length) as Triple;
  const dot = (a: Triple, b: Triple) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  return Float64Array.of(
    right[0],
    up[0],
    z[0],
    0,
    right[1],
    up[1],
    z[1],
    0,
    right[2],
    up[2],
    z[2],
    0,
    -dot(right, eye),
    -dot(up, eye),
    -dot(z, eye),
    1,
  );
}

export function perspective(fovDegrees: number, aspect: number, near: number, far: number): Mat4 {
  const f = 1 / Math.tan((fovDegrees * Math.PI) / 360);
  const out = new Float64Array(16);
  out[0] = f / aspect;
  out[5] = f;
  out[10] = (far + near) / (near - far);
  out[11] = -1;
  out[14] = (2 * far * near) / (near - far);
  return out;
}
