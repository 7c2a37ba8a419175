/**
 * A drawing's first sheet before the app (part of model.html's first script,
 * inline/model-fetch.ts): once the page knows `/model/{id}` is a drawing (the browser's hint,
 * drawing-hint.ts, or on a first visit the model's own answer), it asks for the sheet list;
 * with it, the first sheet's preview and content, and draws the preview (with the paper and
 * the surround, as the sheet engine's first frame does: first-picture.ts) on a canvas where the
 * page's sheet view will be, inside a plain-DOM outline of the page. The entry's boot
 * (drawing/early-drawing.ts) starts the sheet engine on that canvas with those bytes, and the
 * page takes the engine over: nothing is asked for twice.
 * No app imports but the layout: this module is bundled into model.html.
 */
import type { Sheet } from '@truss/contracts';
import { isSheetFormat } from '@truss/viewable';
import { drawFirstPicture } from '@truss/viewer/sheet-first-picture';
import { drawingViewArea } from '../../features/viewer/model-page-layout';
// Its type only: the engine is imported at run time, its own chunk (not bundled into model.html).
import type * as EarlyEngineModule from './early-engine';

type EarlyEngineModule = typeof EarlyEngineModule;

export interface EarlyDrawingPicture {
  /** The page's outline (header, sheet list), over the page until the app takes the canvas. */
  outline: HTMLElement;
  /** Where the sheet view will be: holds the canvas. */
  view: HTMLElement;
  canvas: HTMLCanvasElement;
  /** The sheet engine took the canvas (it draws the preview itself from then on). */
  taken: boolean;
}

export interface EarlyFirstSheet {
  /** The first sheet of the list (the one the page shows first). */
  sheet: Sheet;
  /** Its content (the vector JSON, or the PDF), read; null when that request failed. */
  content: Promise<ArrayBuffer | null>;
  /** Its stored preview, decoded; null when it failed. */
  preview: Promise<HTMLImageElement | null>;
  /** The outline and canvas, made on the first call (the preview's draw, or the engine's start). */
  picture(): EarlyDrawingPicture;
  /**
   * The sheet engine opening this sheet, started by this script (early-engine.ts's
   * openEarlySheet: resolves once it is drawn sharp); absent where the script could not import
   * the engine (the entry's boot opens it then).
   */
  opened?: Promise<void>;
}

export interface EarlyDrawing {
  id: string;
  token: string;
  /** GET /api/models/{id}/sheets, read; null when the model is not a drawing after all. */
  sheets: Promise<EarlyRead | null>;
  /** The first sheet's requests and picture; null without sheets. */
  first: Promise<EarlyFirstSheet | null>;
  /** GET /api/models/{id} when only this script asked for it (a drawing the browser knew). */
  model?: Promise<EarlyRead>;
}

/**
 * The model's answer says it is a drawing this page shows as sheets (ready, not in the trash):
 * its format then, else null.
 */
export function earlyDrawingFormat(bytes: ArrayBuffer | null, id: string): string | null {
  if (!bytes) return null;
  try {
    const model = JSON.parse(new TextDecoder().decode(bytes)) as {
      id?: unknown;
      format?: unknown;
      status?: unknown;
      deleted_at?: unknown;
    };
    return model.id === id &&
      typeof model.format === 'string' &&
      isSheetFormat(model.format) &&
      model.status === 'ready' &&
      !model.deleted_at
      ? model.format
      : null;
  } catch {
    return null;
  }
}

/**
 * Starts pdf.js once the page knows it shows a PDF: the model's answer on a first visit, else the
 * sheet list. Its worker (a 1.2 MB script, compiled and run on its own thread for some 250 ms on
 * this machine's kind) was the long pole of a PDF sheet: the PDF is opened only once it runs
 * (bench:sheets, a Chromium trace). pdf.js's own module (the main thread's part) is imported, not
 * only preloaded: it takes some 130 ms to run, spent while the sheet list, the PDF and the sheet
 * engine's chunks download rather than after them. The sheet engine takes the worker
 * (`window.__trussPdfWorker`) and gets the same module instance.
 */
export function startPdf(): void {
  // The worker's script first: the browser asks a host over six connections at most, and the
  // sheet engine's chunks queued ahead of it held it up by 200-300 ms.
  if (!window.__trussPdfWorker && typeof __TRUSS_PDF_WORKER_URL__ === 'string')
    if (typeof Worker !== 'undefined')
      window.__trussPdfWorker = new Worker(__TRUSS_PDF_WORKER_URL__, { type: 'module' });
  if (typeof __TRUSS_PDFJS_URL__ === 'string')
    import(/* @vite-ignore */ __TRUSS_PDFJS_URL__).catch(() => undefined);
  window.__trussPreloadDrawing?.(true);
}

/** The first sheet of a sheet list's answer (null: none, or not a list). */
export function firstSheetOf(bytes: ArrayBuffer | null): Sheet | null {
  if (!bytes) return null;
  try {
    const list = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    const first = Array.isArray(list) ? (list[0] as Sheet | undefined) : undefined;
    return first && typeof first.content_url === 'string' && typeof first.id === 'string'
      ? first
      : null;
  } catch {
    return null;
  }
}

