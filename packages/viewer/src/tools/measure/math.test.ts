import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../api-types.ts';
import {
  angleDegrees,
  distance,
  formatValue,
  labelAnchor,
  measurementValue,
  newellNormal,
  polygonArea,
} from './math.ts';
import {
  chooseSnap,
  closestPointOnSegmentToRay,
  featureEdges,
  segmentDistance2D,
  type Project,
  type SnapInput,
} from './snap.ts';

/** Rotate and move points onto an arbitrary, non-axis-aligned plane far from the origin. */
function transformed(points: Vec3[]): Vec3[] {
  const m = new THREE.Matrix4()
    .makeRotationFromEuler(new THREE.Euler(0.7, -1.1, 0.4))
    .setPosition(512_345.25, 6_123_456.5, 87.125);
  return points.map((p) => new THREE.Vector3(...p).applyMatrix4(m).toArray() as Vec3);
}

describe('distance and angle', () => {
  it('measures exact Euclidean distance, also at georeferenced coordinates', () => {
    expect(distance([0, 0, 0], [3, 4, 12])).toBe(13);
    const [a, b] = transformed([
      [0, 0, 0],
      [1.234, 0, 0],
    ]);
    expect(distance(a!, b!)).toBeCloseTo(1.234, 6);
    expect(measurementValue('distance', [a!, b!])).toBe(distance(a!, b!));
  });

  it('measures the angle at the middle point', () => {
    expect(angleDegrees([1, 0, 0], [0, 0, 0], [0, 1, 0])).toBeCloseTo(90, 10);
    expect(angleDegrees([2, 2, 0], [1, 1, 0], [3, 1, 0])).toBeCloseTo(45, 10);
    expect(angleDegrees([1, 0, 0], [0, 0, 0], [-5, 0, 0])).toBeCloseTo(180, 10);
    expect(angleDegrees([1, 0, 0], [0, 0, 0], [7, 1e-9, 0])).toBeCloseTo(0, 6);
    const [p, v, q] = transformed([
      [1, 0, 0],
      [0, 0, 0],
      [Math.cos(Math.PI / 3), Math.sin(Math.PI / 3), 0],
    ]);
    expect(measurementValue('angle', [p!, v!, q!])).toBeCloseTo(60, 6);
  });
});

describe("area (Newell's method)", () => {
  const square: Vec3[] = [
    [0, 0, 0],
    [2, 0, 0],
    [2, 2, 0],
    [0, 2, 0],
  ];
  const lShape: Vec3[] = [
    [0, 0, 0],
    [3, 0, 0],
    [3, 1, 0],
    [1, 1, 0],
    [1, 3, 0],
    [0, 3, 0],
  ];

  it('gives the area of axis-aligned, concave and reversed polygons', () => {
    expect(polygonArea(square)).toBe(4);
    expect(newellNormal(square)).toEqual([0, 0, 8]);
    expect(polygonArea(lShape)).toBe(5);
    expect(polygonArea([...lShape].reverse())).toBe(5);
    expect(
      polygonArea([
        [0, 0, 0],
        [0, 4, 0],
        [0, 0, 3],
      ]),
    ).toBe(6);
  });

  it('gives the same area on a tilted plane far from the origin', () => {
    expect(polygonArea(transformed(square))).toBeCloseTo(4, 6);
    expect(measurementValue('area', transformed(lShape))).toBeCloseTo(5, 6);
  });

  it('rejects wrong point counts and non-finite points', () => {
    expect(() => measurementValue('area', square.slice(0, 2))).toThrow(/at least 3/);
    expect(() => measurementValue('distance', square.slice(0, 3))).toThrow(/exactly 2/);
    expect(() =>
      measurementValue('angle', [
        [0, 0, 0],
        [1, 0, 0],
        [0, NaN, 0],
      ]),
    ).toThrow(/finite/);
  });
});

describe('labels', () => {
  it('shows millimetres, tenths of a degree and hundredths of a square metre', () => {
    expect(formatValue('distance', 12.3454)).toBe('12.345 m');
    expect(formatValue('angle', 89.96)).toBe('90.0°');
    expect(formatValue('area', 23.4)).toBe('23.40 m²');
  });

  it('anchors at the midpoint, the vertex and the centroid', () => {
    expect(
      labelAnchor('distance', [
        [0, 0, 0],
        [2, 4, 6],
      ]),
    ).toEqual([1, 2, 3]);
    expect(
      labelAnchor('angle', [
        [5, 0, 0],
        [1, 1, 1],
        [0, 5, 0],
      ]),
    ).toEqual([1, 1, 1]);
    expect(
      labelAnchor('area', [
        [0, 0, 0],
        [3, 0, 0],
        [3, 3, 0],
        [0, 3, 0],
      ]),
    ).toEqual([1.5, 1.5, 0]);
  });
});

