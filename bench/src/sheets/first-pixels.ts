/**
 * One definition of "first sheet pixels" and "whole sheet" for every viewer of bench:sheets
 * (Truss, pdf.js's viewer, dxf-viewer), injected before any page script runs:
 *
 * - first pixels: the first animation frame at which a visible canvas of the page (at least
 *   200×200 CSS px: the viewer's, not a thumbnail) holds at least INK_PIXELS pixels of ink, i.e.
 *   opaque and dark (min channel < 160) or coloured (max - min > 64). The page's grey, the
 *   paper's white and Truss's paper shadow are not ink. Sampled by copying each canvas into a
 *   readable canvas in a requestAnimationFrame loop, which stops once ink is seen.
 * - whole sheet: the animation frame after the one at which the viewer first reports all its
 *   content drawn (`ready`, an expression per viewer: pdf.js's `pagerendered`, dxf-viewer's
 *   `Load()` resolved, Truss's sheet loaded and its PDF render sharp).
 */
import type { Page } from 'playwright-core';

const INK_PIXELS = 16;

export interface SheetTimes {
  /** performance.now() of the first frame with ink on the viewer's canvas. */
  firstPixels: number | null;
  /** performance.now() of the frame after the viewer reported the whole sheet drawn. */
  whole: number | null;
  /** The inked canvas's drawing buffer size. */
  width: number;
  height: number;
}

/** The init script; `ready` is a JavaScript expression true once the viewer reports done. */
export function sheetTimesScript(ready: string): string {
  return `(() => {
  const state = { firstPixels: null, whole: null, width: 0, height: 0, readyAt: null };
  window.__sheetTimes = state;
  let sampler = null;
  const inked = (canvas) => {
    const w = canvas.width, h = canvas.height;
    if (!sampler) sampler = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (sampler.canvas.width !== w || sampler.canvas.height !== h) {
      sampler.canvas.width = w;
      sampler.canvas.height = h;
    } else sampler.clearRect(0, 0, w, h);
    sampler.drawImage(canvas, 0, 0);
    const data = sampler.getImageData(0, 0, w, h).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] < 128) continue;
      const r = data[i], g = data[i + 1], b = data[i + 2];
      const lo = Math.min(r, g, b), hi = Math.max(r, g, b);
      if ((lo < 160 || hi - lo > 64) && ++n >= ${INK_PIXELS}) return true;
    }
    return false;
  };
  const isReady = () => { try { return Boolean(${ready}); } catch { return false; } };
  const poll = () => {
    const now = performance.now();
    if (state.firstPixels === null) {
      for (const canvas of document.querySelectorAll('canvas')) {
        if (canvas.clientWidth * canvas.clientHeight < 200 * 200 || !canvas.width || !canvas.height) continue;
        if (!canvas.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (inked(canvas)) {
          state.firstPixels = now;
          state.width = canvas.width;
          state.height = canvas.height;
          break;
        }
      }
    }
    if (state.readyAt !== null && state.whole === null) state.whole = now;
    else if (state.readyAt === null && isReady()) state.readyAt = now;
    if (state.firstPixels === null || state.whole === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();`;
}

/** Waits until both times are in (or `timeoutMs`), then reads them. */
export async function readSheetTimes(page: Page, timeoutMs: number): Promise<SheetTimes> {
  await page.waitForFunction(
    () => {
      const t = (window as unknown as { __sheetTimes?: SheetTimes }).__sheetTimes;
      return t && t.firstPixels !== null && t.whole !== null;
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
  return page.evaluate(() => {
    const { firstPixels, whole, width, height } = (
      window as unknown as { __sheetTimes: SheetTimes }
    ).__sheetTimes;
    return { firstPixels, whole, width, height };
  });
}
