/**
 * The sheet engine: one drawing sheet (a vector sheet or a PDF page) on a canvas, with pan and
 * zoom (wheel, drag, pinch, keys), fit and 1:1, layers, text search with highlighted hits and a
 * calibrated distance/area measure. No React, no app knowledge: it gets URLs.
 *
 * Sharp at any zoom: a vector sheet is redrawn (the visible paths only) at the device pixel ratio
 * on every frame; a PDF page is re-rendered by pdf.js for the visible region at the current
 * scale, debounced, while the last render (and a whole-page render under it) stand in scaled.
 */
import type { SheetInfo, VectorSheet } from '@truss/viewable';
import { SheetCompare } from './compare.ts';
import { Emitter } from '../core/events.ts';
import { clickedElement, drawHighlighted, drawVectorSheet } from './draw.ts';
import { attachSheetInput } from './input.ts';
import { layerVisibility } from './layers.ts';
import type { LengthUnit, Point, SheetCalibration } from './measure.ts';
import {
  MeasureTool,
  type MeasureEvent,
  type SheetMeasurement,
  type SheetTool,
} from './measure-tool.ts';
import { deviceView, drawPaper, FIT_PADDING, sizeBacking } from './first-picture.ts';
import { drawHits, drawMeasures, insidePolygon } from './overlays.ts';
import { PdfLayer } from './pdf-layer.ts';
import { previewOf, type PreviewLayer } from './preview-layer.ts';
import { SheetTextSearch, type SheetSearchHit } from './search.ts';
import { loadSheetContent } from './sheet-content.ts';
import {
  fitView,
  panBy,
  paperScale,
  scaleLimits,
  toSheet,
  visibleRect,
  zoomOnto,
  zoomPercent,
  zoomToScale,
  type SheetRect,
  type SheetView,
} from './view.ts';

import type {
  SheetRenderStats,
  SheetSource,
  SheetViewer,
  SheetViewerEvents,
  SheetViewerOptions,
} from './types.ts';

export type { SheetMeasurement, SheetTool } from './measure-tool.ts';

class SheetEngine implements SheetViewer {
  readonly canvas: HTMLCanvasElement;
  private container: HTMLElement;
  info: SheetInfo | null = null;
  private readonly ctx: CanvasRenderingContext2D;
  private vector: VectorSheet | null = null;
  /** The older version under the overlay (compareWith). */
  private readonly compare: SheetCompare;
  private pdf: PdfLayer | null = null;
  private preview: PreviewLayer | null = null;
  private loadToken = 0;
  private size = { width: 1, height: 1 };
  private ratio = 1;
  private current: SheetView = { scale: 1, x: 0, y: 0 };
  private scaleRange = { min: 0, max: Infinity };
  private fitted = false;
  /** The view the last fit() set (the same object until the view moves). */
  private lastFit: SheetView | null = null;
  private readonly overrides = new Map<string, boolean>();
  private visibility: boolean[] = [];
  private readonly finder = new SheetTextSearch();
  /** Elements drawn highlighted (a 3D selection on a storey plan). */
  private highlighted = new Set<number>();
  private readonly measure: MeasureTool;
  private hover: Point | null = null;
  private frame = 0;
  private disposed = false;
  private sharpWaiters: (() => void)[] = [];
  private readonly events = new Emitter<SheetViewerEvents>();
  private readonly resizeObserver: ResizeObserver;
  private readonly detachInput: () => void;

