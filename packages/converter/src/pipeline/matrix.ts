/** Column-major 4x4 matrix helpers in float64 (coordinates of big sites need doubles). */
import { identity, type Mat4 } from '@truss/viewable/mat4';

export { identity, multiply, type Mat4 } from '@truss/viewable/mat4';

export function translation(x: number, y: number, z: number): Mat4 {
  const m = identity();
  m[12] = x;
  m[13] = y;
  m[14] = z;
  return m;
}

export function scaling(s: number): Mat4 {
  const m = identity();
  m[0] = m[5] = m[10] = s;
  return m;
}

/** Z-up to glTF's Y-up: (x, y, z) -> (x, z, -y). */
export function zUpToYUp(): Mat4 {
  const m = new Float64Array(16);
  m[0] = 1;
  m[6] = -1;
  m[9] = 1;
  m[15] = 1;
  return m;
}

export function determinant3(m: Mat4): number {
  return (
    m[0]! * (m[5]! * m[10]! - m[9]! * m[6]!) -
    m[4]! * (m[1]! * m[10]! - m[9]! * m[2]!) +
    m[8]! * (m[1]! * m[6]! - m[5]! * m[2]!)
  );
}

/** Inverse-transpose of the upper 3x3 as a column-major 3x3 (for normals). */
export function normalMatrix(m: Mat4): Float64Array {
  const a = m[0]!,
    b = m[4]!,
    c = m[8]!;
  const d = m[1]!,
    e = m[5]!,
    f = m[9]!;
  const g = m[2]!,
    h = m[6]!,
    i = m[10]!;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  const inv = det === 0 ? 0 : 1 / det;
  // The cofactor matrix divided by det is the inverse transpose; listed here column by column.
  return new Float64Array([
    (e * i - f * h) * inv,
    (c * h - b * i) * inv,
    (b * f - c * e) * inv,
    (f * g - d * i) * inv,
    (a * i - c * g) * inv,
    (c * d - a * f) * inv,
    (d * h - e * g) * inv,
    (b * g - a * h) * inv,
    (a * e - b * d) * inv,
  ]);
}

export interface Trs {
  translation: [number, number, number];
  rotation: [number, number, number, number];
  scale: [number, number, number];
}

/** Splits an affine matrix into TRS; null when it has shear or projection (not instanceable). */
export function decompose(m: Mat4): Trs | null {
  if (Math.abs(m[3]!) > 1e-9 || Math.abs(m[7]!) > 1e-9 || Math.abs(m[11]!) > 1e-9) return null;
  if (Math.abs(m[15]! - 1) > 1e-9) return null;
  let sx = Math.hypot(m[0]!, m[1]!, m[2]!);
  const sy = Math.hypot(m[4]!, m[5]!, m[6]!);
  const sz = Math.hypot(m[8]!, m[9]!, m[10]!);
  if (sx < 1e-12 || sy < 1e-12 || sz < 1e-12) return null;
  if (determinant3(m) < 0) sx = -sx;
  const r = [
    m[0]! / sx,
    m[1]! / sx,
    m[2]! / sx,
    m[4]! / sy,
    m[5]! / sy,
    m[6]! / sy,
    m[8]! / sz,
    m[9]! / sz,
    m[10]! / sz,
  ] as const;
  const dot01 = r[0] * r[3] + r[1] * r[4] + r[2] * r[5];
  const dot02 = r[0] * r[6] + r[1] * r[7] + r[2] * r[8];
  const dot12 = r[3] * r[6] + r[4] * r[7] + r[5] * r[8];
  if (Math.abs(dot01) > 1e-5 || Math.abs(dot02) > 1e-5 || Math.abs(dot12) > 1e-5) return null;
  // Rotation matrix (column-major r) to quaternion.
  const m00 = r[0],
    m11 = r[4],
    m22 = r[8];
  const trace = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / s;
    x = (r[5] - r[7]) * s;
    y = (r[6] - r[2]) * s;
    z = (r[1] - r[3]) * s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    w = (r[5] - r[7]) / s;
    x = 0.25 * s;
    y = (r[3] + r[1]) / s;
    z = (r[6] + r[2]) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    w = (r[6] - r[2]) / s;
    x = (r[3] + r[1]) / s;
    y = 0.25 * s;
    z = (r[7] + r[5]) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    w = (r[1] - r[3]) / s;
    x = (r[6] + r[2]) / s;
    y = (r[7] + r[5]) / s;
    z = 0.25 * s;
  }
  const length = Math.hypot(x, y, z, w);
  return {
    translation: [m[12]!, m[13]!, m[14]!],
    rotation: [x / length, y / length, z / length, w / length],
    scale: [sx, sy, sz],
  };
}
