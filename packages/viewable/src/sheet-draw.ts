/**
 * Draws a `VectorSheet` on a 2D context: the browser's CanvasRenderingContext2D (the sheet
 * engine in @truss/viewer) or any context with the same methods (the converter's preview PNG,
 * @napi-rs/canvas). One routine, so a preview looks like the sheet. Only the paths and texts on
 * shown layers whose boxes meet the visible rectangle are drawn, with points transformed here
 * (not by the context's matrix) so hairlines stay one device pixel at any zoom. No DOM, no Node.
 */
import type { SheetPath, VectorSheet } from './sheets.ts';

/** Device pixels per sheet unit, and where the sheet's origin lands in device pixels (y down). */
export interface SheetView {
  scale: number;
  x: number;
  y: number;
}

/** A rectangle in sheet units: [minX, minY, maxX, maxY]. */
export type SheetRect = [number, number, number, number];

export function rectsOverlap(a: SheetRect, b: SheetRect): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

/** Whether `layer` is shown: layers outside the list (or -1, none) are. */
export function isLayerShown(visibility: readonly boolean[], layer: number): boolean {
  return layer < 0 || layer >= visibility.length || visibility[layer] === true;
}

/** The view that fits `bounds` into a width x height canvas with `margin` pixels around. */
export function fitSheet(
  bounds: readonly [number, number, number, number],
  width: number,
  height: number,
  margin = 0,
): SheetView {
  const [minX, minY, maxX, maxY] = bounds;
  const w = Math.max(maxX - minX, 1e-9);
  const h = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((width - 2 * margin) / w, (height - 2 * margin) / h);
  return {
    scale,
    x: (width - w * scale) / 2 - minX * scale,
    y: (height + h * scale) / 2 + minY * scale,
  };
}

/**
 * The margin, pixels, a vector sheet's stored preview leaves around its frame (a PDF page's
 * preview has none): the sheet engine draws the preview in place until the content is drawn.
 */
export function previewMargin(width: number, height: number): number {
  return Math.round(Math.min(width, height) * 0.02);
}

/** What `drawVectorSheet` uses of a CanvasRenderingContext2D. */
export interface SheetDrawContext {
  strokeStyle: unknown;
  fillStyle: unknown;
  lineWidth: number;
  lineJoin: string;
  lineCap: string;
  font: string;
  textBaseline: string;
  save(): void;
  restore(): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  stroke(): void;
  fill(rule?: 'nonzero' | 'evenodd'): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  fillText(text: string, x: number, y: number): void;
}

export interface DrawVectorOptions {
  /** Device pixels per sheet unit and the origin's place in device pixels (y down). */
  view: SheetView;
  /** Per layer, whether it is shown (see layers.ts); missing layers are shown. */
  visibility?: readonly boolean[];
  /** Only what meets this rectangle (sheet units) is drawn; everything when absent. */
  clip?: SheetRect;
  /** Width of a 0-width (hairline) path, device pixels. */
  hairline?: number;
  /** Colour substituted for near-white strokes and fills, so they show on white paper. */
  paper?: string;
}

/** Per path, its box; computed once per sheet. */
const boxesOf = new WeakMap<VectorSheet, Float64Array>();

function pathBoxes(sheet: VectorSheet): Float64Array {
  let boxes = boxesOf.get(sheet);
  if (boxes) return boxes;
  boxes = new Float64Array(sheet.paths.length * 4);
  sheet.paths.forEach((path, i) => {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let p = 0; p < path.points.length; p += 2) {
      const x = path.points[p]!;
      const y = path.points[p + 1]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    boxes!.set([minX, minY, maxX, maxY], i * 4);
  });
  boxesOf.set(sheet, boxes);
  return boxes;
}

/** White on white paper is invisible: DXF colour 7 is white on a dark screen, black on paper. */
export function inkOnPaper(color: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (!hex) return color;
  const n = parseInt(hex[1]!, 16);
  const luminance = 0.2126 * (n >> 16) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return luminance > 235 ? '#000000' : color;
}

function tracePath(ctx: SheetDrawContext, path: SheetPath, view: SheetView): void {
  const pts = path.points;
  ctx.beginPath();
  ctx.moveTo(view.x + pts[0]! * view.scale, view.y - pts[1]! * view.scale);
  for (let p = 2; p < pts.length; p += 2)
    ctx.lineTo(view.x + pts[p]! * view.scale, view.y - pts[p + 1]! * view.scale);
  if (path.closed) ctx.closePath();
}

/** The indices of the paths drawn with these options (for tests and counts). */
export function visiblePathIndices(sheet: VectorSheet, options: DrawVectorOptions): number[] {
  const boxes = pathBoxes(sheet);
  const out: number[] = [];
  sheet.paths.forEach((path, i) => {
    if (path.points.length < 2) return;
    if (options.visibility && !isLayerShown(options.visibility, path.layer)) return;
    if (options.clip) {
      const box: SheetRect = [
        boxes[i * 4]!,
        boxes[i * 4 + 1]!,
        boxes[i * 4 + 2]!,
        boxes[i * 4 + 3]!,
      ];
      if (!rectsOverlap(box, options.clip)) return;
    }
    out.push(i);
  });
  return out;
}

/** Draws the sheet's paths, then its texts; returns how many paths and texts it drew. */
export function drawVectorSheet(
  ctx: SheetDrawContext,
  sheet: VectorSheet,
  options: DrawVectorOptions,
): { paths: number; texts: number } {
  const { view, visibility, clip } = options;
  const hairline = options.hairline ?? 1;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const drawn = visiblePathIndices(sheet, options);
  for (const i of drawn) {
    const path = sheet.paths[i]!;
    tracePath(ctx, path, view);
    if (path.fill && path.closed) {
      ctx.fillStyle = inkOnPaper(path.fill);
      // Even-odd: a hatch's islands (holes) stay empty.
      ctx.fill('evenodd');
    }
    if (path.stroke) {
      ctx.strokeStyle = inkOnPaper(path.stroke);
      ctx.lineWidth = Math.max(path.width * view.scale, hairline);
      ctx.stroke();
    }
  }
  let texts = 0;
  ctx.textBaseline = 'alphabetic';
  for (const text of sheet.texts) {
    if (visibility && !isLayerShown(visibility, text.layer)) continue;
    const size = text.height * view.scale;
    // Too small to read: skip (a box of a few pixels is noise).
    if (size < 1.5 || !text.text) continue;
    if (clip) {
      const reach = Math.hypot(text.width, text.height);
      const box: SheetRect = [text.x - reach, text.y - reach, text.x + reach, text.y + reach];
      if (!rectsOverlap(box, clip)) continue;
    }
    ctx.save();
    ctx.translate(view.x + text.x * view.scale, view.y - text.y * view.scale);
    if (text.rotation) ctx.rotate((-text.rotation * Math.PI) / 180);
    ctx.fillStyle = inkOnPaper(text.color);
    // The box height is the cap height; a font's em is about 1.4 cap heights.
    ctx.font = `${(size * 1.4).toFixed(2)}px ${text.font ? `"${text.font}", ` : ''}sans-serif`;
    ctx.fillText(text.text, 0, 0);
    ctx.restore();
    texts++;
  }
  ctx.restore();
  return { paths: drawn.length, texts };
}
