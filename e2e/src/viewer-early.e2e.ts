import { fileURLToPath } from 'node:url';
import type { Model } from '@truss/contracts';
import type { Viewer } from '@truss/viewer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import {
  borderColor,
  convertFile,
  coveredFraction,
  decodePng,
  differingFraction,
  firstProjectId,
  login,
  signedInState,
  waitForViewerLoaded,
} from './support/viewer.ts';

/**
 * The model page's early view (apps/web/src/boot/model-page): with a session in storage the
 * model is opened before the app starts, where the page will show it, and the page adopts it.
 */
const HOUSE = fileURLToPath(
  new URL('../../../shared/samples/ifc/IfcOpenHouse_IFC4.ifc', import.meta.url),
);

let server: SharedServer;
let browser: Browser;
let email: string;
let house: Model;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  email = `ella-${Date.now()}@example.com`;
  const auth = await createAccount(server.url, email);
  house = await convertFile(
    server.url,
    auth.token,
    await firstProjectId(server.url, auth.token),
    HOUSE,
  );
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

interface Watch {
  /** Whether the early view's outline was ever on the page. */
  outlineSeen: boolean;
  /** At the first frame: the early canvas's rectangle, and whether the app had rendered. */
  atFirstFrame: { rect: number[] | null; appRendered: boolean } | null;
}

/** Records what the early view did, from before the page's first script. */
const WATCH = `
  window.__watch = { outlineSeen: false, atFirstFrame: null };
  new MutationObserver(() => {
    if (document.querySelector('[data-early-viewer]')) window.__watch.outlineSeen = true;
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.name === 'truss:first-frame')) return;
    const canvas = document.querySelector('[data-early-viewer] canvas');
    const r = canvas && canvas.getBoundingClientRect();
    window.__watch.atFirstFrame = {
      rect: r ? [r.x, r.y, r.width, r.height] : null,
      appRendered: !!document.getElementById('root')?.hasChildNodes(),
    };
  }).observe({ type: 'mark' });
`;

async function open(
  auth: Awaited<ReturnType<typeof login>>,
  options: { tokenExpiry?: number; width?: number; waitForViewer?: boolean } = {},
): Promise<Page> {
  const state = signedInState(server.url, auth, {
    tokenExpiry: options.tokenExpiry,
  });
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: options.width ?? 1280, height: 800 },
    storageState: state,
  });
  contexts.push(context);
  await context.addInitScript({ content: WATCH });
  const page = await context.newPage();
  const asked: string[] = [];
  requestLog.set(page, asked);
  const calls: Promise<ApiCall>[] = [];
  apiCalls.set(page, calls);
  page.on('request', (request) => {
    asked.push(request.url());
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const call = request.allHeaders().then((headers) => ({
      path: new URL(request.url()).pathname,
      type: request.resourceType(),
      headers,
    }));
    // Most tests never read the headers and close the page while a request is
    // in flight; only the test that awaits the calls should see a failure.
    call.catch(() => undefined);
    calls.push(call);
  });
  await page.goto(`/model/${house.id}`);
  if (options.waitForViewer ?? true) await waitForViewerLoaded(page);
  return page;
}

/** Of the pixels `a` drew (not `background`), the share `b` shows in the same colour. */
function sameWhereDrawn(
  a: ReturnType<typeof decodePng>,
  b: ReturnType<typeof decodePng>,
  background: [number, number, number],
  tolerance = 24,
): number {
  let drawn = 0;
  let same = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const near = (x: Uint8Array | Buffer, y: readonly number[], t: number) =>
      Math.abs(x[i]! - y[0]!) <= t &&
      Math.abs(x[i + 1]! - y[1]!) <= t &&
      Math.abs(x[i + 2]! - y[2]!) <= t;
    if (near(a.data, background, 12)) continue;
    drawn++;
    if (near(b.data, [a.data[i]!, a.data[i + 1]!, a.data[i + 2]!], tolerance)) same++;
  }
  return drawn === 0 ? 0 : same / drawn;
}

/** Every URL a page asked for, in the order it asked. */
const requestLog = new WeakMap<Page, string[]>();

interface ApiCall {
  path: string;
  /** Playwright's resource type: fetch, xhr, image... */
  type: string;
  /** As sent, lower-case names. */
  headers: Record<string, string>;
}

/** Every /api/ request a page made, with the headers it carried. */
const apiCalls = new WeakMap<Page, Promise<ApiCall>[]>();

const watch = (page: Page) =>
  page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);

/** Requests (resource timing) whose path matches, with their start times. */
const requests = (page: Page, pattern: string) =>
  page.evaluate(
    (source) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new RegExp(source).test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    pattern,
  );

/** What a WebGL canvas holds (its drawing buffer is kept), as PNG bytes. */
async function canvasPixels(page: Page, selector: string): Promise<Buffer> {
  const url = await page.evaluate(
    (css) => document.querySelector<HTMLCanvasElement>(css)!.toDataURL('image/png'),
    selector,
  );
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

async function pageCanvasRect(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const r = document.querySelector('canvas[aria-label]')!.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height];
  });
}

