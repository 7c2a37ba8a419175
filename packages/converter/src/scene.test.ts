import { describe, expect, it } from 'vitest';
import { MatrixSlab } from './scene.ts';

describe('MatrixSlab', () => {
  it('hands out 4x4 matrices that keep their values and never share numbers', () => {
    const slab = new MatrixSlab(3);
    const taken = Array.from({ length: 10 }, (_, n) =>
      slab.take(Array.from({ length: 16 }, (_, k) => n * 100 + k)),
    );
    taken.forEach((matrix, n) => {
      expect(matrix).toHaveLength(16);
      expect([...matrix]).toEqual(Array.from({ length: 16 }, (_, k) => n * 100 + k));
    });
    // Writing one leaves the others as they were.
    taken[4]!.fill(-1);
    expect(taken[3]![15]).toBe(315);
    expect(taken[5]![0]).toBe(500);
    // Three to a block: the fourth starts a new one.
    expect(taken[2]!.buffer).toBe(taken[0]!.buffer);
    expect(taken[3]!.buffer).not.toBe(taken[0]!.buffer);
  });
});
