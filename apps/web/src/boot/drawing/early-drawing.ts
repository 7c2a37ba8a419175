/**
 * A drawing page before the app (the entry's part; model.html's first script started the
 * requests, the first picture and the sheet engine: early-sheet.ts): once that script's sheet
 * engine (early-engine.ts, its own chunk) has drawn the first sheet sharp, or at a deadline, the
 * app starts. Where that script could not import the engine, the engine is started here. What
 * the script read goes to the app in the boot's hand-off: the sheet list and, for a drawing the
 * browser knew, the model (the page does not ask again).
 */
// The worker's URL only (a string in the entry): pdf.js's worker file, emitted by Vite.
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { BootDrawingAnswers } from '../handoff';
import type { BootPage } from '../page';
import type { EarlyDrawing } from './early-sheet';

/**
 * The app waits for the drawing's sheet at most until this long after navigation. The sheet
 * takes pan and zoom before the app is in (the engine's own input), and the app's start on the
 * main thread held pdf.js's render up by as long as it took.
 */
export const DRAWING_APP_START_DEADLINE_MS = 3000;

/** The drawing requests model.html's script started for this page and session, taken once. */
export function takeEarlyDrawing(page: Extract<BootPage, { kind: 'model' }>): EarlyDrawing | null {
  const drawing = window.__trussEarlyDrawing;
  window.__trussEarlyDrawing = undefined;
  return drawing?.id === page.modelId && drawing.token === page.session.token ? drawing : null;
}

/** An answer read by model.html's script as JSON (rejects when it failed: the app asks). */
function json(read: Promise<EarlyRead | null>): Promise<unknown> {
  const parsed = read.then((got) => {
    if (!got?.bytes) throw new Error(`early drawing request: HTTP ${got?.answer.status ?? '-'}`);
    return JSON.parse(new TextDecoder().decode(got.bytes)) as unknown;
  });
  parsed.catch(() => undefined);
  return parsed;
}

/** What the app takes of the drawing's early requests (boot/handoff.ts). */
export function drawingAnswers(drawing: EarlyDrawing, modelId: string): BootDrawingAnswers {
  return {
    modelId,
    sheets: json(drawing.sheets),
    ...(drawing.model ? { model: json(drawing.model) } : {}),
  };
}

/**
 * Opens the drawing's first sheet in the sheet engine once model.html's script has it. Resolves
 * when the app may start: the sheet is drawn sharp, it is no drawing (or has no sheet), it
 * failed (the page opens it), or at the deadline.
 */
export function openEarlyDrawing(drawing: EarlyDrawing, locale: string): Promise<void> {
  const opened = drawing.first
    .then(async (first) => {
      if (!first) return;
      // Started by model.html's script already (early-sheet.ts), as soon as the sheet was known.
      if (first.opened) return first.opened;
      // pdf.js's worker (a 1.2 MB script) loads and compiles on its own thread while the engine's
      // code and pdf.js come: started by model.html's script (early-sheet.ts), or here.
      let worker = window.__trussPdfWorker ?? null;
      window.__trussPdfWorker = undefined;
      if (!worker && first.sheet.content === 'pdf' && typeof Worker !== 'undefined')
        worker = new Worker(pdfWorkerUrl, { type: 'module' });
      const { openEarlySheet } = await import('./early-engine');
      await openEarlySheet(first, locale, worker);
    })
    .catch((error: unknown) => console.warn('[sheets] the early sheet did not open', error));
  // Only a drawing waits: the deadline starts once the first sheet is known.
  const deadline = drawing.first.then(
    (first) =>
      first &&
      new Promise<void>((resolve) =>
        setTimeout(resolve, Math.max(0, DRAWING_APP_START_DEADLINE_MS - performance.now())),
      ),
    () => undefined,
  );
  return Promise.race([opened, deadline]).then(() => undefined);
}
