import type { SheetInfo, VectorSheet } from '@truss/viewable';
import { drawVectorSheet, type DrawVectorOptions } from './draw.ts';
import { fetchJson } from './fetch.ts';
import { layerVisibility } from './layers.ts';
import { openSheetPage } from './pdf.ts';
import { PdfLayer, type Target } from './pdf-layer.ts';
import type { SheetSource, SheetViewerOptions } from './types.ts';
import type { SheetRect, SheetView } from './view.ts';

/** The overlay's inks: what only the old version has, only the new one, and both. */
export const COMPARE_COLORS = {
  removed: '#dc2626',
  added: '#16a34a',
  unchanged: '#9ca3af',
} as const;

type Layer = HTMLCanvasElement | OffscreenCanvas;
type LayerContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function makeLayer(width: number, height: number): Layer {
  return typeof OffscreenCanvas !== 'undefined'
    ? new OffscreenCanvas(width, height)
    : Object.assign(document.createElement('canvas'), { width, height });
}

/** Paints one version's ink onto a layer's context (cleared, identity transform). */
export type InkPainter = (ctx: CanvasRenderingContext2D) => void;

/**
 * Draws two versions of a sheet over each other on `ctx` (whose pixels are `width` x `height`):
 * ink only the old version has in red, only the new one in green, ink of both in grey. Each
 * version is painted into an offscreen layer of its own and tinted one colour (`source-in`);
 * the overlap is one layer kept where the other has ink (`destination-in`), the differences one
 * layer with the other cut out (`destination-out`). Ink is judged per pixel at the view's scale:
 * a line moved by less than a pixel reads as unchanged, a line moved further as a red and a
 * green one.
 */
export class SheetCompareLayers {
  #layers: [Layer, Layer, Layer] | null = null;

  draw(
    ctx: CanvasRenderingContext2D,
    paint: { old: InkPainter; new: InkPainter },
    options: { width: number; height: number },
  ): void {
    const { width, height } = options;
    const [older, newer, both] = this.#sized(width, height);
    const ink = (layer: Layer, painter: InkPainter, color: string) => {
      const c = layer.getContext('2d') as LayerContext;
      c.setTransform(1, 0, 0, 1, 0, 0);
      c.globalCompositeOperation = 'source-over';
      c.clearRect(0, 0, width, height);
      painter(c as CanvasRenderingContext2D);
      c.setTransform(1, 0, 0, 1, 0, 0);
      c.globalCompositeOperation = 'source-in';
      c.fillStyle = color;
      c.fillRect(0, 0, width, height);
      return c;
    };
    const oldCtx = ink(older, paint.old, COMPARE_COLORS.removed);
    const newCtx = ink(newer, paint.new, COMPARE_COLORS.added);
    // Both: the old ink where the new has ink too, in grey.
    const bothCtx = both.getContext('2d') as LayerContext;
    bothCtx.globalCompositeOperation = 'copy';
    bothCtx.drawImage(older, 0, 0);
    bothCtx.globalCompositeOperation = 'destination-in';
    bothCtx.drawImage(newer, 0, 0);
    bothCtx.globalCompositeOperation = 'source-in';
    bothCtx.fillStyle = COMPARE_COLORS.unchanged;
    bothCtx.fillRect(0, 0, width, height);
    // Old only and new only: each with the other cut out (the old one first, the new layer is
    // cut by the old one before the old one is cut by it).
    newCtx.globalCompositeOperation = 'destination-out';
    newCtx.drawImage(older, 0, 0);
    oldCtx.globalCompositeOperation = 'destination-out';
    oldCtx.drawImage(both, 0, 0);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(older, 0, 0);
    ctx.drawImage(newer, 0, 0);
    ctx.drawImage(both, 0, 0);
    ctx.restore();
  }

  #sized(width: number, height: number): [Layer, Layer, Layer] {
    const layers = this.#layers;
    if (layers && layers[0].width === width && layers[0].height === height) return layers;
    return (this.#layers = [
      makeLayer(width, height),
      makeLayer(width, height),
      makeLayer(width, height),
    ]);
  }

  dispose(): void {
    this.#layers = null;
  }
}

type Older =
  | { kind: 'vector'; info: SheetInfo; sheet: VectorSheet; visibility: boolean[] }
  | { kind: 'pdf'; older: PdfLayer; newer: PdfLayer };

/**
 * The engine's overlay of an older version. Vector sheets: the older sheet (loaded by `load`),
 * its layers' visibility by the same names as the loaded sheet's. PDF pages: both pages
 * rendered by pdf.js as ink (pdf-layer.ts), each re-rendered sharp for the view as the
 * engine's own page is.
 */
export class SheetCompare {
  #older: Older | null = null;
  #loads = 0;
  readonly #layers = new SheetCompareLayers();

