/**
 * Storey plans beside the 3D view: which plan the camera is on, where a 3D point lands on it and
 * which element a point of the plan is. Plans are in the viewable file's frame (metres, plan
 * x = x, plan y = -z, see the converter's plans), the engine's world adds the model's
 * translation. Pure: the minimap and its tests use it.
 */
import type { Sheet } from '@truss/contracts';
import { elementAtPoint } from '@truss/viewable';

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

/** The element at a plan point (the sheet engine's hit test, @truss/viewable). */
export const elementAt = elementAtPoint;

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
