/**
 * Snapping (pure): given the triangle under the pointer, prefer its nearest corner within the
 * tolerance, then the nearest point on one of its edges (not the diagonals inside a flat face),
 * else the surface point itself. Distances are measured on screen (CSS pixels) so the tolerance
 * feels the same at any zoom.
 */
import type { Vec3 } from '../../api-types.ts';
import { cross, dot, length, sub } from './math.ts';

export type SnapKind = 'vertex' | 'edge' | 'face';

export interface Snap {
  point: Vec3;
  kind: SnapKind;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

export type Project = (point: Vec3) => ScreenPoint | null;

type Triangle = [Vec3, Vec3, Vec3];

export interface SnapInput {
  /** The surface point under the pointer (world), null when the pointer is off the model. */
  face: Vec3 | null;
  /**
   * Triangles under and around the pointer (world): the hit one and those hit by a few rays
   * within the tolerance, so corners of neighbouring faces and silhouettes are reachable.
   */
  triangles: Triangle[];
  /** The pointer's world ray. */
  ray: { origin: Vec3; direction: Vec3 };
}

/** Distance in pixels from a screen point to the segment a-b on screen. */
export function segmentDistance2D(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
  return Math.hypot(p.x - (a.x + dx * t), p.y - (a.y + dy * t));
}

function screenDistance(project: Project, point: Vec3, pointer: ScreenPoint): number {
  const s = project(point);
  return s ? Math.hypot(s.x - pointer.x, s.y - pointer.y) : Infinity;
}

/** Point of segment a-b closest to the line origin + t * direction. */
export function closestPointOnSegmentToRay(a: Vec3, b: Vec3, origin: Vec3, direction: Vec3): Vec3 {
  const u = sub(b, a);
  const w0 = sub(a, origin);
  const uu = dot(u, u);
  const ud = dot(u, direction);
  const dd = dot(direction, direction);
  const denom = uu * dd - ud * ud;
  // Parallel (or degenerate) segment: any point is as close; keep the start.
  const s = denom > 1e-12 * uu * dd ? (ud * dot(direction, w0) - dd * dot(u, w0)) / denom : 0;
  const t = Math.min(1, Math.max(0, s));
  return [a[0] + u[0] * t, a[1] + u[1] * t, a[2] + u[2] * t];
}

const sameVec = (a: Vec3, b: Vec3) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** Unit normal of a triangle; null for a degenerate one. */
function unitNormal([a, b, c]: Triangle): Vec3 | null {
  const n = cross(sub(b, a), sub(c, a));
  const len = length(n);
  return len > 0 ? [n[0] / len, n[1] / len, n[2] / len] : null;
}

/** Normals closer than this (cosine of about 1 degree) make one flat face. */
const COPLANAR_COS = Math.cos(Math.PI / 180);

/**
 * The triangles' edges less those inside a flat face: an edge shared with a coplanar triangle is
 * a diagonal of the triangulation (it crosses a rectangle's middle), not an edge of the model.
 * Only the triangles at hand are known: an edge whose neighbour was not hit stays a candidate.
 */
export function featureEdges(triangles: Triangle[]): Array<[Vec3, Vec3]> {
  const normals = triangles.map(unitNormal);
  const edges: Array<[Vec3, Vec3]> = [];
  triangles.forEach((tri, i) => {
    for (let k = 0; k < 3; k += 1) {
      const from = tri[k]!;
      const to = tri[(k + 1) % 3]!;
      const inside = triangles.some((other, j) => {
        if (j === i || !other.some((v) => sameVec(v, from)) || !other.some((v) => sameVec(v, to)))
          return false;
        // The same triangle twice (hit by several rays) shares all its edges: not a neighbour.
        if (tri.every((v) => other.some((w) => sameVec(v, w)))) return false;
        const n = normals[i];
        const m = normals[j];
        return !!n && !!m && Math.abs(dot(n, m)) >= COPLANAR_COS;
      });
      const seen = edges.some(
        ([p, q]) => (sameVec(p, from) && sameVec(q, to)) || (sameVec(p, to) && sameVec(q, from)),
      );
      if (!inside && !seen) edges.push([from, to]);
    }
  });
  return edges;
}

/** The candidate nearest to the pointer on screen, within the tolerance and not hidden. */
function nearest(
  candidates: Vec3[],
  pointer: ScreenPoint,
  project: Project,
  tolerancePx: number,
  isVisible: (point: Vec3) => boolean,
): Vec3 | null {
  const inReach = candidates
    .map((point) => ({ point, d: screenDistance(project, point, pointer) }))
    .filter((c) => c.d <= tolerancePx)
    .sort((a, b) => a.d - b.d);
  return inReach.find((c) => isVisible(c.point))?.point ?? null;
}

/**
 * The nearest visible triangle corner within the tolerance, else the nearest visible edge point
 * within it, else the surface point (null when there is none). `isVisible` rejects points hidden
 * behind other geometry (a ring ray may see a triangle through a gap whose corner is covered).
 */
export function chooseSnap(
  input: SnapInput,
  pointer: ScreenPoint,
  project: Project,
  tolerancePx: number,
  isVisible: (point: Vec3) => boolean = () => true,
): Snap | null {
  const corners: Vec3[] = [];
  for (const tri of input.triangles) {
    for (const c of tri) if (!corners.some((k) => sameVec(k, c))) corners.push(c);
  }
  const corner = nearest(corners, pointer, project, tolerancePx, isVisible);
  if (corner) return { point: [...corner], kind: 'vertex' };
  const edgePoints = featureEdges(input.triangles).map(([from, to]) =>
    closestPointOnSegmentToRay(from, to, input.ray.origin, input.ray.direction),
  );
  const edge = nearest(edgePoints, pointer, project, tolerancePx, isVisible);
  if (edge) return { point: edge, kind: 'edge' };
  return input.face ? { point: [...input.face], kind: 'face' } : null;
}
