/** One cold load of a contender page (xeokit or That Open) in a fresh browser context. */
import type { Browser } from 'playwright-core';
import { cdp, heapMiB, localOnly } from '../browser.ts';
import { FIRST_DRAW_SCRIPT, readFirstDraw } from '../first-draw.ts';
import type { ViewerRun } from '../o3dv/measure.ts';
import type { Contender, ContenderHarness } from './harness.ts';
import type { ContenderResult } from './page-common.ts';

export async function measureContender(
  browser: Browser,
  harness: ContenderHarness,
  contender: Contender,
  ifc: string,
  size: { width: number; height: number },
  timeoutMs: number,
): Promise<ViewerRun> {
  const context = await browser.newContext({ viewport: size });
  try {
    await localOnly(context);
    await context.addInitScript({ content: FIRST_DRAW_SCRIPT });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const session = await cdp(page);
    await page.goto(harness.pageFor(contender, ifc, size.width, size.height));
    try {
      await page.waitForFunction(() => document.body.dataset.state, undefined, {
        timeout: timeoutMs,
        polling: 100,
      });
    } catch (error) {
      if (pageErrors.length === 0) throw error;
      throw new Error(`${contender} threw: ${pageErrors.join('; ')}`, { cause: error });
    }
    const result = await page.evaluate(
      () => (window as unknown as { __contender: ContenderResult }).__contender,
    );
    const first = await readFirstDraw(page);
    if (result.error || first.at === null || result.loadedMs === null) {
      throw new Error(`${contender} could not open ${ifc}: ${result.error ?? 'no frame'}`);
    }
    return {
      firstFrameMs: first.at,
      loadedMs: result.loadedMs,
      heapMiB: await heapMiB(session),
      drawCalls: result.drawCalls ?? Number.NaN,
      renderer: null,
      canvas: `${first.width}×${first.height}`,
    };
  } finally {
    await context.close();
  }
}
