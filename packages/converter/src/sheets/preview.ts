/** Sheet previews: PNGs drawn with @napi-rs/canvas (prebuilt Skia, no install script). */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { drawVectorSheet, fitSheet, previewMargin, type VectorSheet } from '@truss/viewable';

/** Long side of the stored preview, pixels (`SHEET_FILES.preview`). */
export const PREVIEW_SIZE = 1024;

export function encodePng(canvas: Canvas): Uint8Array {
  const buffer = canvas.toBuffer('image/png');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * A vector sheet drawn on white, `frame` (sheet units: the paper, or the content's bounds)
 * fitted into PREVIEW_SIZE pixels on its long side.
 */
export function renderVectorPreview(
  sheet: VectorSheet,
  frame: [number, number, number, number],
  size = PREVIEW_SIZE,
): Uint8Array {
  const w = Math.max(frame[2] - frame[0], 1e-9);
  const h = Math.max(frame[3] - frame[1], 1e-9);
  const width = Math.max(1, Math.round(w >= h ? size : (size * w) / h));
  const height = Math.max(1, Math.round(h >= w ? size : (size * h) / w));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const margin = previewMargin(width, height);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  drawVectorSheet(context, sheet, { view: fitSheet(frame, width, height, margin) });
  return encodePng(canvas);
}

/** A stored preview scaled to `width` pixels (the preview route). */
export async function scalePng(png: Uint8Array, width: number): Promise<Uint8Array> {
  const { loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return encodePng(canvas);
}
