/**
 * Markup drawn into a snapshot PNG (the BCF export's): the same `drawMarkup` the browser's markup
 * layer uses, on @napi-rs/canvas. The stored snapshot stays clean (the vectors are the markup,
 * editable until the topic closes); the export draws what the topic holds at that moment.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  drawMarkup,
  fitSheet,
  sheetMapping,
  viewMapping,
  type MarkupDrawContext,
  type MarkupShapeLike,
} from '@truss/viewable';
import { encodePng } from './preview.ts';

/** Where the base image comes from, and so how the markup's space maps onto it. */
export type MarkupBase =
  /**
   * A 3D viewpoint's snapshot: the markup is in 0..1 of the frame of its `aspect` fitted in it
   * (the whole snapshot when the aspects agree, or no aspect was kept).
   */
  | { kind: 'view'; image: Uint8Array; aspect?: number | null }
  /**
   * A sheet's stored preview: `frame` (sheet units) fitted into it with `marginRatio` of its
   * shorter side around (the converter's previews: 0.02 for vector sheets, 0 for PDF pages).
   */
  | {
      kind: 'sheet';
      image: Uint8Array;
      frame: [number, number, number, number];
      marginRatio: number;
    };

/** Smallest long side of a sheet snapshot: a 1024 px preview is scaled up to it. */
const SHEET_SNAPSHOT_SIZE = 1600;

export async function renderMarkupSnapshot(
  base: MarkupBase,
  shapes: readonly MarkupShapeLike[],
): Promise<Uint8Array> {
  const image = await loadImage(
    Buffer.from(base.image.buffer, base.image.byteOffset, base.image.byteLength),
  );
  const k =
    base.kind === 'sheet'
      ? Math.max(1, SHEET_SNAPSHOT_SIZE / Math.max(image.width, image.height))
      : 1;
  const width = Math.max(1, Math.round(image.width * k));
  const height = Math.max(1, Math.round(image.height * k));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, width, height);
  const map =
    base.kind === 'view'
      ? viewMapping(width, height, base.aspect)
      : sheetMapping(
          fitSheet(
            base.frame,
            width,
            height,
            Math.round(Math.min(image.width, image.height) * base.marginRatio) * k,
          ),
        );
  drawMarkup(context as unknown as MarkupDrawContext, shapes, map);
  return encodePng(canvas);
}