  constructor(private readonly options: SheetViewerOptions) {
    const canvas = (this.canvas = options.canvas ?? document.createElement('canvas'));
    this.container = options.container;
    this.compare = new SheetCompare(options, () => this.invalidate());
    canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;touch-action:none';
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'img');
    if (options.label) canvas.setAttribute('aria-label', options.label);
    options.container.append(canvas);
    this.ctx = canvas.getContext('2d')!;
    this.measure = new MeasureTool('mm', options.locale);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.container);
    this.detachInput = attachSheetInput(canvas, {
      view: () => this.current,
      setView: (view) => this.setView(view),
      limits: () => this.scaleRange,
      size: () => this.size,
      click: (x, y, double) => this.click(toSheet(this.current, x, y), double),
      hover: (at) => {
        this.hover = at && this.measure.tool !== 'pan' ? toSheet(this.current, at.x, at.y) : null;
        if (this.measure.tool !== 'pan') this.invalidate();
      },
      fit: () => this.fit(),
      zoomToPaper: () => this.zoomToPaper(),
      toolKey: (key) => this.toolKey(key),
    });
    this.resize();
  }

  private emitMeasure(event: MeasureEvent | null): void {
    if (!event) return;
    if (event.type === 'measure') this.events.emit('measure', { measurements: event.measurements });
    else this.events.emit('calibrationpick', { length: event.length });
    this.invalidate();
  }

  on<K extends keyof SheetViewerEvents>(
    type: K,
    listener: (event: SheetViewerEvents[K]) => void,
  ): () => void {
    return this.events.on(type, listener);
  }

  /** The sheet's extent: the paper, or the content's bounds for model space and plans. */
  private extent(): SheetRect {
    const { info, vector } = this;
    if (!info) return [0, 0, 1, 1];
    if (vector && (info.kind === 'model-space' || info.kind === 'storey-plan'))
      return this.compare.extent(vector.bounds);
    return [0, 0, info.width, info.height];
  }

  private target() {
    return {
      view: this.current,
      ratio: this.ratio,
      width: this.canvas.width,
      height: this.canvas.height,
    };
  }

  private isSharp(): boolean {
    const target = this.target();
    // While two PDF pages are overlaid, nothing draws the page's own layer (draw()).
    const page = !this.pdf || this.compare.onPdf() || this.pdf.isSharp(target);
    return page && this.compare.isSharp(target);
  }

  private invalidate(): void {
    if (this.frame || this.disposed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  setView(next: SheetView): void {
    this.current = { scale: next.scale, x: next.x, y: next.y };
    this.invalidate();
    // The overlay renders its own ink of both pages: the page's layer waits until it ends.
    if (!this.compare.onPdf()) this.pdf?.schedule(() => this.target());
    this.compare.schedule(() => this.target());
    this.events.emit('viewchange', { view: this.view(), zoom: this.zoom() });
  }

  view(): SheetView {
    return { ...this.current };
  }

  zoom(): number {
    return this.info ? zoomPercent(this.current, this.info.units) : 100;
  }

  mount(container: HTMLElement): void {
    if (container === this.container) return;
    // Still at the fitted view (nobody moved it): fitted again if the new place differs in size.
    const untouched = this.current === this.lastFit;
    this.resizeObserver.unobserve(this.container);
    this.container = container;
    container.append(this.canvas);
    this.resizeObserver.observe(container);
    if (this.resize() && untouched) this.fit();
  }

  /** Sizes the canvas to its container; false when nothing changed. */
  private resize(): boolean {
    const rect = this.container.getBoundingClientRect();
    const width = Math.max(1, Math.round(rect.width));
    const height = Math.max(1, Math.round(rect.height));
    const ratio = Math.min(window.devicePixelRatio || 1, this.options.maxPixelRatio ?? 3);
    if (width === this.size.width && height === this.size.height && ratio === this.ratio)
      return false;
    const old = this.size;
    this.size = { width, height };
    this.ratio = ratio;
    sizeBacking(this.canvas, Math.round(width * ratio), Math.round(height * ratio));
    if (this.info && !this.fitted) this.fit();
    // Keep the centre where it was.
    else this.setView(panBy(this.current, (width - old.width) / 2, (height - old.height) / 2));
    return true;
  }

  private draw(): void {
    const { ctx, info, ratio } = this;
    const dv = deviceView(this.current, ratio);
    drawPaper(ctx, dv, info ? this.extent() : [0, 0, 0, 0], ratio);
    if (!info) return;
    if (this.vector) {
      const clip = visibleRect(this.current, this.size);
      const hairline = Math.max(1, ratio * 0.75);
      const options = { view: dv, visibility: this.visibility, clip, hairline };
      if (this.compare.on()) this.compare.draw(ctx, this.vector, options);
      else drawVectorSheet(ctx, this.vector, options);
      drawHighlighted(ctx, this.vector, this.highlighted, dv, this.visibility, clip);
    } else if (this.compare.on() && this.compare.drawPdf(ctx, this.current, ratio)) {
      // The overlay of both pages stands for the page.
    } else if (this.pdf?.hasRender()) this.pdf.draw(ctx, this.current, ratio);
    else this.preview?.draw(ctx, dv);
    drawHits(ctx, this.finder.hits, this.finder.current, dv, ratio);
    drawMeasures(ctx, this.measure, this.hover, dv, ratio);
    if (this.isSharp()) {
      const waiters = this.sharpWaiters;
      this.sharpWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  async load(source: SheetSource): Promise<void> {
    const token = ++this.loadToken;
    const { info } = source;
    this.pdf?.dispose();
    this.preview?.dispose();
    this.preview = previewOf(source, () => this.invalidate());
    // Field by field, type-checked: an Object.assign here once set `hits`/`currentHit` as own
    // properties, which shadowed the methods of those names (the React view's update() threw).
    this.info = info;
    this.vector = null;
    this.compare.end();
    this.pdf = null;
    this.finder.reset();
    this.overrides.clear();
    this.visibility = layerVisibility(info.layers, this.overrides);
    this.measure.reset(info.units);
    // Fitted to the sheet's size now, so the paper and the preview show where the content will.
    this.fit();
    const stale = () => token !== this.loadToken;
    const content = await loadSheetContent(source, this.options, stale);
    // Asked again here: a newer load may have started since the loader's own last look.
    if (!content || stale()) return;
    if (content.kind === 'vector') {
      this.vector = content.sheet;
      this.finder.texts = content.sheet.texts;
    } else {
      this.pdf = new PdfLayer(content.page, info.units, () => this.invalidate());
      void content.texts.then(
        (found) => {
          if (stale()) return;
          this.finder.refresh(this.visibility, found);
          this.invalidate();
        },
        () => undefined,
      );
    }
    this.fit();
    // The fitted view rendered at once (fit() only scheduled it, debounced).
    this.pdf?.start(this.target());
    // The content is drawn from now on; the preview is not needed again.
    if (this.vector) this.preview = null;
  }

  async compareWith(older: SheetSource | null): Promise<void> {
    const token = this.loadToken;
    if (!older) {
      this.compare.end();
      // The page's own layer draws again: sharp for the view the overlay left.
      this.pdf?.schedule(() => this.target());
    } else if (!(await this.compare.load(older, this.overrides, this.pdf))) return;
    // Another sheet was loaded meanwhile: the overlay was for the one before.
    if (token !== this.loadToken) return this.compare.end();
    if (this.vector) this.fit();
    this.compare.start(this.target());
    this.invalidate();
  }

  comparing(): boolean {
    return this.compare.on();
  }

  fit(): void {
    if (!this.info) return;
    const next = fitView(this.extent(), this.size, FIT_PADDING);
    this.scaleRange = scaleLimits(next.scale, this.info.units);
    this.fitted = true;
    this.setView(next);
    this.lastFit = this.current;
  }

  zoomToPaper(): void {
    if (this.info) this.setZoom(100);
  }

  setZoom(percent: number): void {
    if (this.info)
      this.setView(
        zoomToScale(this.current, (paperScale(this.info.units) * percent) / 100, this.size),
      );
  }

  zoomBy(factor: number): void {
    const scale = Math.min(
      Math.max(this.current.scale * factor, this.scaleRange.min),
      this.scaleRange.max,
    );
    this.setView(zoomToScale(this.current, scale, this.size));
  }

  layers() {
    return (this.info?.layers ?? []).map((layer, i) => ({
      name: layer.name,
      color: layer.color,
      visible: this.visibility[i] ?? true,
    }));
  }

  setLayerVisible(name: string, visible: boolean): void {
    if (!this.info) return;
    this.overrides.set(name, visible);
    this.visibility = layerVisibility(this.info.layers, this.overrides);
    this.compare.setLayers(this.overrides);
    this.finder.refresh(this.visibility);
    this.invalidate();
  }

  search(query: string): SheetSearchHit[] {
    const hits = this.finder.run(query, this.visibility);
    this.invalidate();
    return hits;
  }

  hits(): readonly SheetSearchHit[] {
    return this.finder.hits;
  }

  currentHit(): number {
    return this.finder.current;
  }

  selectHit(index: number, move = true): void {
    const hit = this.finder.hits[index];
    if (!hit) return;
    this.finder.current = index;
    if (move) this.setView(zoomOnto(this.current, hit.bounds, this.size, this.scaleRange.max));
    else this.invalidate();
    this.events.emit('hitselect', { hit, index, count: this.finder.hits.length });
  }

  private click(at: Point, double: boolean): void {
    if (this.measure.tool === 'pan') {
      const index = this.finder.hits.findIndex((hit) => insidePolygon(at, hit.corners));
      if (index >= 0) return this.selectHit(index, false);
      const element = clickedElement(this.vector, at, this.current.scale, this.visibility);
      if (element !== undefined) this.events.emit('elementclick', { element });
      return;
    }
    this.emitMeasure(this.measure.click(at, double));
    this.invalidate();
  }

  private toolKey(key: string): boolean {
    const { measure } = this;
    if (key === 'Enter' && measure.tool === 'area') this.emitMeasure(measure.finishArea());
    else if (key === 'Backspace' && measure.draft.length) measure.draft.pop();
    else if (key === 'Escape' && measure.draft.length) measure.draft = [];
    else if (key === 'Escape' && measure.tool !== 'pan') this.setTool('pan');
    else return false;
    this.invalidate();
    return true;
  }

  tool(): SheetTool {
    return this.measure.tool;
  }

  setTool(tool: SheetTool): void {
    if (tool === this.measure.tool) return;
    this.measure.setTool(tool);
    this.hover = null;
    this.canvas.style.cursor = tool === 'pan' ? '' : 'crosshair';
    this.invalidate();
    this.events.emit('toolchange', { tool });
  }

  measurements(): readonly SheetMeasurement[] {
    return this.measure.measurements;
  }

  removeMeasurement(id: number): void {
    this.emitMeasure(this.measure.remove(id));
  }

  clearMeasurements(): void {
    this.emitMeasure(this.measure.clear());
  }

  calibration(): SheetCalibration {
    return this.measure.calibration;
  }

  calibrate(length: number, unit: LengthUnit): void {
    this.emitMeasure(this.measure.calibrate(length, unit));
  }

  resetCalibration(): void {
    this.emitMeasure(this.measure.resetCalibration());
  }

  setHighlighted(elements: readonly number[]): void {
    this.highlighted = new Set(elements);
    this.invalidate();
  }

  renderStats(): SheetRenderStats {
    return {
      pixelRatio: this.ratio,
      canvasWidth: this.canvas.width,
      canvasHeight: this.canvas.height,
      viewScale: this.current.scale * this.ratio,
      contentScale: this.pdf ? this.pdf.contentScale() : this.current.scale * this.ratio,
      sharp: this.isSharp(),
      pageRenders: this.pdf?.renders ?? 0,
    };
  }

  whenSharp(): Promise<void> {
    if (this.isSharp()) return Promise.resolve();
    return new Promise((resolve) => this.sharpWaiters.push(resolve));
  }

  dispose(): void {
    this.disposed = true;
    this.loadToken++;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.pdf?.dispose();
    this.preview?.dispose();
    this.compare.end();
    this.resizeObserver.disconnect();
    this.detachInput();
    this.canvas.remove();
    this.events.clear();
  }
}

/** Puts a sheet engine's canvas in `options.container`; `load` a sheet into it. */
export function createSheetViewer(options: SheetViewerOptions): SheetViewer {
  return new SheetEngine(options);
}
