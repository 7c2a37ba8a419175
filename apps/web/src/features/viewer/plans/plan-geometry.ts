/**
 * Storey plans beside the 3D view: which plan the camera is on, where a 3D point lands on it and
 * which element a point of the plan is. Plans are in the viewable file's frame (metres, plan
 * x = x, plan y = -z, see the converter's plans), the engine's world adds the model's
 * translation. Pure: the minimap and its tests use it.
 */
import type { Sheet } from '@truss/contracts';
import type { SheetPath, VectorSheet } from '@truss/viewable';

export type Vec3 = [number, number, number];

/** The storey plans among a model's sheets, lowest storey first. */
export function storeyPlansOf(sheets: readonly Sheet[]): Sheet[] {
  return sheets
    .filter((sheet) => sheet.kind === 'storey-plan' && sheet.storey)
    .sort((a, b) => a.storey!.elevation - b.storey!.elevation);
}

/**
 * The plan of the storey a world height is on: the highest storey whose floor is at or below it
 * (a little slack: standing on the floor counts), else the lowest.
 */
export function storeyAt(
  plans: readonly Sheet[],
  worldY: number,
  floorOffset: number,
): Sheet | null {
  let found: Sheet | null = plans[0] ?? null;
  for (const plan of plans) {
    if (plan.storey!.elevation + floorOffset <= worldY + 0.3) found = plan;
  }
  return found;
}

/** World -> plan: the model's translation removed, z flipped into plan y. */
export function worldToPlan(point: Vec3, translation: Vec3): [number, number] {
  return [point[0] - translation[0], -(point[2] - translation[2])];
}

function distanceToSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function inside(px: number, py: number, points: number[]): boolean {
  let result = false;
  const n = points.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[i * 2]!;
    const yi = points[i * 2 + 1]!;
    const xj = points[j * 2]!;
    const yj = points[j * 2 + 1]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

function pathHit(path: SheetPath, x: number, y: number, tolerance: number): boolean {
  const p = path.points;
  if (path.closed && path.fill && inside(x, y, p)) return true;
  const n = p.length / 2;
  const last = path.closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const j = (i + 1) % n;
    if (distanceToSegment(x, y, p[i * 2]!, p[i * 2 + 1]!, p[j * 2]!, p[j * 2 + 1]!) <= tolerance)
      return true;
  }
  return false;
}

/**
 * The element (a row of the model's element table) at a plan point: the topmost path drawn
 * there (the plan draws spaces first, cut walls last), a line within `tolerance` plan units;
 * only shown layers count. Null when nothing with an element is there.
 */
export function elementAt(
  sheet: VectorSheet,
  x: number,
  y: number,
  tolerance: number,
  shown: (layer: number) => boolean = () => true,
): number | null {
  for (let i = sheet.paths.length - 1; i >= 0; i--) {
    const path = sheet.paths[i]!;
    if (path.element === undefined || !shown(path.layer)) continue;
    if (pathHit(path, x, y, tolerance)) return path.element;
  }
  return null;
}

/**
 * The camera's marker on the plan: where it stands and the two edges of its view cone, plan
 * units; the cone follows the look direction projected on the floor (none looking straight
 * down).
 */
export function cameraMarker(
  position: Vec3,
  target: Vec3,
  fovDegrees: number,
  translation: Vec3,
  reach: number,
): { at: [number, number]; cone: [[number, number], [number, number]] | null } {
  const at = worldToPlan(position, translation);
  const to = worldToPlan(target, translation);
  const dx = to[0] - at[0];
  const dy = to[1] - at[1];
  const length = Math.hypot(dx, dy);
  if (length < 1e-6) return { at, cone: null };
  const angle = Math.atan2(dy, dx);
  const half = (Math.min(Math.max(fovDegrees, 20), 120) * Math.PI) / 360;
  const edge = (a: number): [number, number] => [
    at[0] + Math.cos(a) * reach,
    at[1] + Math.sin(a) * reach,
  ];
  return { at, cone: [edge(angle - half), edge(angle + half)] };
}
