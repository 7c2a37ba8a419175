import type { Sheet } from '@truss/contracts';
import type { VectorSheet } from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import { cameraMarker, elementAt, storeyAt, storeyPlansOf, worldToPlan } from './plan-geometry';

const plan = (id: string, elevation: number, kind: Sheet['kind'] = 'storey-plan') =>
  ({
    id,
    name: id,
    kind,
    storey: { global_id: id, elevation, cut_height: 1.2 },
  }) as Sheet;

describe('storey plans in the 3D view', () => {
  it('orders the plans and finds the storey a height is on', () => {
    const plans = storeyPlansOf([
      plan('roof', 6),
      plan('l1', 0),
      plan('page', 0, 'page'),
      plan('l2', 3.1),
    ]);
    expect(plans.map((p) => p.id)).toEqual(['l1', 'l2', 'roof']);
    expect(storeyAt(plans, 1.5, 0)?.id).toBe('l1');
    expect(storeyAt(plans, 3.0, 0)?.id).toBe('l2'); // 10 cm under the floor: standing on it
    expect(storeyAt(plans, 4, 0)?.id).toBe('l2');
    expect(storeyAt(plans, 40, 0)?.id).toBe('roof');
    expect(storeyAt(plans, -9, 0)?.id).toBe('l1');
    // The model moved 10 m up in the world: its storeys did too.
    expect(storeyAt(plans, 4, 10)?.id).toBe('l1');
  });

  it('maps world points onto the plan (x, -z) and draws the view cone forward', () => {
    expect(worldToPlan([3, 5, -2], [1, 0, 1])).toEqual([2, 3]);
    const marker = cameraMarker([0, 1.6, 0], [0, 1.6, -10], 60, [0, 0, 0], 2);
    expect(marker.at).toEqual([0, -0]);
    // Looking along -z is looking up the plan (+y): both cone edges ahead of the dot.
    for (const edge of marker.cone!) expect(edge[1]).toBeCloseTo(Math.sqrt(3), 6);
    expect(cameraMarker([0, 10, 0], [0, 0, 0], 60, [0, 0, 0], 2).cone).toBeNull();
  });

  it('picks the topmost element drawn at a point, only on shown layers', () => {
    const sheet: VectorSheet = {
      version: 1,
      bounds: [0, 0, 10, 10],
      texts: [],
      paths: [
        // a space under everything, a wall over it, a door swing line
        {
          layer: 0,
          points: [0, 0, 10, 0, 10, 10, 0, 10],
          closed: true,
          stroke: null,
          fill: '#e3eaf2',
          width: 0,
          element: 7,
        },
        {
          layer: 1,
          points: [0, 0, 10, 0, 10, 0.2, 0, 0.2],
          closed: true,
          stroke: '#000000',
          fill: '#4d4d4d',
          width: 0,
          element: 3,
        },
        {
          layer: 2,
          points: [5, 5, 5, 6],
          closed: false,
          stroke: '#000000',
          fill: null,
          width: 0,
          element: 9,
        },
        { layer: 1, points: [8, 8, 9, 9], closed: false, stroke: '#000000', fill: null, width: 0 },
      ],
    };
    expect(elementAt(sheet, 5, 0.1, 0.05)).toBe(3);
    expect(elementAt(sheet, 5.03, 5.5, 0.05)).toBe(9);
    expect(elementAt(sheet, 2, 2, 0.05)).toBe(7);
    expect(elementAt(sheet, 5, 0.1, 0.05, (layer) => layer !== 1)).toBe(7);
    expect(elementAt(sheet, 20, 20, 0.05)).toBeNull();
  });
});
