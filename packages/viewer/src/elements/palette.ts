/**
 * Distinct legend colours for colour-by: a fixed set of clearly different hues first, then hues
 * spread by the golden angle, skipping any too close to one already given.
 */
import type { Color } from '../api-types.ts';

const BASE: Color[] = [
  0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22,
  0x17becf, 0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5, 0xc49c94, 0xf7b6d2, 0xdbdb8d,
  0x9edae5, 0x393b79,
];

function hslToRgb(h: number, s: number, l: number): Color {
  const k = (n: number) => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return (Math.round(f(0) * 255) << 16) | (Math.round(f(8) * 255) << 8) | Math.round(f(4) * 255);
}

const MIN_DISTANCE = 40;

function rgbDistance(a: Color, b: Color): number {
  return Math.hypot(
    ((a >> 16) & 255) - ((b >> 16) & 255),
    ((a >> 8) & 255) - ((b >> 8) & 255),
    (a & 255) - (b & 255),
  );
}
const accepted: Color[] = [];
for (const color of BASE) {
  if (accepted.every((c) => rgbDistance(c, color) >= MIN_DISTANCE)) accepted.push(color);
}
let candidate = 0;

/** The index-th legend colour: deterministic, each at least MIN_DISTANCE (RGB) from the others. */
export function paletteColor(index: number): Color {
  while (accepted.length <= index) {
    const n = candidate++;
    const hue = (n * 0.618033988749895) % 1;
    const color = hslToRgb(
      hue,
      [0.7, 0.5, 0.9][n % 3]!,
      [0.45, 0.62, 0.32][Math.floor(n / 3) % 3]!,
    );
    // Past a few hundred candidates the colour space is crowded: accept what comes.
    if (n > 2000 || accepted.every((c) => rgbDistance(c, color) >= MIN_DISTANCE))
      accepted.push(color);
  }
  return accepted[index]!;
}

/**
 * Groups element ids by key (null keys are left uncoloured), most frequent first, and assigns
 * palette colours in that order. Keys in `fixed` get their given colour (e.g. grey for "no
 * value") and come last, without using up a palette colour.
 */
export function buildLegend(
  ids: Iterable<number>,
  keyOf: (id: number) => string | null,
  fixed: ReadonlyMap<string, Color> = new Map(),
): { legend: Array<{ key: string; color: Color; count: number }>; colors: Map<number, Color> } {
  const groups = new Map<string, number[]>();
  for (const id of ids) {
    const key = keyOf(id);
    if (key === null) continue;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(id);
  }
  const ordered = [...groups.entries()].sort(
    (a, b) =>
      Number(fixed.has(a[0])) - Number(fixed.has(b[0])) ||
      b[1].length - a[1].length ||
      a[0].localeCompare(b[0]),
  );
  const colors = new Map<number, Color>();
  let next = 0;
  const legend = ordered.map(([key, members]) => {
    const color = fixed.get(key) ?? paletteColor(next++);
    for (const id of members) colors.set(id, color);
    return { key, color, count: members.length };
  });
  return { legend, colors };
}
