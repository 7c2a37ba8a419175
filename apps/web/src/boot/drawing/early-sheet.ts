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
 * Starts pdf.js's worker (a 1.2 MB script, loaded and compiled on its own thread) and pdf.js's
 * download once the page knows its first sheet is a PDF page and has asked for its preview: they
 * take longest of a PDF sheet. Started on the model's answer instead (a first visit), they took
 * the machine from the sheet list and the preview (bench:sheets: first pixels 1.65x pdf.js's
 * instead of 0.88x, on a loaded machine). The entry's sheet engine takes the worker
 * (`window.__trussPdfWorker`).
 */
function startPdf(): void {
  window.__trussPreloadDrawing?.(true);
  if (window.__trussPdfWorker || typeof __TRUSS_PDF_WORKER_URL__ !== 'string') return;
  if (typeof Worker === 'undefined') return;
  window.__trussPdfWorker = new Worker(__TRUSS_PDF_WORKER_URL__, { type: 'module' });
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
 * Asks for the first sheet's preview and content as soon as `sheets` (the list's answer) is in,
 * and draws the preview when it is decoded. `sheets` resolving null: not a drawing, nothing asked.
 */
export function startEarlyDrawing(
  id: string,
  token: string,
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
    // The sheet engine's code (and pdf.js with its worker for a PDF) downloads from now on.
    window.__trussPreloadDrawing?.(false);
    if (sheet.content === 'pdf') startPdf();
    let made: EarlyDrawingPicture | null = null;
    const picture = () => (made ??= createPicture());
    void preview.then((image) => {
      // The engine started first: it draws the preview itself.
      if (!image || made?.taken) return;
      const { width, height } = drawingViewSize();
      drawFirstPicture(picture().canvas, sheet, image, { width, height }, sheetPixelRatio());
    });
    return { sheet, content, preview, picture };
  });
  first.catch(() => undefined);
  return { id, token, sheets, first };
}
