/**
 * PDF -> sheets with pdf.js (pdfjs-dist, Apache-2.0) in Node: one sheet per page, its size in
 * millimetres from the page's view box, its text runs with boxes (getTextContent), the optional
 * content groups as layers, and a preview rendered with @napi-rs/canvas (pdf.js's own Node
 * canvas). The browser draws the stored source PDF itself; the sheets only point at its pages.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PdfSheetText, SheetInfo, SheetLayer, SheetText } from '@truss/viewable';
import { SHEETS_VERSION } from '@truss/viewable';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MalformedFileError, NoPagesError } from '../errors.ts';
import { encodePng, PREVIEW_SIZE } from './preview.ts';

const MM_PER_PT = 25.4 / 72;
/** Pages past this are refused (TOO_LARGE is the caller's). */
export const MAX_PDF_PAGES = 2000;

export interface PdfSheet {
  info: SheetInfo;
  text: PdfSheetText;
  previewPng: Uint8Array;
}

type PdfJs = typeof PdfJsModule;

let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** Where pdf.js finds the 14 standard fonts (PDFs that do not embed them). */
function standardFontDataUrl(): string {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return `${pathToFileURL(join(root, 'standard_fonts')).href}/`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000 + 0;
}

export async function readPdf(
  bytes: Uint8Array,
  options: { checkAbort(): void; progress(fraction: number): void },
): Promise<PdfSheet[]> {
  const { getDocument } = await loadPdfJs();
  // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: bytes.slice(),
    standardFontDataUrl: standardFontDataUrl(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const detail = error instanceof Error ? error.message : String(error);
    if (/no pages|page tree|pages.*count/i.test(detail)) throw new NoPagesError();
    throw new MalformedFileError(`The PDF file could not be read: ${detail}`.slice(0, 500), {
      cause: error,
    });
  }
  try {
    if (doc.numPages < 1) throw new NoPagesError();
    if (doc.numPages > MAX_PDF_PAGES) {
      throw new MalformedFileError(`The PDF has ${doc.numPages} pages, over ${MAX_PDF_PAGES}.`);
    }
    const layers: SheetLayer[] = [];
    const config = await doc.getOptionalContentConfig().catch(() => null);
    if (config) {
      for (const [, group] of config as unknown as Iterable<
        [string, { name: string | null; visible: boolean }]
      >) {
        layers.push({ name: group.name ?? '', visible: group.visible, color: '#000000' });
      }
    }
    let labels: string[] | null = null;
    try {
      labels = await doc.getPageLabels();
    } catch {
      labels = null;
    }
    const sheets: PdfSheet[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      options.checkAbort();
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const widthPt = viewport.width;
      const heightPt = viewport.height;
      const content = await page.getTextContent();
      const texts: SheetText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [a, b, , , e, f] = item.transform as number[];
        // Page space -> the rotated page's top-left pixels, then y up from the lower-left.
        const [vx, vy] = viewport.convertToViewportPoint(e!, f!);
        const angle = (Math.atan2(b!, a!) * 180) / Math.PI - viewport.rotation;
        texts.push({
          text: item.str,
          x: round(vx * MM_PER_PT),
          y: round((heightPt - vy) * MM_PER_PT),
          width: round(item.width * MM_PER_PT),
          height: round(item.height * MM_PER_PT),
          rotation: round(((angle % 360) + 360) % 360),
          layer: -1,
        });
      }
      const previewPng = await renderPage(page, widthPt, heightPt);
      page.cleanup();
      sheets.push({
        info: {
          id: `p${number}`,
          name: labels?.[number - 1] || String(number),
          index: number - 1,
          kind: 'page',
          width: round(widthPt * MM_PER_PT),
          height: round(heightPt * MM_PER_PT),
          units: 'mm',
          layers,
          content: 'pdf',
          pdfPage: number,
        },
        text: { version: SHEETS_VERSION, texts },
        previewPng,
      });
      options.progress(number / doc.numPages);
    }
    return sheets;
  } finally {
    await doc.destroy();
  }
}

async function renderPage(
  page: Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>,
  widthPt: number,
  heightPt: number,
): Promise<Uint8Array> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const scale = PREVIEW_SIZE / Math.max(widthPt, heightPt);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(
    Math.max(1, Math.round(viewport.width)),
    Math.max(1, Math.round(viewport.height)),
  );
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  type RenderParameters = Parameters<typeof page.render>[0];
  await page.render({
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: context as unknown as RenderParameters['canvasContext'],
    viewport,
    background: '#ffffff',
  }).promise;
  return encodePng(canvas);
}