describe('snapping', () => {
  // A top view: 100 px per metre, y up on screen, rays straight down.
  const project: Project = ([x, y]) => ({ x: 100 * x, y: 500 - 100 * y });
  const triangle: [Vec3, Vec3, Vec3] = [
    [0, 0, 0],
    [4, 0, 0],
    [0, 4, 0],
  ];
  const input = (x: number, y: number, triangles = [triangle]): SnapInput => ({
    face: [x, y, 0],
    triangles,
    ray: { origin: [x, y, 10], direction: [0, 0, -1] },
  });
  const snap = (x: number, y: number, tolerance = 12, triangles = [triangle]) =>
    chooseSnap(input(x, y, triangles), project([x, y, 0])!, project, tolerance);

  it('prefers a corner within the tolerance, even when an edge is closer', () => {
    // 8.2 px from the corner, 2 px from the edge y = 0.
    expect(snap(0.08, 0.02)).toEqual({ point: [0, 0, 0], kind: 'vertex' });
    // The nearest corner wins, also one of a neighbouring triangle found by the ring of rays.
    const neighbour: [Vec3, Vec3, Vec3] = [
      [0.1, 0, 0],
      [4, 0, 0],
      [4, -4, 0],
    ];
    expect(snap(0.07, 0.01, 12, [triangle, neighbour])).toEqual({
      point: [0.1, 0, 0],
      kind: 'vertex',
    });
  });

  it('falls back to the nearest edge point, then to the face point', () => {
    expect(snap(2, 0.05)).toEqual({ point: [2, 0, 0], kind: 'edge' });
    const hypotenuse = snap(1.97, 1.97);
    expect(hypotenuse?.kind).toBe('edge');
    expect(hypotenuse?.point[0]).toBeCloseTo(2, 12);
    expect(hypotenuse?.point[1]).toBeCloseTo(2, 12);
    expect(snap(1, 1)).toEqual({ point: [1, 1, 0], kind: 'face' });
    // The tolerance is in pixels: 0.15 m is 15 px here, out of a 12 px reach.
    expect(snap(2, 0.15)?.kind).toBe('face');
    expect(snap(2, 0.15, 20)?.kind).toBe('edge');
    expect(snap(2, 0.15, 0)?.kind).toBe('face');
  });

  it("does not snap to the diagonal across a flat rectangle's middle", () => {
    // A 4 x 4 square as two triangles: their shared side (0,0)-(4,4) is no edge of the model.
    const other: [Vec3, Vec3, Vec3] = [
      [0, 0, 0],
      [4, 0, 0],
      [4, 4, 0],
    ];
    const half: [Vec3, Vec3, Vec3] = [
      [0, 0, 0],
      [4, 4, 0],
      [0, 4, 0],
    ];
    expect(snap(2.02, 2, 12, [other, half])).toEqual({ point: [2.02, 2, 0], kind: 'face' });
    // The rectangle's real sides still snap.
    expect(snap(4.05, 2, 12, [other, half])).toEqual({ point: [4, 2, 0], kind: 'edge' });
    expect(featureEdges([other, half])).toHaveLength(4);
    // Folded (a roof ridge): the shared side is an edge of the model.
    const folded: [Vec3, Vec3, Vec3] = [
      [0, 0, 0],
      [4, 4, 0],
      [0, 4, 3],
    ];
    expect(featureEdges([other, folded])).toHaveLength(5);
    // One triangle hit by several rays keeps its three sides.
    expect(featureEdges([other, other])).toHaveLength(3);
  });

  it('snaps beside a silhouette and gives nothing off the model', () => {
    // Just outside the triangle (no face under the pointer), 5 px from its corner.
    const outside = { ...input(-0.03, -0.04), face: null };
    expect(chooseSnap(outside, project([-0.03, -0.04, 0])!, project, 12)).toEqual({
      point: [0, 0, 0],
      kind: 'vertex',
    });
    const far = { ...input(-1, -1), face: null };
    expect(chooseSnap(far, project([-1, -1, 0])!, project, 12)).toBeNull();
  });

  it('skips corners hidden behind other geometry for the next nearest', () => {
    const neighbour: [Vec3, Vec3, Vec3] = [
      [0.1, 0, 0],
      [4, 0, 0],
      [4, -4, 0],
    ];
    const covered = (p: Vec3) => !(p[0] === 0.1 && p[1] === 0);
    const pointer = project([0.07, 0.01, 0])!;
    expect(
      chooseSnap(input(0.07, 0.01, [triangle, neighbour]), pointer, project, 12, covered),
    ).toEqual({
      point: [0, 0, 0],
      kind: 'vertex',
    });
  });

  it('ignores corners behind the camera', () => {
    const hidden: Project = (p) => (p[0] === 0 && p[1] === 0 ? null : project(p));
    expect(chooseSnap(input(0.05, 0.05), project([0.05, 0.05, 0])!, hidden, 12)?.kind).not.toBe(
      'vertex',
    );
  });

  it('has exact segment helpers', () => {
    // A slanted ray through (1, 1, 0) meets the segment along x at (1, 0, 0).
    expect(closestPointOnSegmentToRay([0, 0, 0], [4, 0, 0], [1, 1, 5], [0, -1, -5])).toEqual([
      1, 0, 0,
    ]);
    expect(closestPointOnSegmentToRay([0, 0, 0], [4, 0, 0], [9, 1, 5], [0, 0, -1])).toEqual([
      4, 0, 0,
    ]);
    expect(closestPointOnSegmentToRay([0, 0, 0], [0, 0, 4], [1, 1, 5], [0, 0, -1])).toEqual([
      0, 0, 0,
    ]);
    expect(segmentDistance2D({ x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(3);
  });
});
