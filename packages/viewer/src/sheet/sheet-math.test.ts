import type { SheetLayer, SheetText, VectorSheet } from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import { drawVectorSheet, inkOnPaper, visiblePathIndices, type SheetDrawContext } from './draw.ts';
import { filterByLayer, isLayerShown, layerVisibility } from './layers.ts';
import {
  calibrateFromKnownLength,
  formatMeasuredArea,
  formatMeasuredLength,
  measuredArea,
  measuredLength,
  polygonArea,
  polygonPerimeter,
  polylineLength,
  unitCalibration,
} from './measure.ts';
import { pdfViewportFor, unitsPerPoint } from './pdf.ts';
import { normalizeForSearch, searchSheetTexts, SheetTextSearch, textCorners } from './search.ts';
import {
  fitView,
  paperScale,
  scaleLimits,
  toScreen,
  toSheet,
  visibleRect,
  zoomAt,
  zoomOnto,
  zoomPercent,
  zoomToScale,
} from './view.ts';

const size = { width: 800, height: 600 };

describe('sheet view transform', () => {
  it('maps sheet points (y up) to the screen (y down) and back', () => {
    const view = { scale: 2, x: 100, y: 500 };
    expect(toScreen(view, 10, 20)).toEqual([120, 460]);
    expect(toSheet(view, 120, 460)).toEqual([10, 20]);
  });

  it('fits an A3 landscape sheet centred with padding', () => {
    const view = fitView([0, 0, 420, 297], size, 20);
    // Width limits: 760 / 420.
    expect(view.scale).toBeCloseTo(760 / 420, 9);
    const [left, top] = toScreen(view, 0, 297);
    const [right, bottom] = toScreen(view, 420, 0);
    expect(left).toBeCloseTo(20, 9);
    expect(right).toBeCloseTo(780, 9);
    expect((top + bottom) / 2).toBeCloseTo(300, 9);
    const rect = visibleRect(view, size);
    expect(rect[0]).toBeCloseTo(-20 / view.scale, 9);
    expect(rect[2]).toBeCloseTo(420 + 20 / view.scale, 9);
  });

  it('zooms about the cursor: the point under it stays, the scale is clamped', () => {
    const view = { scale: 1, x: 0, y: 600 };
    const before = toSheet(view, 300, 200);
    const zoomed = zoomAt(view, 4, 300, 200);
    expect(zoomed.scale).toBe(4);
    const after = toSheet(zoomed, 300, 200);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
    expect(zoomAt(view, 100, 0, 0, { min: 0.5, max: 8 }).scale).toBe(8);
    expect(zoomAt(view, 0.01, 0, 0, { min: 0.5, max: 8 }).scale).toBe(0.5);
  });

  it('puts 100 % at paper size: 96 CSS px to the inch', () => {
    expect(paperScale('in')).toBeCloseTo(96, 9);
    expect(paperScale('mm')).toBeCloseTo(96 / 25.4, 9);
    const view = zoomToScale({ scale: 1, x: 0, y: 0 }, paperScale('mm') * 8, size);
    expect(zoomPercent(view, 'mm')).toBeCloseTo(800, 9);
    // 800 % of paper is within the limits of an A3 fitted on a laptop.
    const fit = fitView([0, 0, 420, 297], { width: 1280, height: 800 }).scale;
    expect(scaleLimits(fit, 'mm').max).toBeGreaterThan(paperScale('mm') * 8);
  });
});

describe('zooming onto a search hit', () => {
  it('centres the box and zooms in until it is 24 px tall, never out nor past the limit', () => {
    const size = { width: 800, height: 600 };
    const near = zoomOnto({ scale: 1, x: 0, y: 0 }, [10, 20, 30, 22], size, 100);
    expect(near.scale).toBe(12);
    expect(toScreen(near, 20, 21)).toEqual([400, 300]);
    expect(zoomOnto({ scale: 50, x: 0, y: 0 }, [10, 20, 30, 22], size, 100).scale).toBe(50);
    expect(zoomOnto({ scale: 1, x: 0, y: 0 }, [0, 0, 0.01, 0.01], size, 100).scale).toBe(100);
  });
});

