/**
 * PDF pages through pdf.js (pdfjs-dist, Apache-2.0), loaded on first use so the 3D viewer's
 * bundle does not carry it. The worker comes from the app's own origin (`workerSrc`), never a CDN.
 *
 * Sheet coordinates of a PDF page: the page as displayed (its /Rotate applied), lower-left
 * origin, y up, in the sheet's units (millimetres for the converter's pages).
 */
import type { SheetText, SheetUnits } from '@truss/viewable';
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { headersOf } from './fetch.ts';
import type { SheetSource, SheetViewerOptions } from './types.ts';
import { MM_PER_UNIT, type SheetView } from './view.ts';

type PdfJs = typeof PdfJsModule;

let pdfjsPromise: Promise<PdfJs> | null = null;
/** pdf.js's worker, one for every document (pdf.js's `workerPort`), started by preloadPdf. */
let workerPort: Worker | null = null;

function startWorker(workerSrc: string): Worker | null {
  if (typeof Worker === 'undefined') return null;
  workerPort ??= new Worker(workerSrc, { type: 'module' });
  return workerPort;
}

function loadPdfJs(workerSrc: string): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
    const port = startWorker(workerSrc);
    if (port) pdfjs.GlobalWorkerOptions.workerPort = port;
    return pdfjs;
  });
  // A failed load (offline, a new deployment's chunk names) is tried again next time.
  pdfjsPromise.catch(() => {
    pdfjsPromise = null;
  });
  return pdfjsPromise;
}

/**
 * Starts pdf.js's worker before the first PDF sheet is opened: a PDF drawing's page calls it
 * once it knows the format. The worker's 1.2 MB script then loads and compiles on its own thread
 * while the page waits for the sheet list and draws the preview; pdf.js asks for the PDF only
 * once its worker runs, and that was the long pole of a PDF sheet (bench:sheets).
 * `started`: that worker, started by the page's boot before this module was loaded.
 */
export function preloadPdf(workerSrc: string, started?: Worker): void {
  // One the page started already (`workerSrc` run as a module worker) serves every document.
  if (started) workerPort ??= started;
  startWorker(workerSrc);
}

/** Sheet units per PDF point. */
export function unitsPerPoint(units: SheetUnits): number {
  return 25.4 / 72 / MM_PER_UNIT[units];
}

/**
 * pdf.js's viewport parameters that put the page where `view` (CSS px) shows it on a canvas of
 * device pixels: scale in device px per point and the offset of the page's top-left corner.
 */
export function pdfViewportFor(
  view: SheetView,
  pixelRatio: number,
  pageHeightPt: number,
  units: SheetUnits,
): { scale: number; offsetX: number; offsetY: number } {
  const perPoint = unitsPerPoint(units);
  const height = pageHeightPt * perPoint;
  return {
    scale: pixelRatio * view.scale * perPoint,
    offsetX: pixelRatio * view.x,
    offsetY: pixelRatio * (view.y - view.scale * height),
  };
}

export interface PdfPage {
  page: PDFPageProxy;
  /** The displayed page's size in points. */
  widthPt: number;
  heightPt: number;
  /** The page's text runs in sheet units (pdf.js's text content). */
  texts(): Promise<SheetText[]>;
  /** Renders the page as `view` shows it onto `canvas` (sized by the caller). */
  render(canvas: HTMLCanvasElement, view: SheetView, pixelRatio: number): RenderTask;
}

const documents = new Map<string, Promise<PDFDocumentProxy>>();

function documentKey(url: string): string {
  // Signed URLs change their signature daily; the document is the same.
  return url.replace(/[?&](exp|sig)=[^&]*/g, '');
}

