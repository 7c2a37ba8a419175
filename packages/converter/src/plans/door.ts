/**
 * A door's opening in plan, drawn as architects draw it from the IFC OperationType
 * (IfcDoorTypeOperationEnum): swinging leaves open at 90° with the quarter arc each edge sweeps,
 * sliding panels with an arrow, folding leaves as a zigzag, a revolving door's circle.
 *
 * The door's own axes decide the orientation: its placement's local x (along the wall, the
 * width) and local y (across it). As IFC defines the enum, "left" and "right" are seen looking
 * along +y, so a LEFT door is hinged at the local -x end, and it opens towards +y.
 * NOTDEFINED, USERDEFINED and types with no plan symbol of their own get one left leaf.
 */
import type { WorldMesh } from './section.ts';

/** Arc steps for a quarter circle (1.5° each): smooth at any plan zoom a reviewer uses. */
const ARC_STEPS = 60;

/** The door's frame in plan: axes, and the opening's extent along them. */
export interface DoorFrame {
  /** Local x and y on the plan, unit vectors. */
  ax: number;
  ay: number;
  bx: number;
  by: number;
  /** The leaf's extent along local x (inside the frame) and the door's depth along local y. */
  minA: number;
  maxA: number;
  minB: number;
  maxB: number;
}

/** One leaf: hinged at `hingeA` on the face `faceB`, closing towards `towardsA`, opening `side`. */
interface Leaf {
  hingeA: number;
  width: number;
  towardsA: 1 | -1;
  side: 1 | -1;
}

/** Polylines (plan x, y pairs, unshifted) for the door's symbol; [] when unreadable. */
export function doorSwing(
  meshes: WorldMesh[],
  matrix: Float64Array | null,
  cut: number,
  operation?: string,
): number[][] {
  const frame = doorFrame(meshes, matrix, cut);
  return frame ? doorSymbol(frame, operation ?? 'NOTDEFINED') : [];
}

/** The symbol of `operation` in `frame` (exported for its tests). */
export function doorSymbol(frame: DoorFrame, operation: string): number[][] {
  const { minA, maxA } = frame;
  const width = maxA - minA;
  const half = width / 2;
  const at = (a: number, b: number): [number, number] => [
    a * frame.ax + b * frame.bx,
    a * frame.ay + b * frame.by,
  ];
  const leaves = (list: Leaf[]) => list.flatMap((leaf) => swingLeaf(frame, leaf, at));
  const left = (w: number, side: 1 | -1 = 1): Leaf => ({
    hingeA: minA,
    width: w,
    towardsA: 1,
    side,
  });
  const right = (w: number, side: 1 | -1 = 1): Leaf => ({
    hingeA: maxA,
    width: w,
    towardsA: -1,
    side,
  });
  switch (operation) {
    case 'SINGLE_SWING_RIGHT':
      return leaves([right(width)]);
    case 'DOUBLE_SWING_LEFT':
      return leaves([left(width, 1), left(width, -1)]);
    case 'DOUBLE_SWING_RIGHT':
      return leaves([right(width, 1), right(width, -1)]);
    case 'DOUBLE_DOOR_SINGLE_SWING':
      return leaves([left(half), right(half)]);
    case 'DOUBLE_DOOR_SINGLE_SWING_OPPOSITE_LEFT':
      return leaves([left(half, 1), right(half, -1)]);
    case 'DOUBLE_DOOR_SINGLE_SWING_OPPOSITE_RIGHT':
      return leaves([left(half, -1), right(half, 1)]);
    case 'DOUBLE_DOOR_DOUBLE_SWING':
      return leaves([left(half, 1), left(half, -1), right(half, 1), right(half, -1)]);
    case 'SWING_FIXED_LEFT':
      return leaves([left(width * 0.6)]);
    case 'SWING_FIXED_RIGHT':
      return leaves([right(width * 0.6)]);
    case 'SLIDING_TO_LEFT':
      return slidingPanel(frame, minA, maxA, -1, at);
    case 'SLIDING_TO_RIGHT':
      return slidingPanel(frame, minA, maxA, 1, at);
    case 'DOUBLE_DOOR_SLIDING':
      return [
        ...slidingPanel(frame, minA, minA + half, -1, at),
        ...slidingPanel(frame, minA + half, maxA, 1, at),
      ];
    case 'FOLDING_TO_LEFT':
      return [zigzag(frame, minA, width, 1, at)];
    case 'FOLDING_TO_RIGHT':
      return [zigzag(frame, maxA, width, -1, at)];
    case 'DOUBLE_DOOR_FOLDING':
      return [zigzag(frame, minA, half, 1, at), zigzag(frame, maxA, half, -1, at)];
    case 'REVOLVING':
    case 'REVOLVING_HORIZONTAL':
    case 'REVOLVING_VERTICAL':
      return revolving(frame, at);
    default:
      return leaves([left(width)]);
  }
}

