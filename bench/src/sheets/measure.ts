/**
 * One cold open of a drawing, in a fresh browser context (empty HTTP cache), timed by
 * first-pixels.ts the same way for every viewer: Truss's model page (the real web app and
 * server, signed in) showing the drawing's first sheet, or a contender's page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { localOnly } from '../viewer/browser.ts';
import { login, signedInState } from '@truss/e2e/support/viewer';
import type { SheetContender, SheetContenders } from './contenders/harness.ts';
import { readSheetTimes, sheetTimesScript, type SheetTimes } from './first-pixels.ts';

export interface SheetRun {
  firstPixelsMs: number;
  wholeMs: number;
  /** The viewer's canvas, CSS px (Truss's sizes the contenders'). */
  canvas: { width: number; height: number };
  /** Truss only: the page's requests for the sheet and its marks (ms), to see where time goes. */
  requests?: { name: string; start: number; end: number }[];
}

/** Every viewer's window: a laptop's. */
const VIEWPORT = { width: 1280, height: 800 };

/** The sheet engine's own report: loaded (load() resolved) and its PDF render sharp. */
const TRUSS_READY =
  "document.body.dataset.sheetState === 'loaded' && window.__trussSheet && window.__trussSheet.renderStats().sharp";
const CONTENDER_READY = "document.body.dataset.state === 'loaded'";

async function timed(
  context: BrowserContext,
  url: string,
  ready: string,
  timeoutMs: number,
): Promise<{ times: SheetTimes; page: Page }> {
  await context.addInitScript({ content: sheetTimesScript(ready) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  try {
    return { times: await readSheetTimes(page, timeoutMs), page };
  } catch (error) {
    const state = await page.evaluate(() => ({
      body: { ...document.body.dataset },
      error: (window as unknown as { __error?: string }).__error ?? null,
    }));
    throw new Error(
      `${url}: no sheet drawn (${JSON.stringify(state)}${errors.length ? `; ${errors.join('; ')}` : ''})`,
      { cause: error },
    );
  }
}

export async function measureTrussSheet(
  browser: Browser,
  session: { baseUrl: string; email: string },
  modelId: string,
  timeoutMs: number,
): Promise<SheetRun> {
  const auth = await login(session.baseUrl, session.email);
  const context = await browser.newContext({
    viewport: VIEWPORT,
    storageState: signedInState(session.baseUrl, auth),
  });
  try {
    await localOnly(context);
    const { times, page } = await timed(
      context,
      `${session.baseUrl}/model/${modelId}`,
      TRUSS_READY,
      timeoutMs,
    );
    const details = await page.evaluate(() => {
      const canvas = (window as unknown as { __trussSheet: { canvas: HTMLCanvasElement } })
        .__trussSheet.canvas;
      const requests = performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => /\/api\/|\.js$|pdf|content/.test(e.name))
        .map((e) => ({
          name: e.name.replace(location.origin, '').split('?')[0]!,
          start: e.startTime,
          end: e.responseEnd,
        }))
        .concat(
          performance.getEntriesByType('mark').map((e) => ({
            name: `mark ${e.name}`,
            start: e.startTime,
            end: e.startTime,
          })),
        )
        .sort((a, b) => a.start - b.start);
      return { width: canvas.clientWidth, height: canvas.clientHeight, requests };
    });
    return {
      firstPixelsMs: times.firstPixels!,
      wholeMs: times.whole!,
      canvas: { width: details.width, height: details.height },
      requests: details.requests,
    };
  } finally {
    await context.close();
  }
}

export async function measureContenderSheet(
  browser: Browser,
  contenders: SheetContenders,
  contender: SheetContender,
  file: string,
  size: { width: number; height: number },
  timeoutMs: number,
): Promise<SheetRun> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await localOnly(context);
    const { times, page } = await timed(
      context,
      contenders.pageFor(contender, file, size.width, size.height),
      CONTENDER_READY,
      timeoutMs,
    );
    if (process.env.TRUSS_SHEETS_TRACE === '1') {
      const marks = await page.evaluate(() =>
        performance.getEntriesByType('mark').map((e) => `${e.startTime.toFixed(0)} ${e.name}`),
      );
      for (const m of marks) console.error(`    ${m}`);
    }
    return { firstPixelsMs: times.firstPixels!, wholeMs: times.whole!, canvas: size };
  } finally {
    await context.close();
  }
}