describe('PDF viewport', () => {
  it('puts the page where the view shows it, at device pixels', () => {
    // A3 landscape: 1190.55 x 841.89 pt; the view at 3 CSS px per mm, DPR 2.
    const heightPt = (297 * 72) / 25.4;
    const view = { scale: 3, x: 50, y: 1000 };
    const vp = pdfViewportFor(view, 2, heightPt, 'mm');
    expect(vp.scale).toBeCloseTo(2 * 3 * unitsPerPoint('mm'), 12);
    // The page's top-left corner (sheet 0, 297) lands at the device offset.
    const [sx, sy] = toScreen(view, 0, 297);
    expect(vp.offsetX).toBeCloseTo(2 * sx, 9);
    expect(vp.offsetY).toBeCloseTo(2 * sy, 9);
  });
});

const layers: SheetLayer[] = [
  { name: '0', visible: true, color: '#ffffff' },
  { name: 'DIM', visible: true, color: '#ff0000' },
  { name: 'HIDDEN', visible: false, color: '#00ff00' },
];

describe('layers', () => {
  it('takes the source flags unless the user toggled a layer', () => {
    expect(layerVisibility(layers, new Map())).toEqual([true, true, false]);
    expect(
      layerVisibility(
        layers,
        new Map([
          ['DIM', false],
          ['HIDDEN', true],
        ]),
      ),
    ).toEqual([true, false, true]);
  });

  it('always shows items with no layer and filters the rest', () => {
    const vis = [true, false];
    expect(isLayerShown(vis, -1)).toBe(true);
    expect(isLayerShown(vis, 1)).toBe(false);
    expect(filterByLayer([{ layer: 0 }, { layer: 1 }, { layer: -1 }], vis)).toEqual([
      { layer: 0 },
      { layer: -1 },
    ]);
  });
});

function text(partial: Partial<SheetText> & { text: string }): SheetText {
  return { x: 0, y: 0, width: 10, height: 2, rotation: 0, layer: -1, ...partial };
}

describe('text search', () => {
  const texts = [
    text({ text: 'DOOR D-01', x: 50, y: 10, layer: 1 }),
    text({ text: 'Door schedule', x: 10, y: 100 }),
    text({ text: 'Window', x: 0, y: 50 }),
    text({ text: 'ＤＯＯＲ hidden', x: 0, y: 0, layer: 2 }),
    text({ text: 'door  left', x: 0, y: 10, layer: 0 }),
  ];

  it('matches across case, full width and spaces, in reading order', () => {
    expect(normalizeForSearch('  ＤＯＯＲ\n Left ')).toBe('door left');
    const hits = searchSheetTexts(texts, 'door');
    expect(hits.map((h) => h.text)).toEqual([
      'Door schedule',
      'door  left',
      'DOOR D-01',
      'ＤＯＯＲ hidden',
    ]);
  });

  it('runs the query again when the texts arrive late or layers change', () => {
    const search = new SheetTextSearch();
    expect(search.run('door', [true, true, true])).toEqual([]);
    search.current = 0;
    search.refresh([true, true, true], texts);
    expect(search.hits).toHaveLength(4);
    expect(search.current).toBe(-1);
    search.refresh([true, true, false]);
    expect(search.hits.map((h) => h.index)).toEqual([1, 4, 0]);
    search.reset();
    search.refresh([true, true, true], texts);
    expect(search.hits).toEqual([]);
  });

  it('skips texts on hidden layers and finds nothing for an empty query', () => {
    const hits = searchSheetTexts(texts, 'door', [true, true, false]);
    expect(hits.map((h) => h.index)).toEqual([1, 4, 0]);
    expect(searchSheetTexts(texts, '   ')).toEqual([]);
    expect(searchSheetTexts(texts, 'stair')).toEqual([]);
  });

  it('rotates the hit box about the text origin', () => {
    const corners = textCorners(
      text({ text: 'x', x: 5, y: 5, width: 10, height: 2, rotation: 90 }),
    );
    const rounded = corners.map(([x, y]) => [Math.round(x * 1e9) / 1e9, Math.round(y * 1e9) / 1e9]);
    expect(rounded).toEqual([
      [5, 5],
      [5, 15],
      [3, 15],
      [3, 5],
    ]);
  });
});

