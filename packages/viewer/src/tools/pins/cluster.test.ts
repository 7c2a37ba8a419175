import { describe, expect, it } from 'vitest';
import { clusterLabel, clusterPins, type ScreenPin } from './cluster.ts';

describe('pin clustering', () => {
  it('merges pins closer than the radius and keeps distant ones apart', () => {
    const pins: ScreenPin[] = [
      { index: 0, x: 100, y: 100 },
      { index: 1, x: 110, y: 105 },
      { index: 2, x: 300, y: 100 },
      { index: 3, x: 100, y: 129 },
    ];
    const clusters = clusterPins(pins, 30);
    expect(clusters).toEqual([
      { anchor: 0, members: [0, 1, 3] },
      { anchor: 2, members: [2] },
    ]);
  });

  it('finds neighbours across grid cells and never puts a pin in two clusters', () => {
    // 29 and 31 fall in different 30-px cells but are 2 px apart.
    const pins: ScreenPin[] = [
      { index: 7, x: 29, y: 29 },
      { index: 8, x: 31, y: 31 },
      { index: 9, x: 55, y: 31 },
    ];
    const clusters = clusterPins(pins, 30);
    expect(clusters).toEqual([{ anchor: 7, members: [7, 8, 9] }]);
    const all = clusters.flatMap((c) => c.members);
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives one cluster per pin when clustering is off', () => {
    const pins: ScreenPin[] = [
      { index: 0, x: 1, y: 1 },
      { index: 1, x: 1, y: 1 },
    ];
    expect(clusterPins(pins, 0)).toHaveLength(2);
  });

  it('clusters a thousand pins quickly', () => {
    const pins: ScreenPin[] = Array.from({ length: 1000 }, (_, i) => ({
      index: i,
      x: (i * 37) % 1600,
      y: (i * 91) % 900,
    }));
    for (let k = 0; k < 20; k += 1) clusterPins(pins, 28);
    const started = performance.now();
    for (let k = 0; k < 50; k += 1) clusterPins(pins, 28);
    // ~0.2 ms on a warm JIT; the bound leaves room for a loaded CI machine.
    const each = (performance.now() - started) / 50;
    expect(each).toBeLessThan(5);
    const total = clusterPins(pins, 28).reduce((n, c) => n + c.members.length, 0);
    expect(total).toBe(1000);
  });

  it('labels counts', () => {
    expect(clusterLabel(1)).toBe('');
    expect(clusterLabel(7)).toBe('7');
    expect(clusterLabel(99)).toBe('99');
    expect(clusterLabel(100)).toBe('99+');
  });
});
