/**
 * The sheet view's transform: sheet units (x right, y up) to CSS pixels of the view (x right,
 * y down). `scale` is CSS pixels per sheet unit; `x`, `y` are where the sheet's origin lands.
 * Pure functions, so the maths is unit-tested without a browser.
 */
import { rectsOverlap, type SheetRect, type SheetUnits, type SheetView } from '@truss/viewable';

export { rectsOverlap, type SheetRect, type SheetView };

export interface ViewSize {
  width: number;
  height: number;
}

/** Millimetres per unit; `unitless` counts as millimetres until calibrated. */
export const MM_PER_UNIT: Record<SheetUnits, number> = {
  mm: 1,
  cm: 10,
  m: 1000,
  in: 25.4,
  ft: 304.8,
  pt: 25.4 / 72,
  unitless: 1,
};

/** CSS pixels per millimetre: CSS fixes 96 px to the inch. */
export const CSS_PX_PER_MM = 96 / 25.4;

/** The scale at which the sheet shows at its paper size (100 %, 1:1). */
export function paperScale(units: SheetUnits): number {
  return MM_PER_UNIT[units] * CSS_PX_PER_MM;
}

export const MIN_ZOOM = 0.01;
export const MAX_ZOOM = 64;

export function toScreen(view: SheetView, x: number, y: number): [number, number] {
  return [view.x + x * view.scale, view.y - y * view.scale];
}

export function toSheet(view: SheetView, sx: number, sy: number): [number, number] {
  return [(sx - view.x) / view.scale, (view.y - sy) / view.scale];
}

/** The part of the sheet plane the view shows. */
export function visibleRect(view: SheetView, size: ViewSize): SheetRect {
  const [x0, y1] = toSheet(view, 0, 0);
  const [x1, y0] = toSheet(view, size.width, size.height);
  return [x0, y0, x1, y1];
}

/** The view that shows `rect` whole and centred, `padding` CSS pixels from each edge. */
export function fitView(rect: SheetRect, size: ViewSize, padding = 16): SheetView {
  const w = Math.max(rect[2] - rect[0], 1e-9);
  const h = Math.max(rect[3] - rect[1], 1e-9);
  const availW = Math.max(size.width - 2 * padding, 1);
  const availH = Math.max(size.height - 2 * padding, 1);
  const scale = Math.min(availW / w, availH / h);
  const cx = (rect[0] + rect[2]) / 2;
  const cy = (rect[1] + rect[3]) / 2;
  return { scale, x: size.width / 2 - cx * scale, y: size.height / 2 + cy * scale };
}

/** Zoom by `factor` keeping the sheet point under (sx, sy) in place; the scale is clamped. */
export function zoomAt(
  view: SheetView,
  factor: number,
  sx: number,
  sy: number,
  limits: { min: number; max: number } = { min: 0, max: Infinity },
): SheetView {
  const scale = Math.min(Math.max(view.scale * factor, limits.min), limits.max);
  const [px, py] = toSheet(view, sx, sy);
  return { scale, x: sx - px * scale, y: sy + py * scale };
}

/** Set the scale, keeping the view's centre in place. */
export function zoomToScale(view: SheetView, scale: number, size: ViewSize): SheetView {
  return zoomAt(view, scale / view.scale, size.width / 2, size.height / 2);
}

export function panBy(view: SheetView, dx: number, dy: number): SheetView {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** Centre the view on a sheet point at the same scale. */
export function centreOn(view: SheetView, x: number, y: number, size: ViewSize): SheetView {
  return {
    scale: view.scale,
    x: size.width / 2 - x * view.scale,
    y: size.height / 2 + y * view.scale,
  };
}

/** Centred on `rect`, zoomed in so its smaller side is at least `minPx` tall, never out. */
export function zoomOnto(
  view: SheetView,
  rect: SheetRect,
  size: ViewSize,
  maxScale: number,
  minPx = 24,
): SheetView {
  const [x0, y0, x1, y1] = rect;
  const tall = Math.max(Math.min(y1 - y0, x1 - x0), 1e-9);
  const scale = Math.min(Math.max(view.scale, minPx / tall), maxScale);
  return centreOn({ ...view, scale }, (x0 + x1) / 2, (y0 + y1) / 2, size);
}

/** Zoom in percent of paper size (100 = 1:1). */
export function zoomPercent(view: SheetView, units: SheetUnits): number {
  return (view.scale / paperScale(units)) * 100;
}

/** The scale limits for a sheet: from a twentieth of the fit to 64x paper size (or 50x fit). */
export function scaleLimits(fit: number, units: SheetUnits): { min: number; max: number } {
  return { min: fit / 20, max: Math.max(paperScale(units) * MAX_ZOOM, fit * 50) };
}
