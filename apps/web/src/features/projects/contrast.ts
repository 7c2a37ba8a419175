/**
 * WCAG 2.1 contrast (relative luminance, contrast ratio) of CSS colours, and the text colour
 * that stays readable on a background chosen at run time (project icons).
 */

/** WCAG 2.1 AA for normal text (1.4.3). */
export const AA_TEXT = 4.5;

export type Rgb = [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() and hsl()/hsla() (alpha ignored); else null. */
export function parseColor(color: string): Rgb | null {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex) {
    if (hex.length === 3 || hex.length === 4) {
      return [0, 1, 2].map((i) => parseInt(hex[i]! + hex[i]!, 16)) as Rgb;
    }
    if (hex.length === 6 || hex.length === 8) {
      return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
    }
    return null;
  }
  const fn = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(value);
  if (!fn) return null;
  const parts = fn[2]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map((part) => ({ n: parseFloat(part), percent: part.endsWith('%') }));
  if (parts.length < 3 || parts.slice(0, 3).some((p) => Number.isNaN(p.n))) return null;
  const [a, b, c] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
  if (fn[1]!.startsWith('rgb')) {
    const channel = (p: typeof a) =>
      Math.min(255, Math.max(0, p.percent ? (p.n * 255) / 100 : p.n));
    return [channel(a), channel(b), channel(c)];
  }
  const unit = (n: number) => Math.min(1, Math.max(0, n / 100));
  return hslToRgb(((a.n % 360) + 360) % 360, unit(b.n), unit(c.n));
}

/** Relative luminance (WCAG 2.1), 0 (black) to 1 (white). */
export function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const WHITE: Rgb = [255, 255, 255];
/** Tailwind's gray-950, the darkest text of the interface. */
export const INK: Rgb = [3, 7, 18];

/**
 * White when it reaches AA on `background`, else whichever of white and the dark ink contrasts
 * more (on every colour one of them reaches at least 4.49:1). An unreadable colour gets white.
 */
export function textColorOn(background: string): 'white' | 'ink' {
  const rgb = parseColor(background);
  if (!rgb) return 'white';
  const white = contrastRatio(rgb, WHITE);
  return white >= AA_TEXT || white >= contrastRatio(rgb, INK) ? 'white' : 'ink';
}
