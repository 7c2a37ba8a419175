import { describe, expect, it } from 'vitest';
import { focusView, sheetFocus } from './sheet-focus';

/** Where sheet point (x, y) lands on screen in a view. */
const screen = (
  view: { scale: number; x: number; y: number },
  x: number,
  y: number,
): [number, number] => [view.x + x * view.scale, view.y - y * view.scale];

describe('showing a place on a sheet', () => {
  it('fits the place, grown a little, into the canvas', () => {
    const a3 = { width: 420, height: 297 };
    const view = focusView([100, 80, 140, 120], a3, 800, 600);
    // 40 x 40 grown by a fifth (48), a 24 px margin: 552 px for 48 units.
    expect(view.scale).toBeCloseTo(552 / 48, 9);
    const [x0, y0] = screen(view, 100, 120);
    const [x1, y1] = screen(view, 140, 80);
    expect((x0 + x1) / 2).toBeCloseTo(400, 9);
    expect((y0 + y1) / 2).toBeCloseTo(300, 9);
    expect(x1 - x0).toBeCloseTo(460, 9);
  });

  it('shows a lone pin with a tenth of the sheet around it', () => {
    const view = focusView([50, 60, 50, 60], { width: 420, height: 297 }, 800, 600);
    // 42 units across the shorter side (600 px less the margins).
    expect(view.scale).toBeCloseTo(552 / 42, 9);
    expect(screen(view, 50, 60)).toEqual([expect.closeTo(400, 9), expect.closeTo(300, 9)]);
  });

  it('keeps each request until a sheet view has shown it', () => {
    sheetFocus.request('p2', [0, 0, 1, 1]);
    const first = sheetFocus.get()!;
    expect(sheetFocus.waiting(first)).toBe(true);
    sheetFocus.shown(first);
    expect(sheetFocus.waiting(first)).toBe(false);
    sheetFocus.request('p2', [0, 0, 1, 1]);
    expect(sheetFocus.get()!.seq).toBe(first.seq + 1);
    expect(sheetFocus.waiting(sheetFocus.get()!)).toBe(true);
  });
});