/** The sheet view's size in CSS px and the engine's pixel ratio, in this window. */
export function drawingViewSize() {
  const { top, left, right } = drawingViewArea(window.innerWidth);
  const width = window.innerWidth - left - right;
  return { top, left, right, width, height: window.innerHeight - top };
}

/** The engine's pixel ratio (its default cap of 3). */
export const sheetPixelRatio = () => Math.min(window.devicePixelRatio || 1, 3);

function createPicture(): EarlyDrawingPicture {
  const { top, left, right, width, height } = drawingViewSize();
  const outline = document.createElement('div');
  outline.dataset.earlyDrawing = '';
  outline.setAttribute('aria-hidden', 'true');
  outline.style.cssText = 'position:fixed;inset:0;z-index:40;background:#f3f4f6;';
  const bar = (css: string) => {
    const part = document.createElement('div');
    part.style.cssText = `position:absolute;background:#fff;border:0 solid #e5e7eb;box-sizing:border-box;${css}`;
    outline.append(part);
  };
  bar(`left:0;right:0;top:0;height:${top}px;border-bottom-width:1px;`);
  if (left > 0) bar(`left:0;top:${top}px;bottom:0;width:${left}px;border-right-width:1px;`);
  if (right > 0) bar(`right:0;top:${top}px;bottom:0;width:${right}px;border-left-width:1px;`);
  const view = document.createElement('div');
  view.style.cssText = `position:absolute;top:${top}px;left:${left}px;right:${right}px;bottom:0;overflow:hidden;`;
  const canvas = document.createElement('canvas');
  const ratio = sheetPixelRatio();
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  // As the sheet engine styles its canvas.
  canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;touch-action:none';
  view.append(canvas);
  outline.append(view);
  // Started from model.html's <head>, this may run before <body> is parsed.
  (document.body ?? document.documentElement).append(outline);
  return { outline, view, canvas, taken: false };
}

function decodedImage(url: string): Promise<HTMLImageElement | null> {
  const image = new Image();
  image.decoding = 'async';
  image.fetchPriority = 'high';
  image.src = url;
  return image.decode().then(
    () => image,
    () => null,
  );
}

/**
 * Opens `first` in the sheet engine, imported by this script: the engine's chunk runs as soon as
 * it is in, not once the app's entry has loaded and run as well (which left pdf.js's parse and
 * render waiting for it: a PDF's whole sheet took 1.86x pdf.js's own viewer, bench:sheets).
 * Undefined without the chunk's URL (`vite` dev) or when the import cannot start.
 */
function openInEngine(first: EarlyFirstSheet, locale: string): Promise<void> | undefined {
  if (typeof __TRUSS_DRAWING_ENGINE_URL__ !== 'string') return undefined;
  const engine = import(
    /* @vite-ignore */ __TRUSS_DRAWING_ENGINE_URL__
  ) as Promise<EarlyEngineModule>;
  const opened = engine.then(({ openEarlySheet }) => {
    const worker = window.__trussPdfWorker ?? null;
    window.__trussPdfWorker = undefined;
    return openEarlySheet(first, locale, worker);
  });
  // The entry's boot reports a failure (early-drawing.ts); the page opens the sheet itself then.
  opened.catch(() => undefined);
  return opened;
}

/**
 * Asks for the first sheet's preview and content as soon as `sheets` (the list's answer) is in,
 * draws the preview when it is decoded, and opens the sheet in the sheet engine. `sheets`
 * resolving null: not a drawing, nothing asked.
 */
export function startEarlyDrawing(
  id: string,
  token: string,
  locale: string,
  sheets: Promise<EarlyRead | null>,
): EarlyDrawing {
  const first = sheets.then((read): EarlyFirstSheet | null => {
    const sheet = firstSheetOf(read?.bytes ?? null);
    if (!sheet) return null;
    // The preview first (small, drawn at once), then the content (signed URLs: no token).
    const preview = decodedImage(sheet.preview_url);
    const content = window
      .fetch(sheet.content_url, { priority: 'high' })
      .then((response) => (response.ok ? response.arrayBuffer() : null))
      .catch(() => null);
    // pdf.js with its worker for a PDF, and the sheet engine's code, download from now on.
    if (sheet.content === 'pdf') startPdf();
    window.__trussPreloadDrawing?.(false);
    let made: EarlyDrawingPicture | null = null;
    const picture = () => (made ??= createPicture());
    void preview.then((image) => {
      // The engine started first: it draws the preview itself.
      if (!image || made?.taken) return;
      const { width, height } = drawingViewSize();
      drawFirstPicture(picture().canvas, sheet, image, { width, height }, sheetPixelRatio());
    });
    const early: EarlyFirstSheet = { sheet, content, preview, picture };
    const opened = openInEngine(early, locale);
    return opened ? { ...early, opened } : early;
  });
  first.catch(() => undefined);
  return { id, token, sheets, first };
}
