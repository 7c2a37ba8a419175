/**
 * Measurement maths (pure, no WebGL). Values are exact in model units (metres); only labels are
 * rounded.
 */
import type { MeasurementKind, Vec3 } from '../../api-types.ts';

export function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function length(a: Vec3): number {
  return Math.hypot(a[0], a[1], a[2]);
}

export function distance(a: Vec3, b: Vec3): number {
  return length(sub(a, b));
}

/** Angle at `vertex` between the rays to `a` and `b`, in degrees (0..180). */
export function angleDegrees(a: Vec3, vertex: Vec3, b: Vec3): number {
  const u = sub(a, vertex);
  const w = sub(b, vertex);
  // atan2 of |u x w| and u . w stays accurate near 0 and 180 degrees, unlike acos.
  return (Math.atan2(length(cross(u, w)), dot(u, w)) * 180) / Math.PI;
}

/**
 * Newell's method: the polygon's vector area. Its length is twice the area of the polygon
 * projected on its best-fit plane (exact for planar polygons, whatever their orientation), and its
 * direction is that plane's normal.
 */
export function newellNormal(points: Vec3[]): Vec3 {
  let x = 0;
  let y = 0;
  let z = 0;
  // Relative to the first point: keeps precision with large (georeferenced) coordinates.
  const origin = points[0] ?? [0, 0, 0];
  for (let i = 0; i < points.length; i += 1) {
    const a = sub(points[i]!, origin);
    const b = sub(points[(i + 1) % points.length]!, origin);
    x += (a[1] - b[1]) * (a[2] + b[2]);
    y += (a[2] - b[2]) * (a[0] + b[0]);
    z += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return [x, y, z];
}

export function polygonArea(points: Vec3[]): number {
  return length(newellNormal(points)) / 2;
}

const MIN_POINTS: Record<MeasurementKind, number> = { point: 1, distance: 2, angle: 3, area: 3 };

/** Throws when the point count does not fit the kind or a coordinate is not finite. */
function validatePoints(kind: MeasurementKind, points: Vec3[]): void {
  const ok =
    kind === 'area' ? points.length >= MIN_POINTS.area : points.length === MIN_POINTS[kind];
  if (!ok) {
    throw new Error(
      kind === 'area'
        ? 'An area needs at least 3 points'
        : `A ${kind} measurement needs exactly ${MIN_POINTS[kind]} points`,
    );
  }
  for (const p of points) {
    if (!Array.isArray(p) || p.length !== 3 || !p.every((c) => Number.isFinite(c))) {
      throw new Error('Measurement points must be three finite numbers');
    }
  }
}

export function measurementValue(kind: MeasurementKind, points: Vec3[]): number {
  validatePoints(kind, points);
  if (kind === 'point') return 0;
  if (kind === 'distance') return distance(points[0]!, points[1]!);
  if (kind === 'angle') return angleDegrees(points[0]!, points[1]!, points[2]!);
  return polygonArea(points);
}

/** A point's world coordinates in metres, to the millimetre (when the host sets no format). */
export function formatPoint(point: Vec3): string {
  return `${point.map((c) => c.toFixed(3)).join(', ')} m`;
}

/** Label text: metres to the millimetre, degrees to a tenth, square metres to hundredths. */
export function formatValue(kind: MeasurementKind, value: number): string {
  if (kind === 'distance' || kind === 'point') return `${value.toFixed(3)} m`;
  if (kind === 'angle') return `${value.toFixed(1)}°`;
  return `${value.toFixed(2)} m²`;
}

/** Where a measurement's label sits: midpoint, the angle's vertex, or the polygon's centroid. */
export function labelAnchor(kind: MeasurementKind, points: Vec3[]): Vec3 {
  if (kind === 'point') return points[0]!;
  if (kind === 'angle') return points[1]!;
  const n = kind === 'distance' ? 2 : points.length;
  const sum: Vec3 = [0, 0, 0];
  for (const p of points.slice(0, n)) {
    sum[0] += p[0];
    sum[1] += p[1];
    sum[2] += p[2];
  }
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}
