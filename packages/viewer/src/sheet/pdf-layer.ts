/**
 * A PDF page on the sheet canvas: a sharp render of the visible region at the current scale and
 * pixel ratio, redone (debounced, the previous one cancelled) after the view changes, and a
 * whole-page render at a modest scale under it. Until a sharp render is done both stand in,
 * scaled. The first view is rendered sharp at once and the whole page after it: the page shows
 * as soon as one render of the canvas's size allows (a 2048 px page render and the debounce
 * first had doubled the time to the whole sheet, bench:sheets).
 */
import type { SheetUnits } from '@truss/viewable';
import { unitsPerPoint, type PdfPage } from './pdf.ts';
import type { SheetView } from './view.ts';

const RENDER_DELAY_MS = 120;
const BASE_LONG_SIDE = 2048;

interface Render {
  canvas: HTMLCanvasElement;
  /** The view rendered (CSS px) and the pixel ratio. */
  view: SheetView;
  ratio: number;
}

export interface Target {
  view: SheetView;
  ratio: number;
  width: number;
  height: number;
}

export class PdfLayer {
  private base: Render | null = null;
  private sharp: Render | null = null;
  private task: { cancel(): void } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** Renders started (sharp views and the whole page): the engine's render stats. */
  renders = 0;

  constructor(
    readonly page: PdfPage,
    readonly units: SheetUnits,
    /** A render finished: draw again. */
    private readonly onRendered: () => void,
    /** Renders as ink only (the overlay compare): dark where the page is, clear where it is white. */
    private readonly ink = false,
  ) {}

  /**
   * The first view: rendered sharp now (no debounce), then the whole page for panning, once the
   * sharp one is on screen: started at once, the whole page's first slices held up the frame that
   * shows the sharp one (bench:sheets).
   */
  start(target: Target): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.task?.cancel();
    this.task = null;
    void this.renderSharp(target)
      .then(afterNextFrame)
      .then(() => this.renderBase());
  }

  /** Something of the page has been rendered (else the preview stands in). */
  hasRender(): boolean {
    return this.base !== null || this.sharp !== null;
  }

  isSharp(target: Target): boolean {
    const s = this.sharp;
    return (
      !!s &&
      s.ratio === target.ratio &&
      s.view.scale === target.view.scale &&
      s.view.x === target.view.x &&
      s.view.y === target.view.y &&
      s.canvas.width === target.width &&
      s.canvas.height === target.height
    );
  }

  /** Device pixels per sheet unit of the best render on screen. */
  contentScale(): number {
    if (this.sharp) return this.sharp.view.scale * this.sharp.ratio;
    return this.base?.view.scale ?? 0;
  }

  /** The view changed: render it sharp once it rests. */
  schedule(target: () => Target): void {
    if (this.timer) clearTimeout(this.timer);
    this.task?.cancel();
    this.task = null;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.renderSharp(target());
    }, RENDER_DELAY_MS);
  }

  private async renderSharp(target: Target): Promise<void> {
    if (this.disposed || this.isSharp(target)) return;
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const view = { ...target.view };
    this.renders++;
    const task = this.page.render(canvas, view, target.ratio);
    this.task = task;
    try {
      await task.promise;
    } catch {
      return; // cancelled by a newer view
    }
    if (this.task === task) this.task = null;
    if (this.disposed) return;
    if (this.ink) inkOnly(canvas);
    this.sharp = { canvas, view, ratio: target.ratio };
    this.onRendered();
  }

  private async renderBase(): Promise<void> {
    const scale = BASE_LONG_SIDE / Math.max(this.page.widthPt, this.page.heightPt);
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(this.page.widthPt * scale);
    canvas.height = Math.ceil(this.page.heightPt * scale);
    // A view (ratio 1) that puts the page's top-left corner at the canvas's.
    const view = { scale: scale / unitsPerPoint(this.units), x: 0, y: scale * this.page.heightPt };
    this.renders++;
    try {
      await this.page.render(canvas, view, 1).promise;
    } catch {
      return;
    }
    if (this.disposed) return;
    if (this.ink) inkOnly(canvas);
    this.base = { canvas, view, ratio: 1 };
    this.onRendered();
  }

  /** Draws the renders as `view` shows the page, on a canvas of `ratio` device px per CSS px. */
  draw(ctx: CanvasRenderingContext2D, view: SheetView, ratio: number): void {
    ctx.save();
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    for (const render of [this.base, this.sharp]) {
      if (!render) continue;
      const r = view.scale / render.view.scale;
      const k = ratio / render.ratio;
      ctx.drawImage(
        render.canvas,
        ratio * (view.x - render.view.x * r),
        ratio * (view.y - render.view.y * r),
        render.canvas.width * r * k,
        render.canvas.height * r * k,
      );
    }
    ctx.restore();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.task?.cancel();
  }
}

/** Resolves after the next frame has been drawn (a task after its animation frame). */
function afterNextFrame(): Promise<void> {
  if (typeof requestAnimationFrame === 'undefined') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Paper lighter than this (0-255 of darkness) is no ink: a white fill is paper, not a line. */
const INK_THRESHOLD = 16;

/**
 * Turns a page render into ink: black with the pixel's darkness as its alpha. A PDF may paint
 * its paper white (matplotlib's pages do), which as colour would read as ink everywhere.
 */
export function inkOnly(canvas: HTMLCanvasElement): void {
  const ctx = canvas.getContext('2d')!;
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  inkPixels(image.data);
  ctx.putImageData(image, 0, 0);
}

/** inkOnly's per-pixel rule on RGBA bytes (exported for its test). */
export function inkPixels(data: Uint8ClampedArray): void {
  for (let i = 0; i < data.length; i += 4) {
    const luminance = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    const darkness = ((255 - luminance) * data[i + 3]!) / 255;
    data[i] = 0;
    data[i + 1] = 0;
    data[i + 2] = 0;
    data[i + 3] = darkness < INK_THRESHOLD ? 0 : darkness;
  }
}