  constructor(
    /** The engine's: how to fetch the older sheet or open its PDF page. */
    private readonly options: Pick<SheetViewerOptions, 'pdfWorkerSrc' | 'requestInit'>,
    /** A PDF page render finished: draw again. */
    private readonly onRendered: () => void,
  ) {}

  on(): boolean {
    return !!this.#older;
  }

  /** Two PDF pages overlaid: the overlay stands for the sheet's own page layer. */
  onPdf(): boolean {
    return this.#older?.kind === 'pdf';
  }

  /**
   * Loads the older sheet against the loaded one (`newer`: its PDF page, null for a vector
   * sheet); false when another load or `end` came first.
   */
  async load(
    older: SheetSource,
    overrides: ReadonlyMap<string, boolean>,
    newer: PdfLayer | null,
  ): Promise<boolean> {
    const load = ++this.#loads;
    if (older.info.content === 'pdf') {
      if (!newer) throw new Error('a PDF page compares with a PDF page');
      const page = await openSheetPage(older, this.options);
      if (load !== this.#loads) return false;
      this.#set({
        kind: 'pdf',
        older: new PdfLayer(page, older.info.units, this.onRendered, true),
        newer: new PdfLayer(newer.page, newer.units, this.onRendered, true),
      });
      return true;
    }
    if (newer) throw new Error('a vector sheet compares with a vector sheet');
    const sheet = await fetchJson<VectorSheet>(older.contentUrl, this.options.requestInit);
    if (load !== this.#loads) return false;
    const visibility = layerVisibility(older.info.layers, overrides);
    this.#set({ kind: 'vector', info: older.info, sheet, visibility });
    return true;
  }

  #set(older: Older | null): void {
    if (this.#older?.kind === 'pdf') {
      this.#older.older.dispose();
      this.#older.newer.dispose();
    }
    this.#older = older;
  }

  end(): void {
    this.#loads++;
    this.#set(null);
    this.#layers.dispose();
  }

  /** A layer switched on or off by name: the older sheet's layer of that name too. */
  setLayers(overrides: ReadonlyMap<string, boolean>): void {
    const older = this.#older;
    if (older?.kind === 'vector') older.visibility = layerVisibility(older.info.layers, overrides);
  }

  /** Model space: the bounds of both versions' content, so both are in the fitted view. */
  extent(bounds: SheetRect): SheetRect {
    const older = this.#older?.kind === 'vector' ? this.#older.sheet.bounds : null;
    if (!older) return bounds;
    return [
      Math.min(bounds[0], older[0]),
      Math.min(bounds[1], older[1]),
      Math.max(bounds[2], older[2]),
      Math.max(bounds[3], older[3]),
    ];
  }

  /** PDF pages: the first view rendered now, later views once they rest (as PdfLayer does). */
  start(target: Target): void {
    if (this.#older?.kind !== 'pdf') return;
    this.#older.older.start(target);
    this.#older.newer.start(target);
  }

  schedule(target: () => Target): void {
    if (this.#older?.kind !== 'pdf') return;
    this.#older.older.schedule(target);
    this.#older.newer.schedule(target);
  }

  /** Both PDF pages rendered for `target` (vector sheets are always sharp). */
  isSharp(target: Target): boolean {
    const older = this.#older;
    return older?.kind !== 'pdf' || (older.older.isSharp(target) && older.newer.isSharp(target));
  }

  /** A vector sheet's overlay: `newer` against the older sheet. */
  draw(
    ctx: CanvasRenderingContext2D,
    newer: VectorSheet,
    options: Required<Pick<DrawVectorOptions, 'view' | 'clip' | 'hairline'>> & {
      visibility: boolean[];
    },
  ): void {
    const older = this.#older;
    if (older?.kind !== 'vector') return;
    const { view, clip, hairline } = options;
    this.#layers.draw(
      ctx,
      {
        old: (c) =>
          drawVectorSheet(c, older.sheet, { view, clip, hairline, visibility: older.visibility }),
        new: (c) =>
          drawVectorSheet(c, newer, { view, clip, hairline, visibility: options.visibility }),
      },
      { width: ctx.canvas.width, height: ctx.canvas.height },
    );
  }

  /** A PDF page's overlay, as `view` (CSS px) shows the pages at `ratio`; false before renders. */
  drawPdf(ctx: CanvasRenderingContext2D, view: SheetView, ratio: number): boolean {
    const older = this.#older;
    if (older?.kind !== 'pdf' || !older.older.hasRender() || !older.newer.hasRender()) return false;
    this.#layers.draw(
      ctx,
      {
        old: (c) => older.older.draw(c, view, ratio),
        new: (c) => older.newer.draw(c, view, ratio),
      },
      { width: ctx.canvas.width, height: ctx.canvas.height },
    );
    return true;
  }
}
