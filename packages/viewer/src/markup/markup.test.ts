import {
  arrowHead,
  cloudOutline,
  drawMarkup,
  fromDevice,
  sheetMapping,
  smoothStroke,
  strokeWidths,
  viewFrame,
  viewMapping,
  type MarkupDrawContext,
  type MarkupPoint,
} from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import { MarkupEditor, STROKE_POINTS_MAX, type MarkupStyle } from './editor.ts';

const style: MarkupStyle = { color: '#e11d48', lineWidth: 0.004, textSize: 0.03, minStep: 0.005 };

describe('markup geometry', () => {
  it('maps the 3D view and sheets to pixels and back', () => {
    const view = viewMapping(800, 600);
    expect(view.toDevice([0.5, 0.25])).toEqual([400, 150]);
    expect(fromDevice({ kind: 'view', width: 800, height: 600 }, [400, 150])).toEqual([0.5, 0.25]);
    // Sheet: y up, 2 px per mm, origin 10 px right and 500 px down.
    const sheetView = { scale: 2, x: 10, y: 500 };
    expect(sheetMapping(sheetView).toDevice([100, 50])).toEqual([210, 400]);
    expect(fromDevice({ kind: 'sheet', ...sheetView }, [210, 400])).toEqual([100, 50]);
  });

  it('fits a 3D markup into the frame of the aspect it was drawn at, on any screen', () => {
    // Drawn at 1280 x 800 (1.6): a circle's box from (0.4, 0.375) to (0.6, 0.695) is 256 x 256.
    const aspect = 1.6;
    const box = (width: number, height: number) => {
      const map = viewMapping(width, height, aspect);
      const [x0, y0] = map.toDevice([0.4, 0.375]);
      const [x1, y1] = map.toDevice([0.6, 0.695]);
      return { w: x1 - x0, h: y1 - y0, x0, y0, scale: map.scale };
    };
    const laptop = box(1280, 800);
    expect(laptop.w).toBeCloseTo(256, 6);
    expect(laptop.h).toBeCloseTo(256, 6);
    // A phone (390 x 844): fitted to the width, letterboxed above and below; still round.
    expect(viewFrame(390, 844, aspect)).toEqual({
      x: 0,
      y: (844 - 243.75) / 2,
      width: 390,
      height: 243.75,
    });
    const phone = box(390, 844);
    expect(phone.w / phone.h).toBeCloseTo(1, 6);
    expect(phone.w).toBeCloseTo(78, 6);
    expect(phone.scale).toBe(390);
    // A wide screen (1600 x 700): fitted to the height (the camera's vertical field of view),
    // pillarboxed left and right.
    expect(viewFrame(1600, 700, aspect)).toEqual({
      x: (1600 - 1120) / 2,
      y: 0,
      width: 1120,
      height: 700,
    });
    const wide = box(1600, 700);
    expect(wide.w / wide.h).toBeCloseTo(1, 6);
    expect(wide.x0).toBeCloseTo(240 + 0.4 * 1120, 6);
    // And back: a device point in the frame is the same markup point on every screen.
    for (const [w, h] of [
      [390, 844],
      [1600, 700],
    ] as const) {
      const device = viewMapping(w, h, aspect).toDevice([0.3, 0.7]);
      const back = fromDevice({ kind: 'view', width: w, height: h, aspect }, device);
      expect(back[0]).toBeCloseTo(0.3, 9);
      expect(back[1]).toBeCloseTo(0.7, 9);
    }
    // Markup saved before the aspect was kept: the whole view, as then.
    expect(viewFrame(390, 844, null)).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(viewMapping(390, 844).toDevice([1, 1])).toEqual([390, 844]);
  });

  it('draws a cloud as scallops outside its box, closed and of the right count', () => {
    const outline = cloudOutline([0, 0], [100, 50], 10, 8);
    // 10 scallops on each long side, 5 on each short one, 8 points each.
    expect(outline).toHaveLength((10 + 5 + 10 + 5) * 8);
    for (const [x, y] of outline) {
      const inside = x > 0.001 && x < 99.999 && y > 0.001 && y < 49.999;
      expect(inside).toBe(false);
      expect(x).toBeGreaterThanOrEqual(-5.001);
      expect(y).toBeLessThanOrEqual(55.001);
    }
    // The top edge's scallops bulge upwards (y < 0 on screen) and start at the corner.
    expect(outline[0]).toEqual([0, expect.closeTo(0, 9)]);
    expect(outline[4]![1]).toBeCloseTo(-5, 9);
    // Corners in either order give the same cloud.
    expect(cloudOutline([100, 50], [0, 0], 10, 8)).toEqual(outline);
  });

  it('points an arrow head back along the shaft', () => {
    const [left, right] = arrowHead([0, 0], [100, 0], 10);
    expect(left[0]).toBeCloseTo(100 - 10 * Math.cos((25 * Math.PI) / 180));
    expect(left[1]).toBeCloseTo(-right[1]);
    expect(Math.hypot(left[0] - 100, left[1])).toBeCloseTo(10);
  });

  it('smooths a stroke keeping its ends and widths it like a pen', () => {
    const zigzag: MarkupPoint[] = [
      [0, 0],
      [10, 10],
      [20, 0],
      [30, 10],
    ];
    const smooth = smoothStroke(zigzag, 2);
    expect(smooth[0]).toEqual([0, 0]);
    expect(smooth[smooth.length - 1]).toEqual([30, 10]);
    expect(smooth.length).toBe(2 + 2 * (2 + 2 * 3) - 2);
    // Corner cutting never reaches the sharp peaks.
    expect(Math.max(...smooth.slice(1, -1).map((p) => p[1]))).toBeLessThan(10);
    const slowFast: MarkupPoint[] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [25, 0],
      [45, 0],
      [65, 0],
      [85, 0],
      [105, 0],
    ];
    const widths = strokeWidths(slowFast, 4);
    expect(widths).toHaveLength(10);
    expect(widths[0]!).toBeLessThan(widths[3]!); // tapered start
    expect(widths[7]!).toBeLessThan(widths[3]!); // fast is thinner
    expect(Math.max(...widths)).toBeLessThanOrEqual(4 * 1.25);
  });

  it('draws every shape in device pixels through the mapping', () => {
    const calls: string[] = [];
    const ctx = new Proxy({} as MarkupDrawContext, {
      get: (_, key: string) =>
        [
          'save',
          'restore',
          'beginPath',
          'closePath',
          'stroke',
          'moveTo',
          'lineTo',
          'ellipse',
          'fillText',
        ].includes(key)
          ? (...args: unknown[]) =>
              calls.push(
                `${key}(${args.map((a) => (typeof a === 'number' ? Math.round(a) : a)).join(',')})`,
              )
          : undefined,
      set: (_, key: string, value) => (calls.push(`${key}=${value}`), true),
    });
    drawMarkup(
      ctx,
      [
        {
          type: 'text',
          at: [0.1, 0.2],
          text: '漏水\nleak',
          size: 0.05,
          color: '#0000ff',
          lineWidth: 0.002,
        },
        { type: 'ellipse', from: [0, 0], to: [0.5, 0.5], color: '#00ff00', lineWidth: 0.01 },
      ],
      viewMapping(1000, 500),
    );
    expect(calls).toContain('font=50px sans-serif');
    expect(calls).toContain('fillText(漏水,100,100)');
    expect(calls).toContain('fillText(leak,100,160)');
    expect(calls).toContain('lineWidth=10');
    expect(calls).toContain(`ellipse(250,125,250,125,0,0,${Math.round(2 * Math.PI)})`);
  });
});

