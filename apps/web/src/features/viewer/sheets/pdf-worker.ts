import { preloadPdf } from '@truss/viewer/sheet';
// pdf.js's worker, emitted by Vite as a file of the app (same origin, no CDN).
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export { pdfWorkerUrl };

/** A PDF drawing's page: pdf.js's worker starts loading before the sheet list is in. */
export function preloadPdfSheets(): void {
  preloadPdf(pdfWorkerUrl);
}
