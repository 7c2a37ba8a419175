/**
 * What the sheet engine draws over the content: search hits (the current one outlined) and
 * measurements with their labels, the one being drawn dashed to the pointer.
 */
import type { SheetMeasurement, MeasureTool } from './measure-tool.ts';
import type { Point } from './measure.ts';
import type { SheetSearchHit } from './search.ts';
import { toScreen, type SheetView } from './view.ts';

const HIT_FILL = 'rgba(250, 204, 21, 0.4)';
const HIT_CURRENT = '#ea580c';
const MEASURE_COLOR = '#2563eb';
const AREA_FILL = 'rgba(37, 99, 235, 0.12)';

function trace(
  ctx: CanvasRenderingContext2D,
  points: readonly Point[],
  closed: boolean,
  dv: SheetView,
): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => {
    const [sx, sy] = toScreen(dv, x, y);
    if (i === 0) ctx.moveTo(sx, sy);
    else ctx.lineTo(sx, sy);
  });
  if (closed) ctx.closePath();
}

function label(
  ctx: CanvasRenderingContext2D,
  text: string,
  at: Point,
  dv: SheetView,
  ratio: number,
): void {
  const [sx, sy] = toScreen(dv, at[0], at[1]);
  ctx.font = `${12 * ratio}px sans-serif`;
  const w = ctx.measureText(text).width + 8 * ratio;
  const h = 18 * ratio;
  const top = sy - h - 6 * ratio;
  ctx.fillStyle = MEASURE_COLOR;
  ctx.fillRect(sx - w / 2, top, w, h);
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  ctx.fillText(text, sx, top + h / 2);
  ctx.textAlign = 'start';
}

/** Midpoint of a distance, vertex mean of an area. */
export function labelPoint(points: readonly Point[], kind: 'distance' | 'area'): Point {
  if (kind === 'distance') {
    const a = points[0]!;
    const b = points[points.length - 1]!;
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  }
  const n = points.length;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

export function drawHits(
  ctx: CanvasRenderingContext2D,
  hits: readonly SheetSearchHit[],
  current: number,
  dv: SheetView,
  ratio: number,
): void {
  ctx.save();
  hits.forEach((hit, i) => {
    trace(ctx, hit.corners, true, dv);
    ctx.fillStyle = HIT_FILL;
    ctx.fill();
    if (i === current) {
      ctx.strokeStyle = HIT_CURRENT;
      ctx.lineWidth = 2.5 * ratio;
      ctx.stroke();
    }
  });
  ctx.restore();
}

function drawMeasurement(
  ctx: CanvasRenderingContext2D,
  m: SheetMeasurement,
  dv: SheetView,
  ratio: number,
): void {
  trace(ctx, m.points, m.kind === 'area', dv);
  if (m.kind === 'area') {
    ctx.fillStyle = AREA_FILL;
    ctx.fill();
  }
  ctx.stroke();
  label(ctx, m.text, labelPoint(m.points, m.kind), dv, ratio);
}

export function drawMeasures(
  ctx: CanvasRenderingContext2D,
  tool: MeasureTool,
  hover: Point | null,
  dv: SheetView,
  ratio: number,
): void {
  ctx.save();
  ctx.lineWidth = 2 * ratio;
  ctx.strokeStyle = MEASURE_COLOR;
  for (const m of tool.measurements) drawMeasurement(ctx, m, dv, ratio);
  const live = hover && tool.tool !== 'pan' ? [...tool.draft, hover] : tool.draft;
  if (live.length > 0) {
    const area = tool.tool === 'area' && live.length > 2;
    ctx.setLineDash([6 * ratio, 4 * ratio]);
    trace(ctx, live, area, dv);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = MEASURE_COLOR;
    for (const [x, y] of tool.draft) {
      const [sx, sy] = toScreen(dv, x, y);
      ctx.fillRect(sx - 3 * ratio, sy - 3 * ratio, 6 * ratio, 6 * ratio);
    }
    if (live.length >= 2 && tool.tool !== 'calibrate') {
      const { text } = tool.valueOf(area ? 'area' : 'distance', live);
      label(ctx, text, live[live.length - 1]!, dv, ratio);
    }
  }
  ctx.restore();
}

export function insidePolygon(p: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}
