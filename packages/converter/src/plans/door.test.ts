import { describe, expect, it } from 'vitest';
import { doorSwing, doorSymbol, type DoorFrame } from './door.ts';

/** A 0.9 m door along plan x, 0.2 m deep, its local +y the plan's +y. */
const FRAME: DoorFrame = { ax: 1, ay: 0, bx: 0, by: 1, minA: 0, maxA: 0.9, minB: 0, maxB: 0.2 };

/** Leaves are 2-point lines perpendicular to the wall: [hinge x, hinge y, open x, open y]. */
const leavesOf = (paths: number[][]) => paths.filter((p) => p.length === 4 && p[0] === p[2]);
const arcsOf = (paths: number[][]) => paths.filter((p) => p.length === 122);

describe('door symbols in plan, from the IFC OperationType', () => {
  it('hinges a LEFT door at local -x and a RIGHT one at +x, opening towards +y', () => {
    const leftLeaves = leavesOf(doorSymbol(FRAME, 'SINGLE_SWING_LEFT'));
    expect(leftLeaves).toEqual([[0, 0.2, 0, expect.closeTo(1.1, 9)]]);
    const rightLeaves = leavesOf(doorSymbol(FRAME, 'SINGLE_SWING_RIGHT'));
    expect(rightLeaves).toEqual([[0.9, 0.2, 0.9, expect.closeTo(1.1, 9)]]);
    // The arc of a right door starts closed at the left end and ends open above the hinge.
    const [arc] = arcsOf(doorSymbol(FRAME, 'SINGLE_SWING_RIGHT'));
    expect(arc!.slice(0, 2).map((v) => +v.toFixed(9))).toEqual([0, 0.2]);
    expect(arc!.slice(-2).map((v) => +v.toFixed(9))).toEqual([0.9, 1.1]);
  });

  it('gives a double door two half-width leaves, one at each end', () => {
    const paths = doorSymbol(FRAME, 'DOUBLE_DOOR_SINGLE_SWING');
    expect(leavesOf(paths).map((l) => [l[0], +l[3]!.toFixed(9)])).toEqual([
      [0, 0.65],
      [0.9, 0.65],
    ]);
    expect(arcsOf(paths)).toHaveLength(2);
  });

  it('swings a double-swing door both ways and opposite doors to opposite sides', () => {
    const both = leavesOf(doorSymbol(FRAME, 'DOUBLE_SWING_LEFT'));
    expect(both.map((l) => [l[0], +l[3]!.toFixed(9)])).toEqual([
      [0, 1.1],
      [0, -0.9],
    ]);
    const opposite = leavesOf(doorSymbol(FRAME, 'DOUBLE_DOOR_SINGLE_SWING_OPPOSITE_LEFT'));
    expect(opposite.map((l) => [l[0], +l[3]!.toFixed(9)])).toEqual([
      [0, 0.65],
      [0.9, -0.45],
    ]);
    expect(arcsOf(doorSymbol(FRAME, 'DOUBLE_DOOR_DOUBLE_SWING'))).toHaveLength(4);
  });

  it('draws sliding panels with arrows the way they slide, and no swing', () => {
    const paths = doorSymbol(FRAME, 'SLIDING_TO_RIGHT');
    expect(arcsOf(paths)).toEqual([]);
    // The panel spans the opening just outside the +y face.
    expect(paths[0]).toEqual([0, expect.closeTo(0.23, 9), 0.9, expect.closeTo(0.23, 9)]);
    // The arrow's tip is at its +x end (to the right).
    const arrow = paths[1]!;
    expect(arrow[2]!).toBeGreaterThan(arrow[0]!);
    const left = doorSymbol(FRAME, 'SLIDING_TO_LEFT')[1]!;
    expect(left[2]!).toBeLessThan(left[0]!);
    // Two panels for a double sliding door, sliding apart.
    const double = doorSymbol(FRAME, 'DOUBLE_DOOR_SLIDING');
    expect(double).toHaveLength(6);
    expect(double[1]![2]!).toBeLessThan(double[1]![0]!);
    expect(double[4]![2]!).toBeGreaterThan(double[4]![0]!);
  });

  it('folds, revolves, and falls back to one left leaf when the type says nothing', () => {
    const folding = doorSymbol(FRAME, 'FOLDING_TO_LEFT');
    expect(folding).toHaveLength(1);
    expect(folding[0]).toHaveLength(10);
    const revolving = doorSymbol(FRAME, 'REVOLVING');
    expect(revolving[0]).toHaveLength(2 * 241);
    for (const operation of ['NOTDEFINED', 'USERDEFINED', 'LIFTING_HORIZONTAL']) {
      expect(doorSymbol(FRAME, operation)).toEqual(doorSymbol(FRAME, 'SINGLE_SWING_LEFT'));
    }
  });

  it('follows the frame: a door along plan y turns its symbol with it', () => {
    const turned: DoorFrame = { ...FRAME, ax: 0, ay: 1, bx: -1, by: 0 };
    // Hinged at local +x (plan y = 0.9) on the +y face (plan x = -0.2), open along -x.
    const [leaf] = doorSymbol(turned, 'SINGLE_SWING_RIGHT');
    expect(leaf!.map((v) => +v.toFixed(9))).toEqual([-0.2, 0.9, -1.1, 0.9]);
  });

  it('turns a door placed with local x across the wall (as Revit exports double doors)', () => {
    // A box 0.2 m along plan x and 1.8 m along plan y (3D z = -y), 2 m high.
    const corners: number[] = [];
    for (const x of [0, 0.2])
      for (const y of [0, 2]) for (const z of [0, -1.8]) corners.push(x, y, z);
    const mesh = { positions: new Float64Array(corners), indices: new Uint32Array([0, 1, 2]) };
    const paths = doorSwing([mesh], null, 1.2, 'DOUBLE_DOOR_SINGLE_SWING');
    expect(arcsOf(paths)).toHaveLength(2);
    // The two leaves stand at the ends of the 1.8 m opening (plan y 0 and 1.8, inset 6 cm).
    const hinges = paths.filter((p) => p.length === 4).map((p) => +p[1]!.toFixed(9));
    expect(hinges.sort((a, b) => a - b)).toEqual([0.06, 1.74]);
  });
});
