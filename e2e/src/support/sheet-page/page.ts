/**
 * A bare page around the sheet engine (bundled by sheet-page/serve.ts with esbuild): opens the
 * sheet given as `?sheet=` filling the window and leaves the engine in `window.__sheet`.
 */
import type { SheetInfo } from '@truss/viewable';
import { createSheetViewer, type SheetViewer } from '@truss/viewer/sheet';

const w = window as unknown as { __sheet: SheetViewer; __sheetError: string | null };
w.__sheetError = null;
const name = new URLSearchParams(location.search).get('sheet') ?? '';
const viewer = createSheetViewer({
  container: document.getElementById('host')!,
  pdfWorkerSrc: '/pdf.worker.min.mjs',
  label: 'sheet',
  locale: 'en',
});
w.__sheet = viewer;
fetch(`/sheet/info/${encodeURIComponent(name)}`)
  .then((response) => response.json() as Promise<SheetInfo>)
  .then((info) => viewer.load({ info, contentUrl: `/sheet/content/${encodeURIComponent(name)}` }))
  .then(
    () => {
      document.body.dataset.state = 'loaded';
    },
    (error: unknown) => {
      w.__sheetError = error instanceof Error ? error.message : String(error);
      document.body.dataset.state = 'error';
    },
  );
