/**
 * A sheet's content, loaded for the engine to show: the vector sheet's JSON, or the PDF page
 * (pdf.ts) with its text runs for search (the converter's text file, else pdf.js reads them).
 */
import type { PdfSheetText, SheetText, VectorSheet } from '@truss/viewable';
import { fetchJson } from './fetch.ts';
import { openSheetPage, type PdfPage } from './pdf.ts';
import type { SheetSource, SheetViewerOptions } from './types.ts';

export type SheetContent =
  | { kind: 'vector'; sheet: VectorSheet }
  | {
      kind: 'pdf';
      page: PdfPage;
      /** Asked for once the page is open; a failure is the caller's to ignore. */
      texts: Promise<SheetText[]>;
    };

/**
 * Loads `source`'s content; null when `stale()` (a newer load or dispose came first) after the
 * page's bytes or the content arrived, and then nothing more is asked for.
 */
export async function loadSheetContent(
  source: SheetSource,
  options: Pick<SheetViewerOptions, 'pdfWorkerSrc' | 'requestInit'>,
  stale: () => boolean,
): Promise<SheetContent | null> {
  // The content's bytes if the page asked for them already (null: ask).
  const bytes = source.contentBytes ? await source.contentBytes.catch(() => null) : null;
  if (stale()) return null;
  const { requestInit } = options;
  if (source.info.content === 'vector') {
    const sheet = await fetchJson<VectorSheet>(source.contentUrl, requestInit, bytes);
    return stale() ? null : { kind: 'vector', sheet };
  }
  const page = await openSheetPage(source, options, bytes);
  if (stale()) return null;
  const texts = source.textUrl
    ? fetchJson<PdfSheetText>(source.textUrl, requestInit).then((t) => t.texts)
    : page.texts();
  // Observed here so a failure before the caller's handler is not reported as unhandled.
  texts.catch(() => undefined);
  return { kind: 'pdf', page, texts };
}
