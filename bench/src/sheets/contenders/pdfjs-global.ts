/**
 * pdf.js's viewer components (web/pdf_viewer.mjs) read the library from `globalThis.pdfjsLib`:
 * set here, in a module the page imports before them. The worker is served from the harness.
 */
import * as pdfjsLib from 'pdfjs-dist';

pdfjsLib.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
(globalThis as unknown as { pdfjsLib: typeof pdfjsLib }).pdfjsLib = pdfjsLib;
export { pdfjsLib };
