/**
 * model.html's third script (bundled at build time: build/inline-scripts.ts), after the preview's
 * bundle (preview/early-preview.ts, which sets `window.__trussEarlyPreview`): it starts the
 * first picture when the first script (model-fetch.ts) asked for the viewable. That makes the
 * view's canvas and its WebGL2 context, which takes the main thread 20-80 ms on a software GPU,
 * spent while the viewable downloads, and draws the model without three.js as soon as its bytes
 * are in. A timer or a module import in between left the page's own parsing, styles and entry
 * module ahead of them (measured: the first frame 25-45 ms later).
 */
const early = window.__trussEarlyFetch;
if (early) {
  try {
    // Without the preview's script (it failed) the early view starts the preview itself.
    const preview = window.__trussEarlyPreview;
    early.preview = Promise.resolve(
      preview ? preview.startEarlyPreview(early.glb.then(({ bytes }) => bytes)) : null,
    );
    early.preview.catch(() => undefined);
  } catch {
    // The early view starts the preview itself.
  }
}
