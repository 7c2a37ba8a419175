/** Browser-side measuring shared by the Truss and Online3DViewer runs. */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Requests that left 127.0.0.1 (each was aborted): must stay empty. */
export const blockedRequests: string[] = [];

/**
 * Aborts every request that is not to 127.0.0.1/localhost (proves nothing comes from a CDN).
 * Also defines `__name` in the page: tsx compiles with esbuild's keepNames, so functions sent to
 * page.evaluate call `__name(fn, "fn")`, which the page does not have.
 */
export async function localOnly(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      blockedRequests.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
}

/** JS heap after a full garbage collection, MiB (CDP, the same for both viewers). */
export async function heapMiB(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage');
  const usage = await session.send('Runtime.getHeapUsage');
  return usage.usedSize / 1024 ** 2;
}

export async function cdp(page: Page): Promise<CDPSession> {
  return page.context().newCDPSession(page);
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
