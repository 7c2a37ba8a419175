/**
 * dxf-viewer's demo, the parts that open a file (bundled by harness.ts, runs in Chromium): a
 * DxfViewer in a container of `?w=` x `?h=` CSS px on a white background, the DXF parsed in its
 * worker (DxfViewer.SetupWorker, as the demo does) with one TrueType font for its texts
 * (LiberationSans from pdfjs-dist's standard fonts; the demo ships Roboto and Noto). Reports the
 * whole sheet drawn when Load() resolves (the viewer has fitted and rendered the scene by then).
 * preserveDrawingBuffer is on so the bench can read the canvas's pixels between frames.
 */
import { DxfViewer, type DxfViewerOptions } from 'dxf-viewer';
import { Color } from 'three';

const params = new URLSearchParams(location.search);
const container = document.createElement('div');
container.style.cssText = `position:absolute;left:0;top:0;width:${params.get('w')}px;height:${params.get('h')}px`;
document.body.append(container);

// harness.ts resolves 'three' to dxf-viewer's own copy (one three in the bundle); the cast
// only bridges the two copies' type declarations.
const white = new Color('#ffffff') as unknown as NonNullable<DxfViewerOptions['clearColor']>;
const viewer = new DxfViewer(container, {
  clearColor: white,
  autoResize: true,
  colorCorrection: true,
  preserveDrawingBuffer: true,
});
viewer
  .Load({
    url: params.get('file')!,
    fonts: ['/font.ttf'],
    progressCbk: null,
    workerFactory: () => new Worker('/dxf-worker.js'),
  })
  .then(() => {
    document.body.dataset.state = 'loaded';
  })
  .catch((error: unknown) => {
    (window as unknown as { __error: string }).__error = String(error);
    document.body.dataset.state = 'error';
  });
