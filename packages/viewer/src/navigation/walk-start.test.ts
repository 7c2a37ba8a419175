import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { EYE_HEIGHT, floorUnder, storeyFloors, walkCamera } from './walk-start.ts';

describe('walk start', () => {
  // 0 building, 1 storey at 0 m, 2 storey at 3 m; 3..5 in storey 1, 6..7 in storey 2.
  const metadata = {
    storeys: [
      { id: 2, name: 'Upper', elevation: 3, elements: 2 },
      { id: 1, name: 'Ground', elevation: 0, elements: 3 },
    ],
    elements: { count: 8, parent: [-1, 0, 0, 1, 1, 1, 2, 2] },
  } as unknown as Parameters<typeof storeyFloors>[0];
  const none = [1, 1, 1, -1, -1, -1];
  const box = (y0: number, y1: number) => [0, y0, 0, 1, y1, 1];
  const boxes = [
    ...none,
    ...none,
    ...none,
    ...box(-0.3, 0), // slab
    ...box(0, 2.8), // wall
    ...box(0, 2.1), // door
    ...box(3, 5.8),
    ...box(3, 5.1),
  ];

  it('puts each storey floor at the median bottom of its elements, lowest first', () => {
    expect(storeyFloors(metadata, boxes)).toEqual([0, 3]);
  });

  it('stands on the storey under the view centre, else the lowest, else the model bottom', () => {
    expect(floorUnder(4.2, [0, 3], -1)).toBe(3);
    expect(floorUnder(1.5, [0, 3], -1)).toBe(0);
    expect(floorUnder(-5, [0, 3], -1)).toBe(0);
    expect(floorUnder(null, [0, 3], -1)).toBe(0);
    expect(floorUnder(2, [], -1)).toBe(-1);
  });

  it('looks level from eye height towards the model', () => {
    const { position, target } = walkCamera(
      new THREE.Vector3(20, 30, 20),
      new THREE.Vector3(0, 1, 0),
      3,
    );
    expect(position.toArray()).toEqual([20, 3 + EYE_HEIGHT, 20]);
    expect(target.y).toBeCloseTo(position.y);
    const direction = target.clone().sub(position).normalize();
    expect(direction.x).toBeCloseTo(-Math.SQRT1_2);
    expect(direction.z).toBeCloseTo(-Math.SQRT1_2);
  });
});
