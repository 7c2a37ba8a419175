import type { SheetInfo, VectorSheet } from '@truss/viewable';
import { drawVectorSheet, type DrawVectorOptions } from './draw.ts';
import { fetchJson } from './fetch.ts';
import { layerVisibility } from './layers.ts';
import type { SheetSource } from './types.ts';
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

/**
 * Draws two versions of a vector sheet over each other on `ctx` (whose pixels are `width` x
 * `height`): ink only the old version has in red, only the new one in green, ink of both in
 * grey. Each version is drawn into an offscreen layer of its own (its layers as `visibility`
 * says) and tinted one colour (`source-in`); the overlap is one layer kept where the other has
 * ink (`destination-in`), the differences one layer with the other cut out (`destination-out`).
 * Ink is judged per pixel at the view's scale: a line moved by less than a pixel reads as
 * unchanged, a line moved further as a red and a green one.
 */
export class SheetCompareLayers {
  #layers: [Layer, Layer, Layer] | null = null;

  draw(
    ctx: CanvasRenderingContext2D,
    sheets: { old: VectorSheet; new: VectorSheet },
    options: {
      view: SheetView;
      width: number;
      height: number;
      clip: SheetRect;
      hairline: number;
      visibility: { old: boolean[]; new: boolean[] };
    },
  ): void {
    const { width, height } = options;
    const [older, newer, both] = this.#sized(width, height);
    const ink = (layer: Layer, sheet: VectorSheet, visibility: boolean[], color: string) => {
      const c = layer.getContext('2d') as LayerContext;
      c.setTransform(1, 0, 0, 1, 0, 0);
      c.globalCompositeOperation = 'source-over';
      c.clearRect(0, 0, width, height);
      const { view, clip, hairline } = options;
      drawVectorSheet(c as CanvasRenderingContext2D, sheet, { view, visibility, clip, hairline });
      c.globalCompositeOperation = 'source-in';
      c.fillStyle = color;
      c.fillRect(0, 0, width, height);
      return c;
    };
    const oldCtx = ink(older, sheets.old, options.visibility.old, COMPARE_COLORS.removed);
    const newCtx = ink(newer, sheets.new, options.visibility.new, COMPARE_COLORS.added);
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

/**
 * The engine's overlay of an older version: the older sheet (loaded by `load`), its layers'
 * visibility by the same names as the loaded sheet's, and the layers it is drawn with.
 */
export class SheetCompare {
  #older: { info: SheetInfo; sheet: VectorSheet; visibility: boolean[] } | null = null;
  #loads = 0;
  readonly #layers = new SheetCompareLayers();

  on(): boolean {
    return !!this.#older;
  }

  /** Loads the older sheet; false when another load or `end` came first. */
  async load(
    older: SheetSource,
    init: RequestInit | undefined,
    overrides: ReadonlyMap<string, boolean>,
  ): Promise<boolean> {
    if (older.info.content !== 'vector') throw new Error('only vector sheets compare');
    const load = ++this.#loads;
    const sheet = await fetchJson<VectorSheet>(older.contentUrl, init);
    if (load !== this.#loads) return false;
    const visibility = layerVisibility(older.info.layers, overrides);
    this.#older = { info: older.info, sheet, visibility };
    return true;
  }

  end(): void {
    this.#loads++;
    this.#older = null;
    this.#layers.dispose();
  }

  /** A layer switched on or off by name: the older sheet's layer of that name too. */
  setLayers(overrides: ReadonlyMap<string, boolean>): void {
    if (this.#older) this.#older.visibility = layerVisibility(this.#older.info.layers, overrides);
  }

  /** Model space: the bounds of both versions' content, so both are in the fitted view. */
  extent(bounds: SheetRect): SheetRect {
    const older = this.#older?.sheet.bounds;
    if (!older) return bounds;
    return [
      Math.min(bounds[0], older[0]),
      Math.min(bounds[1], older[1]),
      Math.max(bounds[2], older[2]),
      Math.max(bounds[3], older[3]),
    ];
  }

  draw(
    ctx: CanvasRenderingContext2D,
    newer: VectorSheet,
    options: Required<Pick<DrawVectorOptions, 'view' | 'clip' | 'hairline'>> & {
      visibility: boolean[];
    },
  ): void {
    const older = this.#older;
    if (!older) return;
    this.#layers.draw(
      ctx,
      { old: older.sheet, new: newer },
      {
        ...options,
        width: ctx.canvas.width,
        height: ctx.canvas.height,
        visibility: { old: older.visibility, new: options.visibility },
      },
    );
  }
}
