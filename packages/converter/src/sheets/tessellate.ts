/** Curves -> points: arcs, bulged polyline segments and NURBS splines. */
import type { Geometry, Point } from './drawing.ts';

/** Largest chord angle of tessellated arcs: 2 degrees (an error of 0.015 % of the radius). */
const ARC_STEP = Math.PI / 90;
/**
 * Chord error allowed, as a fraction of the sheet's extent: 2e-6 of an A0 sheet's long side is
 * 2.4 µm, below what 1:1 on a screen shows.
 */
export const TOLERANCE = 2e-6;

/**
 * Chord angle of an arc of `radius` for a chord error of `tolerance` (same units), between a
 * quarter of a degree and 45 degrees; ARC_STEP when no tolerance is given.
 */
function chordStep(radius: number, tolerance: number): number {
  const r = Math.abs(radius);
  if (!(tolerance > 0)) return ARC_STEP;
  if (!(r > tolerance)) return Math.PI / 4;
  return Math.max(Math.min(2 * Math.acos(1 - tolerance / r), Math.PI / 4), Math.PI / 720);
}

export function arcPoints(
  cx: number,
  cy: number,
  rx: Point,
  ratio: number,
  start: number,
  end: number,
  tolerance = 0,
): number[] {
  let sweep = end - start;
  while (sweep <= 0) sweep += 2 * Math.PI;
  if (sweep > 2 * Math.PI) sweep = 2 * Math.PI;
  const radius = Math.max(Math.hypot(rx.x, rx.y), Math.hypot(rx.x, rx.y) * ratio);
  const steps = Math.max(4, Math.min(1440, Math.ceil(sweep / chordStep(radius, tolerance))));
  // Minor axis: the major rotated 90 degrees, scaled by ratio.
  const ry = { x: -rx.y * ratio, y: rx.x * ratio };
  const points: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = start + (sweep * i) / steps;
    const cos = Math.cos(t);
    const sin = Math.sin(t);
    points.push(cx + rx.x * cos + ry.x * sin, cy + rx.y * cos + ry.y * sin);
  }
  return points;
}

/** Points of a bulged polyline segment (bulge = tan(sweep / 4), positive counter-clockwise). */
function bulgePoints(a: Point, b: Point, bulge: number, out: number[], tolerance: number): void {
  const sweep = 4 * Math.atan(bulge);
  const chord = Math.hypot(b.x - a.x, b.y - a.y);
  if (chord === 0 || Math.abs(sweep) < 1e-9) {
    out.push(b.x, b.y);
    return;
  }
  const radius = chord / (2 * Math.sin(Math.abs(sweep) / 2));
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const toCenter = radius * Math.cos(Math.abs(sweep) / 2);
  const nx = -(b.y - a.y) / chord;
  const ny = (b.x - a.x) / chord;
  const side = sweep > 0 ? 1 : -1;
  const cx = mid.x + nx * toCenter * side;
  const cy = mid.y + ny * toCenter * side;
  const start = Math.atan2(a.y - cy, a.x - cx);
  const steps = Math.max(2, Math.ceil(Math.abs(sweep) / chordStep(radius, tolerance)));
  for (let i = 1; i <= steps; i++) {
    const t = start + (sweep * i) / steps;
    out.push(cx + radius * Math.cos(t), cy + radius * Math.sin(t));
  }
}

export function polylinePoints(
  vertices: (Point & { bulge?: number })[],
  closed: boolean,
  tolerance = 0,
): number[] {
  if (vertices.length === 0) return [];
  const out: number[] = [vertices[0]!.x, vertices[0]!.y];
  const count = closed ? vertices.length : vertices.length - 1;
  for (let i = 0; i < count; i++) {
    const a = vertices[i]!;
    const b = vertices[(i + 1) % vertices.length]!;
    bulgePoints(a, b, a.bulge ?? 0, out, tolerance);
  }
  if (closed && out.length >= 4) out.splice(out.length - 2, 2); // closePath joins the ends
  return out;
}

/** A NURBS curve sampled with de Boor's algorithm (clamped or not, rational when weighted). */
export function splinePoints(geometry: Extract<Geometry, { kind: 'spline' }>): number[] {
  const { degree, controlPoints: cps, knots, weights } = geometry;
  if (cps.length < 2 || knots.length !== cps.length + degree + 1) {
    const through = cps.length >= 2 ? cps : geometry.fitPoints;
    return through.flatMap((p) => [p.x, p.y]);
  }
  const lo = knots[degree]!;
  const hi = knots[cps.length]!;
  const samples = Math.min(4000, Math.max(32, cps.length * 12));
  const out: number[] = [];
  for (let s = 0; s <= samples; s++) {
    const t = s === samples ? hi : lo + ((hi - lo) * s) / samples;
    let k = degree;
    while (k < cps.length - 1 && knots[k + 1]! <= t) k++;
    const d: [number, number, number][] = [];
    for (let j = 0; j <= degree; j++) {
      const p = cps[k - degree + j]!;
      const w = weights?.[k - degree + j] ?? 1;
      d.push([p.x * w, p.y * w, w]);
    }
    for (let r = 1; r <= degree; r++) {
      for (let j = degree; j >= r; j--) {
        const i = k - degree + j;
        const denom = knots[i + degree - r + 1]! - knots[i]!;
        const alpha = denom === 0 ? 0 : (t - knots[i]!) / denom;
        const p = d[j]!;
        const q = d[j - 1]!;
        d[j] = [
          (1 - alpha) * q[0] + alpha * p[0],
          (1 - alpha) * q[1] + alpha * p[1],
          (1 - alpha) * q[2] + alpha * p[2],
        ];
      }
    }
    const [x, y, w] = d[degree]!;
    out.push(x / (w || 1), y / (w || 1));
  }
  return out;
}
