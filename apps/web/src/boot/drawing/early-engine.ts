/**
 * The sheet engine on a drawing page's first sheet, before the app: imported by model.html's
 * script as soon as it knows the first sheet (drawing/early-sheet.ts), or by the entry's boot
 * where it could not (drawing/early-drawing.ts). Made on the canvas that shows the sheet's
 * preview already, given the bytes and the image that script read, and offered to the page's
 * sheet view (features/viewer/sheets/early-sheet.ts), which takes it over. No React: the page
 * loads this before the app.
 */
import { createSheetViewer, preloadPdf } from '@truss/viewer/sheet';
import { pdfWorkerUrl } from '../../features/viewer/sheets/pdf-worker';
import { sheetSource } from '../../features/viewer/sheets/sheet-source';
import { offerEarlySheet, sheetContentKey } from '../../features/viewer/sheets/early-sheet';
import type { EarlyFirstSheet } from './early-sheet';

/**
 * Opens `first` in a sheet engine on its early canvas. Resolves once the sheet is loaded and
 * drawn sharp for its view (rejects if it failed: the page loads it again and says so).
 */
export async function openEarlySheet(
  first: EarlyFirstSheet,
  locale: string,
  /** pdf.js's worker, started by the boot as soon as it knew the sheet is a PDF page. */
  pdfWorker: Worker | null,
): Promise<void> {
  const { sheet } = first;
  if (sheet.content === 'pdf') preloadPdf(pdfWorkerUrl, pdfWorker ?? undefined);
  const picture = first.picture();
  picture.taken = true;
  const engine = createSheetViewer({
    container: picture.view,
    canvas: picture.canvas,
    pdfWorkerSrc: pdfWorkerUrl,
    locale,
  });
  window.__trussSheet = engine;
  document.body.dataset.sheetState = 'loading';
  const loaded = engine.load({
    ...sheetSource(sheet),
    preview: first.preview,
    contentBytes: first.content,
  });
  offerEarlySheet({
    engine,
    sheetId: sheet.id,
    contentKey: sheetContentKey(sheet.content_url),
    loaded,
    outline: picture.outline,
  });
  await loaded;
  if (window.__trussSheet === engine) document.body.dataset.sheetState = 'loaded';
  await engine.whenSharp();
  performance.mark('truss:sheet-sharp');
  // The frame showing the sharp sheet goes to the screen before the app's start takes the main
  // thread for some 150 ms (it held that frame up: bench:sheets).
  await framesDrawn(2);
}

function framesDrawn(count: number): Promise<void> {
  return new Promise((resolve) => {
    const next = (left: number) =>
      left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1));
    next(count);
  });
}
