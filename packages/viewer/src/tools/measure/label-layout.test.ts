import { describe, expect, it } from 'vitest';
import { separateLabels, type LabelBox } from './label-layout.ts';

const box = (x: number, y: number, width = 60, height = 20): LabelBox => ({ x, y, width, height });

describe('separateLabels', () => {
  it('leaves labels that do not meet where they are', () => {
    expect(separateLabels([box(0, 0), box(100, 0), box(0, 40)])).toEqual([0, 0, 0]);
  });

  it('moves the lower of two overlapping labels just below the upper one', () => {
    expect(separateLabels([box(10, 5), box(0, 0)])).toEqual([17, 0]);
  });

  it('stacks three labels at one spot into a column without overlaps', () => {
    const boxes = [box(0, 0), box(0, 0), box(0, 0)];
    const shifts = separateLabels(boxes);
    const moved = boxes.map((b, i) => ({ ...b, y: b.y + shifts[i]! }));
    expect(moved.map((b) => b.y).sort((a, b) => a - b)).toEqual([0, 22, 44]);
  });

  it('skips labels that are off screen and keeps input order in the result', () => {
    expect(separateLabels([null, box(0, 10), box(0, 0), null])).toEqual([0, 12, 0, 0]);
  });

  it('a label pushed down into another one pushes that one on, and none overlap in the end', () => {
    // B overlaps A and goes below it, where it meets C, which goes below B.
    const boxes = [box(0, 0), box(0, 10), box(30, 22)];
    const shifts = separateLabels(boxes);
    expect(shifts).toEqual([0, 12, 22]);
    const moved = boxes.map((b, i) => ({ ...b, y: b.y + shifts[i]! }));
    for (const a of moved)
      for (const b of moved)
        if (a !== b) expect(a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
  });
});
