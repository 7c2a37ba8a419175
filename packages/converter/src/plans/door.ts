/**
 * A door's swing in plan: the leaf drawn open at 90° and the quarter arc its edge sweeps. The
 * door's own axes decide the orientation: its placement's local x (along the wall, the width)
 * and local y (across it); hinge at the local -x end, opening towards local +y. The IFC
 * operation type (left/right, double) is not read: one sensible leaf per door.
 */
import type { WorldMesh } from './section.ts';

/** Arc steps for a quarter circle (1.5° each): smooth at any plan zoom a reviewer uses. */
const ARC_STEPS = 60;

/** Polylines (plan x, y pairs, unshifted) for the leaf and the arc; [] when unreadable. */
export function doorSwing(
  meshes: WorldMesh[],
  matrix: Float64Array | null,
  cut: number,
): number[][] {
  // Local x and y of the door's placement, on the plan (x, -z).
  let ax = matrix ? matrix[0]! : 1;
  let ay = matrix ? -matrix[2]! : 0;
  let length = Math.hypot(ax, ay);
  if (length < 0.5 * (matrix ? Math.hypot(matrix[0]!, matrix[1]!, matrix[2]!) : 1)) {
    // Local x mostly vertical (an odd export): fall back to the plan's x axis.
    ax = 1;
    ay = 0;
    length = 1;
  }
  ax /= length;
  ay /= length;
  let bx = -ay;
  let by = ax;
  if (matrix) {
    // Keep local +y's side (a mirrored placement flips it).
    const ly = [matrix[4]!, -matrix[6]!];
    if (ly[0]! * bx + ly[1]! * by < 0) {
      bx = -bx;
      by = -by;
    }
  }
  let minA = Infinity;
  let maxA = -Infinity;
  let minB = Infinity;
  let maxB = -Infinity;
  for (const mesh of meshes) {
    const p = mesh.positions;
    for (let v = 0; v < p.length; v += 3) {
      if (p[v + 1]! > cut + 1.5) continue;
      const x = p[v]!;
      const y = -p[v + 2]!;
      const a = x * ax + y * ay;
      const b = x * bx + y * by;
      if (a < minA) minA = a;
      if (a > maxA) maxA = a;
      if (b < minB) minB = b;
      if (b > maxB) maxB = b;
    }
  }
  if (!Number.isFinite(minA)) return [];
  let width = maxA - minA;
  const depth = maxB - minB;
  if (width < 0.3 || width > 4 || depth > width) return [];
  // The leaf: inside the frame (a frame is roughly 5 cm each side).
  const frame = Math.min(0.06, width * 0.05);
  width -= 2 * frame;
  const hingeA = minA + frame;
  const hingeB = maxB;
  const at = (a: number, b: number): [number, number] => [a * ax + b * bx, a * ay + b * by];
  const hinge = at(hingeA, hingeB);
  const open = at(hingeA, hingeB + width);
  const arc: number[] = [];
  for (let i = 0; i <= ARC_STEPS; i++) {
    const angle = (i / ARC_STEPS) * (Math.PI / 2);
    const point = at(hingeA + width * Math.cos(angle), hingeB + width * Math.sin(angle));
    arc.push(point[0], point[1]);
  }
  return [[hinge[0], hinge[1], open[0], open[1]], arc];
}
