import { describe, expect, it } from 'vitest';
import { buildLegend, paletteColor } from './palette.ts';

const rgb = (c: number) => [(c >> 16) & 255, (c >> 8) & 255, c & 255] as const;
const distance = (a: number, b: number) => {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return Math.hypot(r1 - r2, g1 - g2, b1 - b2);
};

describe('colour-by palette', () => {
  it('gives clearly different colours to the first 40 keys', () => {
    const colors = Array.from({ length: 40 }, (_, i) => paletteColor(i));
    expect(new Set(colors).size).toBe(40);
    for (let i = 0; i < colors.length; i++) {
      for (let j = i + 1; j < colors.length; j++)
        expect(distance(colors[i]!, colors[j]!)).toBeGreaterThanOrEqual(40);
    }
    for (const c of colors) {
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThanOrEqual(0xffffff);
    }
  });

  it('groups by key, most frequent first, skipping null keys', () => {
    const types: Record<number, string | null> = {
      0: 'IfcWall',
      1: 'IfcDoor',
      2: 'IfcWall',
      3: null,
      4: 'IfcWall',
      5: 'IfcDoor',
      6: 'IfcSlab',
    };
    const { legend, colors } = buildLegend([0, 1, 2, 3, 4, 5, 6], (id) => types[id] ?? null);
    expect(legend.map(({ key, count }) => [key, count])).toEqual([
      ['IfcWall', 3],
      ['IfcDoor', 2],
      ['IfcSlab', 1],
    ]);
    expect(colors.get(0)).toBe(legend[0]!.color);
    expect(colors.get(5)).toBe(legend[1]!.color);
    expect(colors.has(3)).toBe(false);
    expect(new Set(legend.map((l) => l.color)).size).toBe(3);
  });

  it('gives fixed keys their own colour, lists them last and keeps the palette for the rest', () => {
    const keys = ['a', 'none', 'none', 'none', 'b', 'b'];
    const grey = 0xd1d5db;
    const { legend, colors } = buildLegend(
      [0, 1, 2, 3, 4, 5],
      (id) => keys[id] ?? null,
      new Map([['none', grey]]),
    );
    expect(legend.map((entry) => entry.key)).toEqual(['b', 'a', 'none']);
    expect(legend[0]!.color).toBe(paletteColor(0));
    expect(legend[1]!.color).toBe(paletteColor(1));
    expect(legend[2]).toEqual({ key: 'none', color: grey, count: 3 });
    expect(colors.get(1)).toBe(grey);
  });
});
