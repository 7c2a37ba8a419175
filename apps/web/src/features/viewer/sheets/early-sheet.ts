/**
 * A drawing page's sheet engine started before the app (boot/drawing): the boot offers it here
 * with the sheet it loaded, and the page's sheet view (useSheetViewer) takes it once, for that
 * sheet, instead of making its own: the canvas, the loaded content and pdf.js's render move
 * into the page, nothing is asked for again. No React, no engine code (its types only): this
 * module is part of the app's entry.
 */
import type { SheetViewer } from '@truss/viewer/sheet';

export interface EarlySheet {
  engine: SheetViewer;
  /** The sheet loaded, and its content URL without expiry and signature. */
  sheetId: string;
  contentKey: string;
  /** The engine's load of that sheet. */
  loaded: Promise<void>;
  /** The outline the engine's canvas sits in until the page takes it; removed then. */
  outline: HTMLElement;
}

let offered: EarlySheet | null = null;

/** A signed URL without its expiry and signature: the same content. */
export const sheetContentKey = (url: string) => url.replace(/[?&](exp|sig)=[^&]*/g, '');

/** The boot's engine, for the page to take (replacing one offered before, which is dropped). */
export function offerEarlySheet(sheet: EarlySheet): void {
  if (offered && offered !== sheet) dropEarlySheet();
  offered = sheet;
}

/**
 * The boot's engine if it loaded sheet `sheetId` from `contentUrl`, taken once; null otherwise
 * (then it is dropped: the page makes its own).
 */
export function takeEarlySheet(sheetId: string, contentUrl: string): EarlySheet | null {
  const sheet = offered;
  if (!sheet) return null;
  offered = null;
  if (sheet.sheetId === sheetId && sheet.contentKey === sheetContentKey(contentUrl)) return sheet;
  dispose(sheet);
  return null;
}

/** The page shows no sheet (another page, a drawing not ready): the boot's engine goes. */
export function dropEarlySheet(): void {
  const sheet = offered;
  offered = null;
  if (sheet) dispose(sheet);
}

function dispose(sheet: EarlySheet): void {
  sheet.outline.remove();
  sheet.engine.dispose();
  if (window.__trussSheet === sheet.engine) {
    delete window.__trussSheet;
    delete document.body.dataset.sheetState;
  }
}
