/** One cold Online3DViewer load of an original file, in a fresh browser context. */
import type { Browser } from 'playwright-core';
import { cdp, heapMiB, localOnly } from '../browser.ts';
import { FIRST_DRAW_SCRIPT, readFirstDraw } from '../first-draw.ts';
import type { Harness } from './harness.ts';
import type { O3dvResult } from './page.ts';

export interface ViewerRun {
  /** The first draw of triangles into the viewer's canvas (first-draw.ts), ms from navigation. */
  firstFrameMs: number;
  /** The viewer has the whole model (Truss: the engine's load is done; O3DV: = loadedMs). */
  modelLoadedMs?: number;
  /** The page is loaded (Truss: model and the page's panels and toolbar). */
  loadedMs: number;
  heapMiB: number;
  drawCalls: number;
  renderer: string | null;
  /** Drawing-buffer size of the canvas at the first draw, "w×h". */
  canvas?: string;
}

export async function measureO3dv(
  browser: Browser,
  harness: Harness,
  file: string,
  timeoutMs: number,
  size: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<ViewerRun> {
  // The page's viewer fills the viewport: the viewport is the canvas size.
  const context = await browser.newContext({ viewport: size });
  try {
    await localOnly(context);
    await context.addInitScript({ content: FIRST_DRAW_SCRIPT });
    const page = await context.newPage();
    // O3DV reports some import failures only as an uncaught error (and then waits forever).
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const session = await cdp(page);
    await page.goto(harness.pageFor(file));
    try {
      await page.waitForFunction(() => document.body.dataset.state, undefined, {
        timeout: timeoutMs,
        polling: 100,
      });
    } catch (error) {
      if (pageErrors.length === 0) throw error;
      throw new Error(`O3DV threw: ${pageErrors.join('; ')}`, { cause: error });
    }
    const result = await page.evaluate(() => (window as unknown as { __o3dv: O3dvResult }).__o3dv);
    const first = await readFirstDraw(page);
    if (result.error || first.at === null || result.loadedMs === null) {
      throw new Error(`O3DV could not open ${file}: ${result.error ?? 'no frame'}`);
    }
    return {
      firstFrameMs: first.at,
      canvas: `${first.width}×${first.height}`,
      loadedMs: result.loadedMs,
      heapMiB: await heapMiB(session),
      drawCalls: result.drawCalls ?? Number.NaN,
      renderer: result.renderer,
    };
  } finally {
    await context.close();
  }
}
