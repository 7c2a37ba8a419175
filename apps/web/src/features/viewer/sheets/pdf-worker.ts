import { preloadPdf } from '@truss/viewer/sheet';
// pdf.js's worker, emitted by Vite as a file of the app (same origin, no CDN).
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export { pdfWorkerUrl };

/**
 * A PDF drawing's page: pdf.js's worker starts loading before the sheet list is in (or is the one
 * model.html's script started, apps/web/src/boot/drawing).
 */
export function preloadPdfSheets(): void {
  const started = window.__trussPdfWorker;
  window.__trussPdfWorker = undefined;
  preloadPdf(pdfWorkerUrl, started);
}
