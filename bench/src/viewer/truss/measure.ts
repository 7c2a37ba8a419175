/**
 * Truss in the browser: one cold load of `/model/:id` in a fresh context (signed in through the
 * stored auth state, empty HTTP cache), then, on the tower, orbiting frame times and picking.
 */
import { login, signedInState, waitForViewerLoaded } from '@truss/e2e/support/viewer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cdp, heapMiB, localOnly } from '../browser.ts';
import { FIRST_DRAW_SCRIPT, readFirstDraw } from '../first-draw.ts';
import type { ViewerRun } from '../o3dv/measure.ts';

/** The part of the engine's public interface (packages/viewer/src/api.ts) the bench uses. */
interface RenderStats {
  drawCalls: number;
  frameMs: number;
  renderer: string;
  degraded: boolean;
}
interface Viewer {
  renderNow(): RenderStats;
  getStats(): RenderStats;
  pick(x: number, y: number): { elementId: number } | null;
  on(type: 'selection-change' | 'camera-change', listener: () => void): () => void;
}
type TrussWindow = Window & { __trussViewer?: Viewer };

interface TrussSession {
  baseUrl: string;
  email: string;
}

/** What the page showed when it set its `truss:page-ready` mark (recorded in the page). */
interface ReadyDom {
  toolbarButtons: number;
  treeRows: number;
  panels: number;
}

/**
 * Records, in the page, what the DOM holds at the `truss:page-ready` mark: the bench's "page
 * ready" counts only when the toolbar's buttons, the tree's rows and the properties panel are
 * really there (the page's own word is not enough).
 */
/**
 * The mark read as "page ready": `truss:page-ready`. `TRUSS_BENCH_READY_MARK=truss:loaded` reads
 * that one instead, to compare with a build from before `truss:page-ready` existed: its DOM is
 * then reported, not required, and page ready is that mark or the tree's first row, the later.
 */
const READY_MARK = process.env.TRUSS_BENCH_READY_MARK ?? 'truss:page-ready';

