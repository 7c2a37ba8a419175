/** The sheet engine's interface (viewer.ts implements it). */
import type { SheetInfo } from '@truss/viewable';
import type { LengthUnit, SheetCalibration } from './measure.ts';
import type { SheetMeasurement, SheetTool } from './measure-tool.ts';
import type { SheetSearchHit } from './search.ts';
import type { SheetView } from './view.ts';

export interface SheetSource {
  info: SheetInfo;
  /** The vector JSON, or the source PDF (`info.content === 'pdf'`). */
  contentUrl: string;
  /** The PDF page's text runs (PdfSheetText); without it pdf.js reads them from the page. */
  textUrl?: string | null;
  /** The sheet's stored preview PNG, drawn in place until the content is drawn. */
  previewUrl?: string | null;
  /** That preview as the page's boot decodes it (it drew it first): not asked for again. */
  preview?: Promise<HTMLImageElement | null>;
  /**
   * The bytes of `contentUrl` already asked for (the page's boot): read instead of asking again.
   * Resolving null (that request failed) asks again.
   */
  contentBytes?: Promise<ArrayBuffer | null>;
}

export interface SheetViewerEvents {
  /** The view moved or zoomed; `zoom` in percent of paper size. */
  viewchange: { view: SheetView; zoom: number };
  /** A search hit became the current one (selectHit, or a click on its highlight). */
  hitselect: { hit: SheetSearchHit; index: number; count: number };
  /** Measurements were added, removed or re-valued (calibration). */
  measure: { measurements: readonly SheetMeasurement[] };
  /** The calibrate tool picked two points `length` sheet units apart: call `calibrate`. */
  calibrationpick: { length: number };
  /** The tool changed (Esc returns to pan). */
  toolchange: { tool: SheetTool };
  /**
   * A click (pan tool, not on a search hit) on a sheet whose paths carry elements (storey
   * plans): the element drawn there, null for none.
   */
  elementclick: { element: number | null };
}

export interface SheetRenderStats {
  pixelRatio: number;
  /** The canvas's backing store, device pixels. */
  canvasWidth: number;
  canvasHeight: number;
  /** Device pixels per sheet unit of the view. */
  viewScale: number;
  /** Device pixels per sheet unit at which the content on screen was drawn. */
  contentScale: number;
  /** The content on screen was drawn for the current view (no render pending). */
  sharp: boolean;
  /**
   * Renders of the sheet's own PDF page started so far (0 for a vector sheet); while a PDF
   * overlay compare is on, the overlay renders both versions instead.
   */
  pageRenders: number;
}

export interface SheetViewerOptions {
  /** The element the canvas goes in (it fills it; give it a position). */
  container: HTMLElement;
  /**
   * The canvas to draw on (a 2D one the page made already, its first picture on it: see
   * first-picture.ts); by default a new one.
   */
  canvas?: HTMLCanvasElement;
  /** pdf.js's worker script, served by the app. Required for PDF sheets. */
  pdfWorkerSrc?: string;
  /** Credentials/headers for the fetches (signed URLs need none). */
  requestInit?: RequestInit;
  /** Cap on the device pixel ratio (default 3). */
  maxPixelRatio?: number;
  /** The canvas's accessible name. */
  label?: string;
  /** Number formatting of measurements. */
  locale?: string;
}

export interface SheetViewer {
  readonly canvas: HTMLCanvasElement;
  readonly info: SheetInfo | null;
  load(source: SheetSource): Promise<void>;
  /** Moves the canvas into `container` (the page took over the engine), sized by it from now on. */
  mount(container: HTMLElement): void;
  /**
   * Overlays an older version of the loaded sheet (a vector sheet's, or a PDF page's against a
   * PDF page): ink only it has in red, only the loaded sheet has in green, both in grey
   * (compare.ts); null ends the overlay. Load the newer sheet first: a new `load` ends it.
   */
  compareWith(older: SheetSource | null): Promise<void>;
  /** The overlay is on (an older sheet is drawn under the loaded one). */
  comparing(): boolean;
  fit(): void;
  /** 100 %: the sheet at its paper size (96 CSS px to the inch). */
  zoomToPaper(): void;
  zoomBy(factor: number): void;
  /** Zoom in percent of paper size, about the view's centre. */
  setZoom(percent: number): void;
  zoom(): number;
  view(): SheetView;
  setView(view: SheetView): void;
  /** The sheet's layers with what is shown now. */
  layers(): { name: string; color: string; visible: boolean }[];
  setLayerVisible(name: string, visible: boolean): void;
  /** Finds `query` in the sheet's texts (shown layers), highlights the hits, returns them. */
  search(query: string): SheetSearchHit[];
  /** The hits of the last search (shown layers only) and the current one's index (-1: none). */
  hits(): readonly SheetSearchHit[];
  currentHit(): number;
  /** Makes hit `index` current: outlined, centred (zoomed in if small). */
  selectHit(index: number): void;
  tool(): SheetTool;
  setTool(tool: SheetTool): void;
  measurements(): readonly SheetMeasurement[];
  removeMeasurement(id: number): void;
  clearMeasurements(): void;
  calibration(): SheetCalibration;
  /** Makes the last calibrate pick `length` of `unit`; measurements are re-valued. */
  calibrate(length: number, unit: LengthUnit): void;
  resetCalibration(): void;
  on<K extends keyof SheetViewerEvents>(
    type: K,
    listener: (event: SheetViewerEvents[K]) => void,
  ): () => void;
  renderStats(): SheetRenderStats;
  /** Elements (storey plans' path elements) drawn highlighted over the sheet; [] for none. */
  setHighlighted(elements: readonly number[]): void;
  /** Resolves once the content on screen is drawn for the current view. */
  whenSharp(): Promise<void>;
  dispose(): void;
}
