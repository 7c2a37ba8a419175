import { describe, expect, it } from 'vitest';
import { boxSelect, boxSelectMode } from './box-select.ts';

// A flat projection: world x,y -> pixels x*10, y*10 (z ignored); z < 0 counts as behind.
const project = (x: number, y: number, z: number) => (z < 0 ? null : { x: x * 10, y: y * 10 });
const boxes = new Float32Array([
  // 0: [1,1]-[2,2]
  1,
  1,
  0,
  2,
  2,
  1,
  // 1: [1.5,1.5]-[5,5] (crosses the rectangle's edge)
  1.5,
  1.5,
  0,
  5,
  5,
  1,
  // 2: far away
  10,
  10,
  0,
  11,
  11,
  1,
  // 3: draws nothing
  Infinity,
  Infinity,
  Infinity,
  -Infinity,
  -Infinity,
  -Infinity,
  // 4: partly behind the camera
  1,
  1,
  -1,
  2,
  2,
  1,
]);

describe('box select', () => {
  it('chooses window mode left to right, crossing right to left', () => {
    expect(boxSelectMode(10, 50)).toBe('window');
    expect(boxSelectMode(50, 10)).toBe('crossing');
  });

  it('window takes only elements wholly inside', () => {
    const rect = { x0: 5, y0: 5, x1: 30, y1: 30 };
    expect(boxSelect(boxes, () => true, project, rect, 'window')).toEqual([0]);
  });

  it('crossing takes every element touched', () => {
    const rect = { x0: 30, y0: 30, x1: 5, y1: 5 };
    expect(boxSelect(boxes, () => true, project, rect, 'crossing')).toEqual([0, 1]);
  });

  it('skips hidden elements', () => {
    const rect = { x0: 0, y0: 0, x1: 200, y1: 200 };
    expect(boxSelect(boxes, (id) => id !== 1, project, rect, 'window')).toEqual([0, 2]);
  });
});