describe('MarkupEditor', () => {
  it('draws, undoes and redoes', () => {
    const editor = new MarkupEditor();
    let changes = 0;
    editor.onChange(() => changes++);
    editor.begin('cloud', [0.1, 0.1], style);
    editor.move([0.4, 0.3]);
    expect(editor.draft).toMatchObject({ type: 'cloud', to: [0.4, 0.3] });
    expect(editor.end()).toMatchObject({ type: 'cloud', from: [0.1, 0.1], to: [0.4, 0.3] });
    editor.addText([0.5, 0.5], '  see here ', style);
    expect(editor.shapes.map((s) => s.type)).toEqual(['cloud', 'text']);
    expect(editor.shapes[1]).toMatchObject({ text: 'see here', size: 0.03 });
    editor.undo();
    expect(editor.shapes.map((s) => s.type)).toEqual(['cloud']);
    expect(editor.canRedo).toBe(true);
    editor.redo();
    expect(editor.shapes).toHaveLength(2);
    editor.undo();
    editor.undo();
    expect(editor.shapes).toHaveLength(0);
    expect(editor.canUndo).toBe(false);
    // A new shape after undo drops the redo branch.
    editor.begin('arrow', [0, 0], style);
    editor.move([0.2, 0]);
    editor.end();
    expect(editor.canRedo).toBe(false);
    expect(changes).toBeGreaterThan(5);
  });

  it('drops clicks that draw nothing and thins very long strokes', () => {
    const editor = new MarkupEditor();
    editor.begin('rectangle', [0.1, 0.1], style);
    editor.move([0.101, 0.1]);
    expect(editor.end()).toBeNull();
    editor.begin('freehand', [0, 0], style);
    editor.move([0.001, 0]); // under minStep: not recorded
    expect(editor.draft).toMatchObject({ points: [[0, 0]] });
    for (let i = 1; i <= STROKE_POINTS_MAX * 2; i++) editor.move([i * 0.01, 0]);
    const stroke = editor.end();
    expect(stroke?.type).toBe('freehand');
    const points = stroke?.type === 'freehand' ? stroke.points : [];
    expect(points.length).toBeLessThanOrEqual(STROKE_POINTS_MAX);
    expect(points[points.length - 1]).toEqual([STROKE_POINTS_MAX * 2 * 0.01, 0]);
    expect(editor.shapes).toHaveLength(1);
  });
});
