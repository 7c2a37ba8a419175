/** Browser-side measuring shared by the Truss and Online3DViewer runs. */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Requests to anything but 127.0.0.1/localhost (each failed): must stay empty. */
export const blockedRequests: string[] = [];

/**
 * Headless Chromium 150+ builds its omnibox popup (a WebUI page of some 300 modules) in a
 * renderer of its own for every new browser context, and the bench opens every load in a fresh
 * context: 200-400 ms of CPU on two cores, landing inside whichever viewer is loading (seen in
 * traces of every viewer). A user's browser builds its UI once. Off for every viewer alike.
 */
const QUIET_BROWSER_ARGS = ['--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup'];

/**
 * Chromium flags under which no host name resolves but localhost: a request to a CDN or an API
 * fails at once, in the browser, for every viewer alike. (Intercepting every request with
 * Playwright's routing instead held each one for a round trip to this process, some 20-50 ms
 * per request: a cost no real browser has, and heaviest on the pages that make the most.)
 */
export const LOCAL_ONLY_ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  ...QUIET_BROWSER_ARGS,
];

const isLocal = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return (
    !/^https?:$|^wss?:$/.test(protocol) || hostname === '127.0.0.1' || hostname === 'localhost'
  );
};

/**
 * Lists every request of the context that is not to 127.0.0.1/localhost (with LOCAL_ONLY_ARGS
 * it fails to resolve; listed, it fails the bench). Also defines `__name` in the page: tsx
 * compiles with esbuild's keepNames, so functions sent to page.evaluate call `__name(fn, "fn")`,
 * which the page does not have.
 */
export async function localOnly(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  context.on('request', (request) => {
    if (!isLocal(request.url())) blockedRequests.push(request.url());
  });
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

/**
 * A Chrome trace's categories for where a page's main thread goes: tasks, scripts and CPU
 * samples, the page's performance marks, plus TRUSS_TIMELINE_CATEGORIES (comma-separated).
 */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  ...(process.env.TRUSS_TIMELINE_CATEGORIES?.split(',') ?? []),
];