describe('measure maths', () => {
  it('measures polylines, polygons (either winding) and perimeters', () => {
    expect(
      polylineLength([
        [0, 0],
        [3, 4],
        [3, 10],
      ]),
    ).toBe(11);
    const square: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    expect(polygonArea(square)).toBe(16);
    expect(polygonArea([...square].reverse())).toBe(16);
    expect(polygonPerimeter(square)).toBe(16);
    // An L shape: 4x4 minus 2x2.
    expect(
      polygonArea([
        [0, 0],
        [4, 0],
        [4, 2],
        [2, 2],
        [2, 4],
        [0, 4],
      ]),
    ).toBe(12);
  });

  it('uses the drawing units until calibrated from a known length', () => {
    expect(unitCalibration('mm')).toEqual({ factor: 1, unit: 'mm', calibrated: false });
    expect(unitCalibration('pt').factor).toBeCloseTo(25.4 / 72, 12);
    // On a 1:50 plan printed in mm, 100 mm of paper is 5 m.
    const cal = calibrateFromKnownLength([10, 10], [110, 10], 5, 'm');
    expect(cal).toEqual({ factor: 0.05, unit: 'm', calibrated: true });
    expect(measuredLength(40, cal)).toBeCloseTo(2, 12);
    expect(measuredArea(100 * 100, cal)).toBeCloseTo(25, 12);
    expect(() => calibrateFromKnownLength([1, 1], [1, 1], 5, 'm')).toThrow(RangeError);
    expect(() => calibrateFromKnownLength([0, 0], [1, 1], 0, 'm')).toThrow(RangeError);
  });

  it('formats lengths and areas with their unit', () => {
    expect(formatMeasuredLength(1234.5678, 'mm', 'en')).toBe('1,235 mm');
    expect(formatMeasuredLength(2.5, 'm', 'en')).toBe('2.5 m');
    expect(formatMeasuredArea(12.345, 'm', 'en')).toBe('12.35 m²');
    expect(formatMeasuredLength(0.12345, 'unitless', 'en')).toBe('0.123');
  });
});

/** A context that records what is drawn. */
function recorder(): SheetDrawContext & { calls: string[] } {
  const calls: string[] = [];
  const rec =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push(
        `${name}(${args.map((a) => (typeof a === 'number' ? +a.toFixed(2) : a)).join(',')})`,
      );
    };
  return {
    calls,
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    lineJoin: 'miter',
    lineCap: 'butt',
    font: '',
    textBaseline: 'alphabetic',
    save: rec('save'),
    restore: rec('restore'),
    beginPath: rec('beginPath'),
    moveTo: rec('moveTo'),
    lineTo: rec('lineTo'),
    closePath: rec('closePath'),
    stroke: rec('stroke'),
    fill: rec('fill'),
    translate: rec('translate'),
    rotate: rec('rotate'),
    fillText: rec('fillText'),
  };
}

describe('drawing a vector sheet', () => {
  const sheet: VectorSheet = {
    version: 1,
    bounds: [0, 0, 100, 100],
    paths: [
      { layer: 0, points: [0, 0, 10, 0], closed: false, stroke: '#ffffff', fill: null, width: 0 },
      {
        layer: 1,
        points: [0, 0, 10, 10],
        closed: false,
        stroke: '#ff0000',
        fill: null,
        width: 0.5,
      },
      {
        layer: 0,
        points: [90, 90, 95, 90, 95, 95],
        closed: true,
        stroke: null,
        fill: '#0000ff',
        width: 0,
      },
    ],
    texts: [{ ...text({ text: 'A-101', x: 5, y: 5, height: 2.5, layer: 1 }), color: '#000000' }],
  };

  it('transforms points itself and keeps hairlines one pixel', () => {
    const ctx = recorder();
    const counts = drawVectorSheet(ctx, sheet, { view: { scale: 2, x: 10, y: 300 } });
    expect(counts).toEqual({ paths: 3, texts: 1 });
    expect(ctx.calls).toContain('moveTo(10,300)');
    expect(ctx.calls).toContain('lineTo(30,300)');
    expect(ctx.calls).toContain('fillText(A-101,0,0)');
    expect(ctx.calls.filter((c) => c === 'fill(evenodd)')).toHaveLength(1);
  });

  it('leaves out hidden layers and what lies outside the clip', () => {
    const view = { scale: 2, x: 0, y: 0 };
    expect(visiblePathIndices(sheet, { view, visibility: [true, false] })).toEqual([0, 2]);
    expect(visiblePathIndices(sheet, { view, clip: [50, 50, 100, 100] })).toEqual([2]);
    const ctx = recorder();
    expect(drawVectorSheet(ctx, sheet, { view, visibility: [true, false] })).toEqual({
      paths: 2,
      texts: 0,
    });
  });

  it('draws white ink black on white paper', () => {
    expect(inkOnPaper('#ffffff')).toBe('#000000');
    expect(inkOnPaper('#ff0000')).toBe('#ff0000');
  });
});
