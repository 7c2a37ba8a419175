/**
 * The few 4×4 matrix operations the preview needs, column-major like WebGL and glTF. Kept here
 * rather than taking three.js (the point of the preview) or a matrix library for six functions.
 */
import type { Triple } from '../navigation/fit-math.ts';

export type Mat4 = Float64Array;

export interface Box {
  min: Triple;
  max: Triple;
}

export const IDENTITY: Mat4 = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

export function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Float64Array(16);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row]! * b[col * 4 + k]!;
      out[col * 4 + row] = sum;
    }
  }
  return out;
}

/** Translation × rotation (unit quaternion x, y, z, w) × scale. */
export function composeTrs(t: readonly number[], q: readonly number[], s: readonly number[]): Mat4 {
  const [x = 0, y = 0, z = 0, w = 1] = q;
  const [sx = 1, sy = 1, sz = 1] = s;
  const x2 = x + x;
  const y2 = y + y;
  const z2 = z + z;
  const xx = x * x2;
  const xy = x * y2;
  const xz = x * z2;
  const yy = y * y2;
  const yz = y * z2;
  const zz = z * z2;
  const wx = w * x2;
  const wy = w * y2;
  const wz = w * z2;
  return Float64Array.of(
    (1 - (yy + zz)) * sx,
    (xy + wz) * sx,
    (xz - wy) * sx,
    0,
    (xy - wz) * sy,
    (1 - (xx + zz)) * sy,
    (yz + wx) * sy,
    0,
    (xz + wy) * sz,
    (yz - wx) * sz,
    (1 - (xx + yy)) * sz,
    0,
    t[0] ?? 0,
    t[1] ?? 0,
    t[2] ?? 0,
    1,
  );
}

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
