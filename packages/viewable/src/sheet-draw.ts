/**
 * Draws a `VectorSheet` on a 2D canvas context: the converter's preview PNG (@napi-rs/canvas in
 * Node) and any browser canvas use the same routine. Plain 2D context calls only, no DOM.
 */
import type { SheetPath, VectorSheet } from './sheets.ts';

/** The part of CanvasRenderingContext2D the routine uses (@napi-rs/canvas's context fits). */
export interface SheetDrawContext {
  save(): void;
  restore(): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  stroke(): void;
  fill(rule?: 'nonzero' | 'evenodd'): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  strokeStyle: unknown;
  fillStyle: unknown;
  font: string;
  textBaseline: string;
}

export interface SheetDrawOptions {
  /** Device pixels per sheet unit. */
  scale: number;
  /** Device pixel where the sheet point (0, 0) lands (y of the canvas grows downwards). */
  offsetX: number;
  offsetY: number;
  /** Layer indices not to draw (layers switched off by the user). */
  hiddenLayers?: ReadonlySet<number>;
  /** Fills the whole canvas first (width, height in device pixels), e.g. '#ffffff'. */
  background?: { color: string; width: number; height: number };
  /**
   * Colour drawn instead of white (ACI 7 is "black on a light background, white on a dark
   * one"). Default '#000000'; pass null to keep white as white (a dark background).
   */
  whiteAs?: string | null;
}

/** Device-space fit of `bounds` into a width x height canvas with `margin` pixels around. */
export function fitSheet(
  bounds: readonly [number, number, number, number],
  width: number,
  height: number,
  margin = 0,
): Pick<SheetDrawOptions, 'scale' | 'offsetX' | 'offsetY'> {
  const [minX, minY, maxX, maxY] = bounds;
  const w = Math.max(maxX - minX, 1e-9);
  const h = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((width - 2 * margin) / w, (height - 2 * margin) / h);
  const offsetX = (width - w * scale) / 2 - minX * scale;
  const offsetY = (height + h * scale) / 2 + minY * scale;
  return { scale, offsetX, offsetY };
}

function colour(value: string, whiteAs: string | null): string {
  if (whiteAs && value.toLowerCase() === '#ffffff') return whiteAs;
  return value;
}

function tracePath(ctx: SheetDrawContext, path: SheetPath, o: SheetDrawOptions): void {
  const p = path.points;
  ctx.beginPath();
  ctx.moveTo(p[0]! * o.scale + o.offsetX, o.offsetY - p[1]! * o.scale);
  for (let i = 2; i + 1 < p.length; i += 2) {
    ctx.lineTo(p[i]! * o.scale + o.offsetX, o.offsetY - p[i + 1]! * o.scale);
  }
  if (path.closed) ctx.closePath();
}

/** Draws the sheet's paths (fills first, then strokes in order) and its texts. */
export function drawVectorSheet(
  ctx: SheetDrawContext,
  sheet: VectorSheet,
  options: SheetDrawOptions,
): void {
  const whiteAs = options.whiteAs === undefined ? '#000000' : options.whiteAs;
  const hidden = options.hiddenLayers;
  ctx.save();
  if (options.background) {
    ctx.fillStyle = options.background.color;
    ctx.fillRect(0, 0, options.background.width, options.background.height);
  }
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const path of sheet.paths) {
    if (path.points.length < 4 || hidden?.has(path.layer)) continue;
    tracePath(ctx, path, options);
    if (path.fill && path.closed) {
      ctx.fillStyle = colour(path.fill, whiteAs);
      ctx.fill('evenodd');
    }
    if (path.stroke) {
      ctx.strokeStyle = colour(path.stroke, whiteAs);
      ctx.lineWidth = Math.max(1, path.width * options.scale);
      ctx.stroke();
    }
  }
  ctx.textBaseline = 'alphabetic';
  for (const text of sheet.texts) {
    if (hidden?.has(text.layer)) continue;
    // `height` is the cap height (DXF's text height); a font's em is about 1/0.7 of it.
    const size = (text.height / 0.7) * options.scale;
    if (size < 1.5 || !text.text) continue; // below a pixel and a half: unreadable anyway
    ctx.save();
    ctx.translate(
      text.x * options.scale + options.offsetX,
      options.offsetY - text.y * options.scale,
    );
    if (text.rotation) ctx.rotate((-text.rotation * Math.PI) / 180);
    ctx.fillStyle = colour(text.color, whiteAs);
    ctx.font = `${size.toFixed(2)}px ${text.font ? `"${text.font}", ` : ''}sans-serif`;
    ctx.fillText(text.text, 0, 0);
    ctx.restore();
  }
  ctx.restore();
}
