import type { Sheet } from '@truss/contracts';
import type { SheetInfo } from '@truss/viewable';
import type { SheetSource } from '@truss/viewer/sheet';

/** The API's sheet (snake case, signed URLs) as the sheet engine's source. */
export function sheetSource(sheet: Sheet): SheetSource {
  const info: SheetInfo = {
    id: sheet.id,
    name: sheet.name,
    index: sheet.index,
    kind: sheet.kind,
    width: sheet.width,
    height: sheet.height,
    units: sheet.units,
    layers: sheet.layers,
    content: sheet.content,
    ...(sheet.pdf_page ? { pdfPage: sheet.pdf_page } : {}),
    ...(sheet.storey
      ? {
          storey: {
            globalId: sheet.storey.global_id,
            elevation: sheet.storey.elevation,
            cutHeight: sheet.storey.cut_height,
          },
        }
      : {}),
  };
  return {
    info,
    contentUrl: sheet.content_url,
    textUrl: sheet.text_url,
    previewUrl: sheet.preview_url,
  };
}

/** The preview URL at a width (thumbnails): the server scales `preview.png?width=N`. */
export function previewAt(url: string, width: number): string {
  const u = new URL(url, 'http://x');
  u.searchParams.set('width', String(Math.round(width)));
  return url.startsWith('http') ? u.toString() : `${u.pathname}${u.search}`;
}
