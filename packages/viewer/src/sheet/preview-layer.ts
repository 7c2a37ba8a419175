/**
 * The sheet's stored raster preview (the converter's 1024 px PNG), drawn where the sheet is
 * until its content is: a PDF page otherwise shows nothing until pdf.js's chunk, its worker,
 * the PDF and a render have all come, and a large vector sheet until its JSON has.
 */
import { fitSheet, previewMargin, type SheetInfo } from '@truss/viewable';
import type { SheetSource } from './types.ts';
import type { SheetView } from './view.ts';

/** The source's preview layer, or none when it has no preview URL. */
export function previewOf(source: SheetSource, onReady: () => void): PreviewLayer | null {
  return source.previewUrl ? new PreviewLayer(source.previewUrl, source.info, onReady) : null;
}

export class PreviewLayer {
  private image: HTMLImageElement | null = null;
  private disposed = false;

  constructor(
    url: string,
    private readonly info: SheetInfo,
    /** The image is decoded: draw again. */
    onReady: () => void,
  ) {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    image.decode().then(
      () => {
        if (this.disposed) return;
        this.image = image;
        onReady();
      },
      () => undefined, // no preview: the content comes anyway
    );
  }

  /**
   * Draws the preview as `view` (device px) shows the sheet: the converter fitted the frame
   * [0, 0, width, height] (the paper, or the content's bounds for model space) into the image,
   * with previewMargin around a vector sheet and none around a PDF page.
   */
  draw(ctx: CanvasRenderingContext2D, view: SheetView): void {
    const { image, info } = this;
    if (!image) return;
    const w = image.naturalWidth;
    const h = image.naturalHeight;
    const margin = info.content === 'pdf' ? 0 : previewMargin(w, h);
    const at = fitSheet([0, 0, info.width, info.height], w, h, margin);
    const k = view.scale / at.scale;
    ctx.save();
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, view.x - at.x * k, view.y - at.y * k, w * k, h * k);
    ctx.restore();
  }

  dispose(): void {
    this.disposed = true;
    this.image = null;
  }
}
