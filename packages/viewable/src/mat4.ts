/**
 * Column-major 4×4 matrices in float64, as glTF stores node and instance transforms (the
 * coordinates of big sites need doubles): written by the converter, read back by the viewer's
 * preview, which has no three.js to do it.
 */
export type Mat4 = Float64Array;

export function identity(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

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

/** Translation × rotation (unit quaternion x, y, z, w) × scale, as glTF composes a node's TRS. */
export function composeTrs(t: readonly number[], q: readonly number[], s: readonly number[]): Mat4 {
  const [x = 0, y = 0, z = 0, w = 1] = q;
  const [sx = 1, sy = 1, sz = 1] = s;
  const [xx, yy, zz] = [x * x * 2, y * y * 2, z * z * 2];
  const [xy, xz, yz] = [x * y * 2, x * z * 2, y * z * 2];
  const [wx, wy, wz] = [w * x * 2, w * y * 2, w * z * 2];
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
