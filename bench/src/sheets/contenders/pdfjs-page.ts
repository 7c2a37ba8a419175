/**
 * pdf.js's own viewer (bundled by harness.ts, runs in Chromium): the components of pdfjs-dist's
 * web/pdf_viewer.mjs wired as pdf.js's "simpleviewer" example wires them (EventBus,
 * PDFLinkService, PDFFindController, PDFViewer with its text and annotation layers), in a
 * container of `?w=` x `?h=` CSS px, the first page fitted ('page-fit'). Reports the whole
 * sheet drawn at the first page's `pagerendered` event.
 */
import { pdfjsLib } from './pdfjs-global.ts';
import {
  EventBus,
  PDFFindController,
  PDFLinkService,
  PDFViewer,
} from 'pdfjs-dist/web/pdf_viewer.mjs';

const params = new URLSearchParams(location.search);
const container = document.createElement('div');
container.id = 'viewerContainer';
container.style.cssText = `position:absolute;left:0;top:0;overflow:auto;width:${params.get('w')}px;height:${params.get('h')}px;background:#e5e7eb`;
const viewerDiv = document.createElement('div');
viewerDiv.className = 'pdfViewer';
container.append(viewerDiv);
document.body.append(container);

const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const findController = new PDFFindController({ eventBus, linkService });
const viewer = new PDFViewer({ container, eventBus, linkService, findController });
linkService.setViewer(viewer);
eventBus.on('pagesinit', () => {
  viewer.currentScaleValue = 'page-fit';
});
eventBus.on('pagerender', ({ pageNumber }: { pageNumber: number }) => {
  if (pageNumber === 1) performance.mark('pdfjs:page-render');
});
eventBus.on('pagerendered', ({ pageNumber }: { pageNumber: number }) => {
  if (pageNumber === 1) document.body.dataset.state = 'loaded';
});

pdfjsLib
  .getDocument({ url: params.get('file')!, isEvalSupported: false })
  .promise.then((doc) => {
    performance.mark('pdfjs:document-open');
    viewer.setDocument(doc);
    linkService.setDocument(doc, null);
  })
  .catch((error: unknown) => {
    (window as unknown as { __error: string }).__error = String(error);
    document.body.dataset.state = 'error';
  });
