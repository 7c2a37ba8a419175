/**
 * Everything that runs before React, started by the entry (main.tsx): it reads the page once
 * (page.ts) and starts what pays on it (docs/design.md "Start-up"):
 *
 * - the models list: its data (models-list/early-list.ts), the frame and title
 *   (outline/early-outline.ts) and the formatters' data (models-list/intl-warmup.ts);
 * - a model page: the early view (model-page/early-viewer.ts), which the page's inline scripts
 *   (boot/inline, in model.html) have started already; for a drawing, its first sheet in the
 *   sheet engine (drawing/early-drawing.ts).
 *
 * What it started goes to the app in one hand-off (handoff.ts), taken by the first route loader.
 */
import { drawingAnswers, openEarlyDrawing, takeEarlyDrawing } from './drawing/early-drawing';
import { handOver } from './handoff';
import { startEarlyViewer } from './model-page/early-viewer';
import { startEarlyModelList } from './models-list/early-list';
import { warmIntl } from './models-list/intl-warmup';
import { showEarlyOutline } from './outline/early-outline';
import { readPage } from './page';

/**
 * Starts the boot of this page. Resolves when the app should start (a model page's early view
 * holds it until the model is in, or a deadline); `preloadApp` is called then, to ask for the
 * app's files.
 */
export function startBoot(preloadApp: () => void): Promise<void> {
  const page = readPage();
  if (page?.kind === 'model' && __TRUSS_BOOT_EARLY_VIEW__) {
    // A drawing (known to this browser, or once the model's answer says so): its first sheet.
    const drawing = takeEarlyDrawing(page);
    const sheetOpened = drawing ? openEarlyDrawing(drawing, page.session.locale) : null;
    if (drawing) handOver({ drawingPage: drawingAnswers(drawing, page.modelId) });
    if (drawing?.model && sheetOpened) {
      // Known to be a drawing: no 3D view to start.
      return sheetOpened.finally(preloadApp);
    }
    const { claimView, appMayStart } = startEarlyViewer(page, preloadApp, sheetOpened);
    handOver({ modelPage: { modelId: page.modelId, claim: claimView } });
    return appMayStart;
  }
  if (page?.kind === 'models-list' && __TRUSS_BOOT_MODELS_LIST__) {
    handOver(startEarlyModelList(page.session));
    // Drawn already by index.html's inline script (inline/models-outline.ts), except in `vite` dev.
    showEarlyOutline('models', page.session.locale);
    // The list shows sizes and dates: their formatters' data loads while the app downloads.
    warmIntl(page.session.locale);
  }
  preloadApp();
  return Promise.resolve();
}
