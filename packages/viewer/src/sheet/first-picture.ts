/**
 * A sheet's first picture: the grey surround, the paper and the sheet's stored raster preview,
 * at the fitted view. The engine draws it this way until the content is drawn (viewer.ts), and
 * a drawing's page draws it the same way before the engine exists (the web app's boot, inline
 * in its HTML), so the engine takes over the canvas without the picture moving. Pure drawing on
 * a 2D context: no engine, no pdf.js.
 */
import { fitSheet, previewMargin, type SheetInfo } from '@truss/viewable';
import { fitView, toScreen, type SheetRect, type SheetView, type ViewSize } from './view.ts';

/** The view's surround. */
export const SHEET_BACKGROUND = '#e5e7eb';
/** CSS px between the fitted sheet and the view's edges. */
export const FIT_PADDING = 24;

/** The view a sheet first shows at in a view of `size` CSS px: its paper, fitted. */
export function firstSheetView(info: Pick<SheetInfo, 'width' | 'height'>, size: ViewSize) {
  return fitView([0, 0, info.width, info.height], size, FIT_PADDING);
}

/** The device-pixel view of a CSS-pixel `view` at `ratio` device px per CSS px. */
export function deviceView(view: SheetView, ratio: number): SheetView {
  return { scale: view.scale * ratio, x: view.x * ratio, y: view.y * ratio };
}

/** Sizes a canvas's backing store, only where it differs: a new size clears the canvas. */
export function sizeBacking(canvas: HTMLCanvasElement, width: number, height: number): void {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

/** Fills the canvas with the surround and draws the paper of `extent` (sheet units). */
export function drawPaper(
  ctx: CanvasRenderingContext2D,
  dv: SheetView,
  extent: SheetRect,
  ratio: number,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = SHEET_BACKGROUND;
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const [x0, y0, x1, y1] = extent;
  const [sx0, sy0] = toScreen(dv, x0, y1);
  const [sx1, sy1] = toScreen(dv, x1, y0);
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.18)';
  ctx.shadowBlur = 8 * ratio;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(sx0, sy0, sx1 - sx0, sy1 - sy0);
  ctx.restore();
}

/**
 * Draws the preview image as `dv` (device px) shows the sheet: the converter fitted the frame
 * [0, 0, width, height] (the paper, or the content's bounds for model space) into the image,
 * with previewMargin around a vector sheet and none around a PDF page.
 */
export function drawPreviewImage(
  ctx: CanvasRenderingContext2D,
  image: HTMLImageElement,
  info: Pick<SheetInfo, 'width' | 'height' | 'content'>,
  dv: SheetView,
): void {
  const w = image.naturalWidth;
  const h = image.naturalHeight;
  if (!w || !h) return;
  const margin = info.content === 'pdf' ? 0 : previewMargin(w, h);
  const at = fitSheet([0, 0, info.width, info.height], w, h, margin);
  const k = dv.scale / at.scale;
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, dv.x - at.x * k, dv.y - at.y * k, w * k, h * k);
  ctx.restore();
}

/**
 * The first picture of `info` on `canvas` (its backing store `ratio` times `size`): what the
 * engine's first frame shows once it has loaded the sheet's info and its preview.
 */
export function drawFirstPicture(
  canvas: HTMLCanvasElement,
  info: Pick<SheetInfo, 'width' | 'height' | 'content'>,
  image: HTMLImageElement | null,
  size: ViewSize,
  ratio: number,
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const dv = deviceView(firstSheetView(info, size), ratio);
  drawPaper(ctx, dv, [0, 0, info.width, info.height], ratio);
  if (image) drawPreviewImage(ctx, image, info, dv);
}