describe('the early view of a model page', () => {
  it.each([1280, 1000, 600])(
    'draws the model before the app starts, where the page shows it (%i px wide), and hands it over',
    async (width) => {
      const page = await open(await login(server.url, email), { width });
      const seen = await watch(page);
      expect(seen.outlineSeen).toBe(true);
      expect(seen.atFirstFrame?.appRendered).toBe(false);
      // The page's view is exactly where the early one was: no jump when the app takes over.
      const early = seen.atFirstFrame!.rect!;
      const final = await pageCanvasRect(page);
      for (let i = 0; i < 4; i++) expect(Math.abs(final[i]! - early[i]!)).toBeLessThanOrEqual(1);
      // Handed over, not duplicated: one canvas, one request per file, the cube shown by the page.
      expect(await page.locator('[data-early-viewer]').count()).toBe(0);
      expect(await page.locator('canvas[aria-label]').count()).toBe(1);
      // The page takes the early view's answer: one request for the model until the event
      // stream opens, whose first open refetches what was read before it listened (missed
      // events), the model included (features/projects/realtime.ts).
      const asked = (requestLog.get(page) ?? []).map((url) => new URL(url).pathname);
      const streamOpened = asked.indexOf('/api/events');
      const modelPath = `/api/models/${house.id}`;
      const beforeStream = streamOpened < 0 ? asked : asked.slice(0, streamOpened);
      expect(beforeStream.filter((p) => p === modelPath)).toHaveLength(1);
      expect(asked.filter((p) => p === modelPath).length).toBeLessThanOrEqual(2);
      expect(await requests(page, '/viewable\\.glb$')).toHaveLength(1);
      // Spec §7, every call: the early ones (model.html's inline script, the entry's) as the
      // app's client sends them, each with the page's language and a request key of its own.
      const calls = await Promise.all(apiCalls.get(page) ?? []);
      const scripted = calls.filter((call) => call.type === 'fetch' || call.type === 'xhr');
      expect(scripted.map((call) => call.path)).toEqual(
        expect.arrayContaining([
          `${modelPath}/viewable.glb`,
          modelPath,
          `${modelPath}/metadata.json`,
        ]),
      );
      // An <img> cannot send headers; none is expected on this page.
      expect(calls.filter((call) => !scripted.includes(call))).toEqual([]);
      for (const call of scripted) {
        expect({ path: call.path, language: call.headers['accept-language'] }).toEqual({
          path: call.path,
          language: 'en',
        });
        expect({ path: call.path, key: call.headers['x-request-id'] }).toEqual({
          path: call.path,
          key: expect.stringMatching(
            /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
          ),
        });
      }
      const keys = scripted.map((call) => call.headers['x-request-id']);
      expect(new Set(keys).size).toBe(keys.length);
      expect(await requests(page, '/metadata\\.json$')).toHaveLength(1);
      await expect(page.locator('canvas[data-truss-viewcube]').isVisible()).resolves.toBe(true);
      // Drawn before the app even asked who is signed in.
      const [firstFrame, profile] = await Promise.all([
        page.evaluate(() => performance.getEntriesByName('truss:first-frame')[0]!.startTime),
        requests(page, '^/api/user/profile$'),
      ]);
      expect(firstFrame).toBeLessThan(profile[0]!);
      // It draws on: a new view shows (frames were held only while the app started).
      const canvas = page.locator('canvas[aria-label]');
      const before = decodePng(await canvas.screenshot());
      await page.evaluate(() =>
        (window as unknown as { __trussViewer: Viewer }).__trussViewer.navigation.setStandardView(
          'top',
          false,
        ),
      );
      await expect
        .poll(async () => differingFraction(before, decodePng(await canvas.screenshot())))
        .toBeGreaterThan(0.02);
      if (width < 768) return;
      // The page works on the adopted engine: a real click on the model selects an element and
      // the properties panel shows it.
      const target = await page.evaluate(() => {
        const viewer = (window as unknown as { __trussViewer: Viewer }).__trussViewer;
        const canvas = document.querySelector('canvas[aria-label]')!.getBoundingClientRect();
        for (let i = 2; i < 18; i++) {
          for (let j = 2; j < 18; j++) {
            const x = (canvas.width * i) / 20;
            const y = (canvas.height * j) / 20;
            if (viewer.pick(x, y)) return { x: canvas.x + x, y: canvas.y + y };
          }
        }
        return null;
      });
      expect(target).not.toBeNull();
      await page.mouse.click(target!.x, target!.y);
      const properties = page.getByRole('complementary').last();
      await expect.poll(() => properties.getByText('GlobalId').count()).toBeGreaterThan(0);
      if (width === 1280) {
        await page.screenshot({ path: await screenshotPath('viewer-early-handover-en') });
      }
    },
  );

  it('draws the model before three.js is in (the preview), as the engine then draws it', async () => {
    const auth = await login(server.url, email);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      storageState: signedInState(server.url, auth),
    });
    contexts.push(context);
    // three.js and the app's start are held back until released: first the preview alone, then
    // the engine's first frame on the same canvas before the app renders (and fits to its panels).
    const held = new Map<string, () => void>();
    const hold = (name: string) => new Promise<void>((resolve) => held.set(name, resolve));
    const threeIn = hold('three');
    const appIn = hold('app');
    await context.route(/\/assets\/three-[\w-]+\.js$/, async (route) => {
      await threeIn;
      await route.continue();
    });
    await context.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
      await appIn;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`/model/${house.id}`);
    const marks = () =>
      page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
    await expect.poll(marks, { timeout: 30_000 }).toContain('truss:preview');
    expect(await marks()).not.toContain('truss:engine');
    const canvas = page.locator('[data-early-viewer] canvas').first();
    const preview = decodePng(await canvas.screenshot());
    const background = borderColor(preview);
    // The model's largest batch (the terrain and the walls here), where the engine will show it.
    expect(coveredFraction(preview, background)).toBeGreaterThan(0.05);

    held.get('three')!();
    await expect.poll(marks, { timeout: 30_000 }).toContain('truss:first-frame');
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // The engine's frame is presented with the next animation frame.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const engine = decodePng(await canvas.screenshot());
    const engineOwn = decodePng(await canvasPixels(page, '[data-early-viewer] canvas'));
    // The same view, shaded alike (the preview's shader follows three's Lambert): where the
    // preview drew, the engine's frame shows the same colours but where the rest of the model
    // (drawn by then, or not) covers that batch. A view from elsewhere would match nowhere.
    expect(coveredFraction(engine, background)).toBeGreaterThan(
      coveredFraction(preview, background),
    );
    expect(sameWhereDrawn(preview, engine, background)).toBeGreaterThan(0.8);
    await page.screenshot({ path: await screenshotPath('viewer-early-preview-en') });

    held.get('app')!();
    await waitForViewerLoaded(page);
    expect(await page.locator('canvas[aria-label]').count()).toBe(1);
    // The page's toolbar covers the band the first fit left free (the preview's and the
    // engine's): the page measures the same insets, and the model stays where it was drawn.
    const band = await page.evaluate(() => {
      const view = document.querySelector('canvas[aria-label]')!.getBoundingClientRect();
      const toolbar = document.querySelector('[role="toolbar"]')!.getBoundingClientRect();
      return view.bottom - toolbar.top;
    });
    expect(band).toBe(54);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { __trussViewer: Viewer }).__trussViewer.navigation.getViewInsets(),
        ),
      )
      .toEqual({ top: 0, right: 0, bottom: 54, left: 0 });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // The canvas's own pixels (the toolbar lies over them on the page).
    const after = decodePng(await canvasPixels(page, 'canvas[aria-label]'));
    expect(differingFraction(engineOwn, after)).toBeLessThan(0.002);
  });

  it('draws no frame for a size report that changes nothing, and one when the view is resized', async () => {
    // A ResizeObserver reports its canvas once when it starts observing: that report came right
    // after the first frame and had the whole model drawn again before the app could start.
    const page = await open(await login(server.url, email));
    const frames = () =>
      page.evaluate(() => (window as unknown as { __frames: number }).__frames ?? 0);
    const settle = () =>
      page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))),
          ),
      );
    await settle();
    // Every frame clears the view's canvas first (three's autoClear): count those clears.
    await page.evaluate(() => {
      const view = document.querySelector('canvas[aria-label]');
      const clear = WebGL2RenderingContext.prototype.clear;
      const counted = window as unknown as { __frames: number };
      counted.__frames = 0;
      WebGL2RenderingContext.prototype.clear = function (mask: number) {
        if (this.canvas === view) counted.__frames++;
        return clear.call(this, mask);
      };
    });
    await page.evaluate(() =>
      (window as unknown as { __trussViewer: Viewer }).__trussViewer.resize(),
    );
    await settle();
    expect(await frames()).toBe(0);
    const before = await page.evaluate(
      () => document.querySelector<HTMLCanvasElement>('canvas[aria-label]')!.width,
    );
    await page.setViewportSize({ width: 1180, height: 800 });
    await expect.poll(frames).toBeGreaterThan(0);
    const width = await page.evaluate(
      () => document.querySelector<HTMLCanvasElement>('canvas[aria-label]')!.width,
    );
    expect(width).toBeLessThan(before);
  });

  it('leaves an expired stored session to the app, which refreshes it and opens the model', async () => {
    const page = await open(await login(server.url, email), { tokenExpiry: Date.now() - 1000 });
    expect((await watch(page)).outlineSeen).toBe(false);
    expect(await requests(page, '^/api/auth/refresh$')).toHaveLength(1);
    expect(await page.locator('canvas[aria-label]').count()).toBe(1);
  });

  it('leaves a model it may not see to the page, which says so', async () => {
    const other = `olga-${Date.now()}@example.com`;
    await createAccount(server.url, other);
    const page = await open(await login(server.url, other), { waitForViewer: false });
    await page.getByRole('heading', { name: /Model not found|could not be loaded/ }).waitFor();
    expect((await watch(page)).outlineSeen).toBe(false);
    expect(await page.locator('canvas').count()).toBe(0);
  });
});