/** The leaf drawn open at 90° and the quarter arc its free edge sweeps. */
function swingLeaf(
  frame: DoorFrame,
  leaf: Leaf,
  at: (a: number, b: number) => [number, number],
): number[][] {
  const faceB = leaf.side > 0 ? frame.maxB : frame.minB;
  const hinge = at(leaf.hingeA, faceB);
  const open = at(leaf.hingeA, faceB + leaf.side * leaf.width);
  const arc: number[] = [];
  for (let i = 0; i <= ARC_STEPS; i++) {
    const angle = (i / ARC_STEPS) * (Math.PI / 2);
    const point = at(
      leaf.hingeA + leaf.towardsA * leaf.width * Math.cos(angle),
      faceB + leaf.side * leaf.width * Math.sin(angle),
    );
    arc.push(point[0], point[1]);
  }
  return [[hinge[0], hinge[1], open[0], open[1]], arc];
}

/** A sliding panel along the +y face, and an arrow the way it slides (-1: to local -x). */
function slidingPanel(
  frame: DoorFrame,
  fromA: number,
  toA: number,
  towards: 1 | -1,
  at: (a: number, b: number) => [number, number],
): number[][] {
  const b = frame.maxB + 0.03;
  const panel = [...at(fromA, b), ...at(toA, b)];
  const length = (toA - fromA) * 0.5;
  const start = (fromA + toA) / 2 - (towards * length) / 2;
  const tip = start + towards * length;
  const head = Math.min(0.08, length * 0.3);
  const arrowB = b + 0.06;
  const arrow = [...at(start, arrowB), ...at(tip, arrowB)];
  const barbs = [
    ...at(tip - towards * head, arrowB + head / 2),
    ...at(tip, arrowB),
    ...at(tip - towards * head, arrowB - head / 2),
  ];
  return [panel, arrow, barbs];
}

/** Folding leaves as a zigzag from the hinge across `width`, on the +y side. */
function zigzag(
  frame: DoorFrame,
  hingeA: number,
  width: number,
  towards: 1 | -1,
  at: (a: number, b: number) => [number, number],
): number[] {
  const panels = 4;
  const depth = width / panels;
  const points: number[] = [];
  for (let k = 0; k <= panels; k++) {
    points.push(...at(hingeA + (towards * k * width) / panels, frame.maxB + (k % 2) * depth));
  }
  return points;
}

/** A revolving door: the drum's circle and its two wings crossing at the centre. */
function revolving(frame: DoorFrame, at: (a: number, b: number) => [number, number]): number[][] {
  const centreA = (frame.minA + frame.maxA) / 2;
  const centreB = (frame.minB + frame.maxB) / 2;
  const radius = (frame.maxA - frame.minA) / 2;
  const circle: number[] = [];
  for (let i = 0; i <= 4 * ARC_STEPS; i++) {
    const angle = (i / (4 * ARC_STEPS)) * 2 * Math.PI;
    circle.push(...at(centreA + radius * Math.cos(angle), centreB + radius * Math.sin(angle)));
  }
  return [
    circle,
    [...at(centreA - radius, centreB), ...at(centreA + radius, centreB)],
    [...at(centreA, centreB - radius), ...at(centreA, centreB + radius)],
  ];
}

/** The door's axes on the plan and its extent below the cut; null when it is no door-sized thing. */
function doorFrame(
  meshes: WorldMesh[],
  matrix: Float64Array | null,
  cut: number,
): DoorFrame | null {
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
  if (!Number.isFinite(minA)) return null;
  if (maxB - minB > maxA - minA) {
    // Some exporters (Revit's double doors in Office_A) place a door with local x across the
    // wall: the opening runs along local y. Turn the frame a quarter so `a` runs along it.
    [ax, ay, bx, by] = [bx, by, -ax, -ay];
    [minA, maxA, minB, maxB] = [minB, maxB, -maxA, -minA];
  }
  const width = maxA - minA;
  if (width < 0.3 || width > 4) return null;
  // The leaves stand inside the frame (a frame is roughly 5 cm each side).
  const inset = Math.min(0.06, width * 0.05);
  return { ax, ay, bx, by, minA: minA + inset, maxA: maxA - inset, minB, maxB };
}