const READY_DOM_SCRIPT = `new PerformanceObserver((list) => {
  if (!list.getEntries().some((e) => e.name === ${JSON.stringify(READY_MARK)}) || window.__readyDom) return;
  window.__readyDom = {
    toolbarButtons: document.querySelectorAll('[role="toolbar"] button').length,
    treeRows: document.querySelectorAll('[role="treeitem"]').length,
    panels: document.querySelectorAll('aside').length,
  };
}).observe({ type: 'mark' });
new MutationObserver((changes, observer) => {
  if (!document.querySelector('[role="treeitem"]')) return;
  window.__treeRowAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

/** A fresh context (cold HTTP cache) signed in with its own token pair. */
export async function signedInPage(
  browser: Browser,
  session: TrussSession,
): Promise<{ context: BrowserContext; page: Page }> {
  const auth = await login(session.baseUrl, session.email);
  const context = await browser.newContext({
    baseURL: session.baseUrl,
    viewport: { width: 1280, height: 800 },
    storageState: signedInState(session.baseUrl, auth),
  });
  await localOnly(context);
  await context.addInitScript({ content: FIRST_DRAW_SCRIPT });
  await context.addInitScript({ content: READY_DOM_SCRIPT });
  const page = await context.newPage();
  return { context, page };
}

export async function measureTruss(
  browser: Browser,
  session: TrussSession,
  modelId: string,
  timeoutMs: number,
): Promise<ViewerRun> {
  const { context, page } = await signedInPage(browser, session);
  try {
    const devtools = await cdp(page);
    await page.goto(`/model/${modelId}`);
    await waitForViewerLoaded(page, timeoutMs);
    await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark).length > 0,
      READY_MARK,
      {
        timeout: timeoutMs,
      },
    );
    const marks = await page.evaluate(
      (mark) => ({
        modelLoaded: performance.getEntriesByName('truss:model-loaded')[0]?.startTime ?? null,
        ready: performance.getEntriesByName(mark)[0]?.startTime ?? null,
        dom: (window as Window & { __readyDom?: ReadyDom }).__readyDom ?? null,
        treeRowAt: (window as Window & { __treeRowAt?: number }).__treeRowAt ?? null,
      }),
      READY_MARK,
    );
    const first = await readFirstDraw(page);
    if (first.at === null || marks.ready === null) {
      throw new Error(`the model page drew no triangles or set no ${READY_MARK} mark`);
    }
    // Page ready: the toolbar, the tree's rows and the properties panel were in the DOM then.
    const dom = marks.dom;
    const usable = !!dom && dom.toolbarButtons > 0 && dom.treeRows > 0 && dom.panels >= 2;
    if (!usable && READY_MARK === 'truss:page-ready') {
      throw new Error(`truss:page-ready came before the page was usable: ${JSON.stringify(dom)}`);
    }
    if (!usable)
      console.error(`  at ${READY_MARK} the page was not usable yet: ${JSON.stringify(dom)}`);
    // An older build's mark may come before its tree's rows: page ready is then when they came.
    const ready =
      READY_MARK === 'truss:page-ready' ? marks.ready : Math.max(marks.ready, marks.treeRowAt ?? 0);
    const stats = await page.evaluate(() => {
      const viewer = (window as TrussWindow).__trussViewer;
      if (!viewer) throw new Error('window.__trussViewer is not set');
      return viewer.renderNow();
    });
    return {
      // The same definition as every other viewer's (first-draw.ts), not the page's own mark.
      firstFrameMs: first.at,
      canvas: `${first.width}×${first.height}`,
      modelLoadedMs: marks.modelLoaded ?? Number.NaN,
      // Page ready (`truss:page-ready`): toolbar, tree and properties usable, checked above.
      loadedMs: ready,
      heapMiB: await heapMiB(devtools),
      drawCalls: stats.drawCalls,
      renderer: stats.renderer,
    };
  } finally {
    await context.close();
  }
}

export interface Interaction {
  renderer: string;
  /** rAF deltas while orbiting, ms. */
  frameDeltas: number[];
  /** The engine's own average frame time after the orbit (getStats().frameMs). */
  engineFrameMs: number;
  /** camera-change events during the drag: the orbit really moved the camera. */
  cameraChanges: number;
  /** The first pick after loading (may build the picking BVH). */
  firstPickMs: number;
  /** pick() over a 40×40 grid, misses included. */
  gridPickMs: number[];
  /** pick() on points of the grid that hit the model. */
  pickMs: number[];
  /** Grid points that hit the model. */
  pickHits: number;
  /** How long the drag ran. */
  orbitSeconds: number;
  /** The frame-rate guard's state right after the drag. */
  degradedAfterOrbit: boolean;
  /** Real mouse click (pointerup) -> selection-change event, and -> the next painted frame. */
  clickToSelectionMs: number[];
  clickToPaintMs: number[];
}

/** The largest canvas on the page: the viewer's (the view cube may have its own). */
async function viewerCanvas(page: Page) {
  return page.evaluate(() => {
    let best: DOMRect | null = null;
    for (const canvas of Array.from(document.querySelectorAll('canvas'))) {
      const rect = canvas.getBoundingClientRect();
      if (!best || rect.width * rect.height > best.width * best.height) best = rect;
    }
    if (!best) throw new Error('no canvas on the model page');
    return { x: best.x, y: best.y, width: best.width, height: best.height };
  });
}

/**
 * Orbit by dragging the mouse across the canvas for ~3 s (the engine's own orbit navigation),
 * recording rAF deltas in the page; then ~100 programmatic picks over a grid and 10 real clicks.
 */
export async function measureInteraction(
  browser: Browser,
  session: TrussSession,
  modelId: string,
  timeoutMs: number,
): Promise<Interaction> {
  const { context, page } = await signedInPage(browser, session);
  try {
    await page.goto(`/model/${modelId}`);
    await waitForViewerLoaded(page, timeoutMs);
    const canvas = await viewerCanvas(page);
    const cx = canvas.x + canvas.width / 2;
    const cy = canvas.y + canvas.height / 2;

    // The first pick builds what picking needs; timed apart, and kept out of the orbit figures.
    const firstPickMs = await page.evaluate(
      ({ x, y }) => {
        const t0 = performance.now();
        (window as TrussWindow).__trussViewer!.pick(x, y);
        return performance.now() - t0;
      },
      { x: canvas.width / 2, y: canvas.height / 2 },
    );

    await page.evaluate(() => {
      const w = window as unknown as {
        __deltas: number[];
        __recording: boolean;
        __cameraChanges: number;
      };
      w.__deltas = [];
      w.__recording = true;
      w.__cameraChanges = 0;
      (window as TrussWindow).__trussViewer!.on('camera-change', () => w.__cameraChanges++);
      let last = performance.now();
      const tick = (now: number) => {
        w.__deltas.push(now - last);
        last = now;
        if (w.__recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const started = Date.now();
    let step = 0;
    // At least 3 s and 10 camera moves (a slow renderer makes each move wait for its frame),
    // at most 2 minutes.
    while (
      Date.now() - started < 120_000 &&
      (Date.now() - started < 3000 ||
        (await page.evaluate(
          () => (window as unknown as { __cameraChanges: number }).__cameraChanges,
        )) < 10)
    ) {
      step++;
      // Back and forth horizontally (orbit about the vertical axis), a little vertical tilt.
      const phase = (step % 120) / 120;
      const dx = Math.sin(phase * Math.PI * 2) * canvas.width * 0.3;
      const dy = Math.sin(phase * Math.PI * 4) * canvas.height * 0.05;
      await page.mouse.move(cx + dx, cy + dy);
      await page.waitForTimeout(8);
    }
    await page.mouse.up();
    const orbitSeconds = (Date.now() - started) / 1000;
    const orbit = await page.evaluate(() => {
      const w = window as unknown as {
        __deltas: number[];
        __recording: boolean;
        __cameraChanges: number;
      };
      w.__recording = false;
      // Read right after the drag, while the frame-rate guard may still simplify.
      const stats = (window as TrussWindow).__trussViewer!.getStats();
      // The first delta is from installing the recorder to the first frame: not a frame time.
      return { deltas: w.__deltas.slice(1), stats, cameraChanges: w.__cameraChanges };
    });
    // Picks over a 40×40 grid (misses included), then 100 picks on points that hit the model.
    const picks = await page.evaluate(
      ({ width, height }) => {
        const viewer = (window as TrussWindow).__trussViewer!;
        const grid: number[] = [];
        const hits: { x: number; y: number }[] = [];
        for (let i = 0; i < 40; i++) {
          for (let j = 0; j < 40; j++) {
            const x = ((i + 0.5) / 40) * width;
            const y = ((j + 0.5) / 40) * height;
            const t0 = performance.now();
            const hit = viewer.pick(x, y);
            grid.push(performance.now() - t0);
            if (hit) hits.push({ x, y });
          }
        }
        const onModel: number[] = [];
        for (let k = 0; k < 100 && hits.length > 0; k++) {
          const at = hits[(k * 7919) % hits.length]!;
          const t0 = performance.now();
          viewer.pick(at.x, at.y);
          onModel.push(performance.now() - t0);
        }
        return { grid, onModel, hits: hits.length };
      },
      { width: canvas.width, height: canvas.height },
    );

    // Real clicks on points that hit the model.
    await page.evaluate(() => {
      const w = window as unknown as {
        __clicks: { up: number; selected: number; painted: number }[];
      };
      w.__clicks = [];
      let up = 0;
      window.addEventListener('pointerup', () => (up = performance.now()), { capture: true });
      (window as TrussWindow).__trussViewer!.on('selection-change', () => {
        const selected = performance.now();
        requestAnimationFrame(() => w.__clicks.push({ up, selected, painted: performance.now() }));
      });
    });
    const targets = await page.evaluate(
      ({ width, height }) => {
        const viewer = (window as TrussWindow).__trussViewer!;
        const found: { x: number; y: number; id: number }[] = [];
        for (let k = 0; k < 400 && found.length < 10; k++) {
          const x = ((k * 37) % 97) / 97;
          const y = ((k * 53) % 89) / 89;
          const hit = viewer.pick(x * width, y * height);
          if (hit && !found.some((f) => f.id === hit.elementId)) {
            found.push({ x: x * width, y: y * height, id: hit.elementId });
          }
        }
        return found;
      },
      { width: canvas.width, height: canvas.height },
    );
    for (const [index, target] of targets.entries()) {
      await page.mouse.click(canvas.x + target.x, canvas.y + target.y);
      await page.waitForFunction(
        (count) => (window as unknown as { __clicks: unknown[] }).__clicks.length >= count,
        index + 1,
        { timeout: 10_000 },
      );
    }
    const clicks = await page.evaluate(
      () =>
        (window as unknown as { __clicks: { up: number; selected: number; painted: number }[] })
          .__clicks,
    );
    return {
      renderer: orbit.stats.renderer,
      frameDeltas: orbit.deltas,
      engineFrameMs: orbit.stats.frameMs,
      cameraChanges: orbit.cameraChanges,
      firstPickMs,
      gridPickMs: picks.grid,
      pickMs: picks.onModel,
      pickHits: picks.hits,
      orbitSeconds,
      degradedAfterOrbit: orbit.stats.degraded,
      clickToSelectionMs: clicks.map((c) => c.selected - c.up),
      clickToPaintMs: clicks.map((c) => c.painted - c.up),
    };
  } finally {
    await context.close();
  }
}
