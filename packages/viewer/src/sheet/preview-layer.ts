/**
 * The sheet's stored raster preview (the converter's 1024 px PNG), drawn where the sheet is
 * until its content is: a PDF page otherwise shows nothing until pdf.js's chunk, its worker,
 * the PDF and a render have all come, and a large vector sheet until its JSON has.
 */
import type { SheetInfo } from '@truss/viewable';
import { drawPreviewImage } from './first-picture.ts';
import type { SheetSource } from './types.ts';
import type { SheetView } from './view.ts';

/** The source's preview layer, or none when it has no preview URL. */
export function previewOf(source: SheetSource, onReady: () => void): PreviewLayer | null {
  if (source.preview) return new PreviewLayer(source.preview, source.info, onReady);
  return source.previewUrl ? new PreviewLayer(source.previewUrl, source.info, onReady) : null;
}

export class PreviewLayer {
  private image: HTMLImageElement | null = null;
  private disposed = false;

  constructor(
    /** The preview's URL, or its image as the page's boot decodes it (null: none). */
    from: string | Promise<HTMLImageElement | null>,
    private readonly info: SheetInfo,
    /** The image is decoded: draw again. */
    onReady: () => void,
  ) {
    let decoded: Promise<HTMLImageElement | null>;
    if (typeof from === 'string') {
      const image = new Image();
      image.decoding = 'async';
      image.src = from;
      decoded = image.decode().then(() => image);
    } else decoded = from;
    decoded.then(
      (image) => {
        if (this.disposed || !image) return;
        this.image = image;
        onReady();
      },
      () => undefined, // no preview: the content comes anyway
    );
  }

  /** Draws the preview as `view` (device px) shows the sheet (drawPreviewImage). */
  draw(ctx: CanvasRenderingContext2D, view: SheetView): void {
    if (this.image) drawPreviewImage(ctx, this.image, this.info, view);
  }

  dispose(): void {
    this.disposed = true;
    this.image = null;
  }
}
