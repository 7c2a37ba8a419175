/**
 * One cold load of a tower's model page for bench:tower, with what the viewer bench's
 * measureTruss reads (first frame by the shared definition, loaded, JS heap, draw calls) and the
 * streaming figures: when the view is orbitable (no task over 50 ms on the main thread after the
 * first frame: the end of the last such task, else the first frame), the longest task after the
 * first frame, and the chunk stream's own report (chunks, geometry bytes kept: about the GPU's).
 */
import { waitForViewerLoaded } from '@truss/e2e/support/viewer';
import { writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { cdp, heapMiB, TRACE_CATEGORIES } from '../viewer/browser.ts';
import { readFirstDraw } from '../viewer/first-draw.ts';
import { signedInPage } from '../viewer/truss/measure.ts';

/** Long tasks from the page's start (PerformanceObserver, buffered). */
const LONG_TASKS_SCRIPT = `(() => {
  const tasks = [];
  window.__longTasks = tasks;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

interface StreamingStats {
  chunks: number;
  resident: number;
  residentBytes: number;
  fetchedBytes: number;
  dropped: number;
}

export interface TowerRun {
  /** The canvas's drawing buffer at the first frame (the contender opens at this size). */
  canvas: { width: number; height: number };
  firstFrameMs: number;
  orbitableMs: number;
  /** Longest main-thread task after the first frame, ms (0 when none over 50 ms). */
  longestTaskMs: number;
  /** Tasks over 50 ms between the first frame and loaded. */
  longTasks: number;
  loadedMs: number;
  heapMiB: number;
  drawCalls: number;
  /** Geometry bytes in the scene (the chunk stream's count; the GPU holds the same). */
  gpuMiB: number | null;
  streaming: StreamingStats | null;
}

type TowerWindow = Window & {
  __longTasks?: [number, number][];
  __trussViewer?: {
    renderNow(): { drawCalls: number };
    getStreamingStats?(): StreamingStats | null;
  };
};

export async function measureTower(
  browser: Browser,
  session: { baseUrl: string; email: string },
  modelId: string,
  timeoutMs: number,
): Promise<TowerRun> {
  const { context, page } = await signedInPage(browser, session);
  try {
    await context.addInitScript({ content: LONG_TASKS_SCRIPT });
    const devtools = await cdp(page);
    // TRUSS_TOWER_TRACE=<file.json>: a Chrome trace of this load (tasks, scripts, CPU samples).
    const trace = process.env.TRUSS_TOWER_TRACE;
    if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    // A loaded machine can take longer than the default 30 s for the document alone.
    await page.goto(`/model/${modelId}`, { timeout: timeoutMs });
    await waitForViewerLoaded(page, timeoutMs);
    if (trace) {
      await writeFile(trace, await browser.stopTracing());
      console.log(`trace written to ${trace}`);
    }
    const first = await readFirstDraw(page);
    const read = await page.evaluate(() => {
      const w = window as TowerWindow;
      const viewer = w.__trussViewer;
      if (!viewer) throw new Error('window.__trussViewer is not set');
      return {
        loaded: performance.getEntriesByName('truss:loaded')[0]?.startTime ?? null,
        tasks: w.__longTasks ?? [],
        drawCalls: viewer.renderNow().drawCalls,
        streaming: viewer.getStreamingStats?.() ?? null,
        chunkMs: ['truss:chunk-decode', 'truss:chunk-prepare'].map((name) =>
          performance.getEntriesByName(name).map((entry) => Math.round(entry.duration)),
        ),
      };
    });
    if (first.at === null || read.loaded === null)
      throw new Error('the model page drew no triangles or set no truss:loaded mark');
    const after = read.tasks.filter(([start]) => start >= first.at!);
    const within = after.filter(([start]) => start <= read.loaded!);
    const longest = Math.max(0, ...after.map(([, duration]) => duration));
    const lastEnd = Math.max(first.at, ...within.map(([start, duration]) => start + duration));
    // TRUSS_TOWER_TASKS=1: where the main thread went (chunk builds, long tasks as [start, ms]).
    if (process.env.TRUSS_TOWER_TASKS === '1') {
      const [decodeMs, prepareMs] = read.chunkMs;
      const tasks = read.tasks.map(([start, ms]) => [Math.round(start), Math.round(ms)]);
      console.log(JSON.stringify({ decodeMs, prepareMs, tasks }));
    }
    return {
      canvas: { width: first.width, height: first.height },
      firstFrameMs: first.at,
      orbitableMs: lastEnd,
      longestTaskMs: longest,
      longTasks: within.length,
      loadedMs: read.loaded,
      heapMiB: await heapMiB(devtools),
      drawCalls: read.drawCalls,
      gpuMiB: read.streaming ? read.streaming.residentBytes / 1024 ** 2 : null,
      streaming: read.streaming,
    };
  } finally {
    await context.close();
  }
}