export async function openPdfPage(
  url: string,
  pageNumber: number,
  units: SheetUnits,
  options: {
    workerSrc: string;
    withCredentials?: boolean;
    httpHeaders?: Record<string, string>;
    /** The file's bytes, already read (the page's boot asked for them): `url` is not asked. */
    data?: ArrayBuffer;
  },
): Promise<PdfPage> {
  const pdfjs = await loadPdfJs(options.workerSrc);
  const key = documentKey(url);
  let doc = documents.get(key);
  if (!doc) {
    doc = pdfjs.getDocument({
      ...(options.data ? { data: new Uint8Array(options.data) } : { url }),
      // No `new Function` (the app's Content-Security-Policy has no 'unsafe-eval').
      isEvalSupported: false,
      withCredentials: options.withCredentials ?? false,
      ...(options.httpHeaders ? { httpHeaders: options.httpHeaders } : {}),
    }).promise;
    documents.set(key, doc);
    doc.catch(() => documents.delete(key));
  }
  const page = await (await doc).getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const perPoint = unitsPerPoint(units);
  return {
    page,
    widthPt: base.width,
    heightPt: base.height,
    async texts() {
      const content = await page.getTextContent();
      const out: SheetText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [a, b, , , e, f] = item.transform as number[];
        const [u, v] = base.convertToViewportPoint(e!, f!) as [number, number];
        // The run's direction on the displayed page (y down there, so the angle flips).
        const [u2, v2] = base.convertToViewportPoint(e! + a!, f! + b!) as [number, number];
        const rotation = (-Math.atan2(v2 - v, u2 - u) * 180) / Math.PI;
        out.push({
          text: item.str,
          x: u * perPoint,
          y: (base.height - v) * perPoint,
          width: item.width * perPoint,
          height: item.height * perPoint,
          rotation: Math.abs(rotation) < 1e-6 ? 0 : rotation,
          layer: -1,
        });
      }
      return out;
    },
    render(canvas, view, pixelRatio) {
      const params = pdfViewportFor(view, pixelRatio, base.height, units);
      const viewport = page.getViewport(params);
      // Our own context: pdf.js's default one has no alpha, so the page's surround turns black.
      const canvasContext = canvas.getContext('2d')!;
      const task = page.render({ canvas, canvasContext, viewport, background: 'rgba(0,0,0,0)' });
      continueOnTasks(task);
      return task;
    },
  };
}

/** Tasks queued behind a message: a yield to the browser without setTimeout's 4 ms clamp. */
const queued: (() => void)[] = [];
let channel: MessageChannel | null = null;

function afterTask(run: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(run, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queued.shift()?.();
  }
  queued.push(run);
  channel.port2.postMessage(null);
}

/**
 * pdf.js draws a page for the screen in slices of ~15 ms, each on the next animation frame: the
 * page waits for a frame between slices, and while the page composites a frame a slice waits
 * for it, so a sheet's render took twice its drawing time (trace of bench:sheets: 370 ms for
 * 230 ms of slices). Its slices are continued after a task instead: input and other work still
 * get the main thread between them, but no frame is waited for. Only where this pdf.js has the
 * field (its RenderTask's `_internalRenderTask`, public in 5.x); elsewhere pdf.js keeps its pace.
 */
function continueOnTasks(task: RenderTask): void {
  const internal = (task as unknown as { _internalRenderTask?: Record<string, unknown> })
    ._internalRenderTask;
  if (internal?._useRequestAnimationFrame !== true) return;
  internal._useRequestAnimationFrame = false;
  task.onContinue = (next: () => void) => afterTask(next);
}

/** A sheet's PDF page (its source's URL and page), opened as the engine's options say. */
export function openSheetPage(
  source: SheetSource,
  options: Pick<SheetViewerOptions, 'pdfWorkerSrc' | 'requestInit'>,
  /** The PDF's bytes if the page has them already (the drawing page's boot). */
  bytes: ArrayBuffer | null = null,
): Promise<PdfPage> {
  const { pdfWorkerSrc, requestInit } = options;
  if (!pdfWorkerSrc) throw new Error('PDF sheets need pdfWorkerSrc');
  return openPdfPage(source.contentUrl, source.info.pdfPage ?? 1, source.info.units, {
    workerSrc: pdfWorkerSrc,
    withCredentials: requestInit?.credentials === 'include',
    httpHeaders: headersOf(requestInit),
    ...(bytes ? { data: bytes } : {}),
  });
}
