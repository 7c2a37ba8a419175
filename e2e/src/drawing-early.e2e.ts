import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Model, Sheet } from '@truss/contracts';
import type { SheetViewer } from '@truss/viewer/sheet';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import { convertFile, firstProjectId, login, signedInState } from './support/viewer.ts';

/**
 * A drawing page's early path (apps/web/src/boot/drawing): with a session in storage, the sheet
 * list is asked for before the app starts (at once for a drawing this browser has met, after
 * the model's answer on a first visit), the first sheet's preview is drawn where the sheet view
 * will be, the sheet engine opens the sheet on that canvas with the bytes already read, and the
 * page takes the engine over: each of those requests is made once.
 */
const drawings = fileURLToPath(new URL('../../../shared/drawings/', import.meta.url));

type SheetWindow = Window & { __trussSheet?: SheetViewer };

let server: SharedServer;
let browser: Browser;
let email: string;
let pdf: Model;
let dxf: Model;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  email = `dora-${Date.now()}@example.com`;
  const auth = await createAccount(server.url, email);
  const project = await firstProjectId(server.url, auth.token);
  pdf = await convertFile(
    server.url,
    auth.token,
    project,
    path.join(drawings, 'pdf/sheet-set-a3.pdf'),
  );
  dxf = await convertFile(
    server.url,
    auth.token,
    project,
    path.join(drawings, 'dxf/example_2018.dxf'),
  );
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** Records, from before the page's first script, what the early path showed and when. */
const WATCH = `
  window.__watch = { outline: null };
  const look = () => {
    if (window.__watch.outline) return;
    const canvas = document.querySelector('[data-early-drawing] canvas');
    if (!canvas) return;
    const r = canvas.getBoundingClientRect();
    window.__watch.outline = {
      rect: [r.x, r.y, r.width, r.height],
      appRendered: !!document.getElementById('root')?.hasChildNodes(),
      at: performance.now(),
    };
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
`;

interface Watch {
  outline: { rect: number[]; appRendered: boolean; at: number } | null;
}

interface Asked {
  url: string;
  /** Playwright's resource type: fetch, image, script... */
  type: string;
}

async function sheetsOf(model: Model): Promise<Sheet[]> {
  const auth = await login(server.url, email);
  const response = await fetch(`${server.url}/api/models/${model.id}/sheets`, {
    headers: { authorization: `Bearer ${auth.token}` },
  });
  return (await response.json()) as Sheet[];
}

async function newContext(width = 1280): Promise<BrowserContext> {
  const auth = await login(server.url, email);
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 800 },
    storageState: signedInState(server.url, auth),
  });
  contexts.push(context);
  await context.addInitScript({ content: WATCH });
  return context;
}

/** Opens the drawing's page in `context`; resolves once its sheet is loaded and drawn sharp. */
async function open(
  context: BrowserContext,
  model: Model,
): Promise<{ page: Page; asked: Asked[] }> {
  const page = await context.newPage();
  const asked: Asked[] = [];
  page.on('request', (request) => asked.push({ url: request.url(), type: request.resourceType() }));
  await page.goto(`/model/${model.id}`);
  await page.waitForFunction(() => document.body.dataset.sheetState === 'loaded', null, {
    timeout: 60_000,
  });
  await page.evaluate(() => (window as SheetWindow).__trussSheet!.whenSharp());
  // The page has rendered its sheet view around the engine.
  await page.getByRole('img', { name: 'Drawing sheet' }).waitFor();
  return { page, asked };
}

const pathOf = (url: string) => new URL(url).pathname;
/**
 * The requests before the event stream opened: its first open refetches what was read before
 * it listened (missed events, features/projects/realtime.ts), the model and its sheets included.
 */
const beforeStream = (asked: Asked[]) => {
  const opened = asked.findIndex((a) => pathOf(a.url) === '/api/events');
  return opened < 0 ? asked : asked.slice(0, opened);
};
const count = (asked: Asked[], url: string) => asked.filter((a) => a.url.endsWith(url)).length;
const indexOf = (asked: Asked[], pathname: string) =>
  asked.findIndex((a) => pathOf(a.url) === pathname);

async function canvasRect(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const r = (window as SheetWindow).__trussSheet!.canvas.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height];
  });
}

describe("a drawing's page before the app starts", () => {
  it('on a first visit: the model says drawing, its sheet follows, the page takes it over', async () => {
    const context = await newContext();
    const [sheet] = await sheetsOf(pdf);
    const { page, asked } = await open(context, pdf);
    const base = `/api/models/${pdf.id}`;
    // The model's answer (model.html's script) named a drawing: then its sheets, before the app
    // asked who is signed in.
    const sheetsAt = indexOf(asked, `${base}/sheets`);
    expect(indexOf(asked, base)).toBeGreaterThanOrEqual(0);
    expect(indexOf(asked, base)).toBeLessThan(sheetsAt);
    expect(sheetsAt).toBeLessThan(indexOf(asked, '/api/user/profile'));
    // The preview drawn where the page shows the sheet, before the app rendered anything.
    const seen = (await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch))
      .outline;
    expect(seen?.appRendered).toBe(false);
    const final = await canvasRect(page);
    for (let i = 0; i < 4; i++) expect(Math.abs(final[i]! - seen!.rect[i]!)).toBeLessThanOrEqual(1);
    // Handed over, not repeated: one list, one preview, one PDF; the outline gone, one engine.
    expect(beforeStream(asked).filter((a) => pathOf(a.url) === `${base}/sheets`)).toHaveLength(1);
    expect(count(asked, sheet!.preview_url)).toBe(1);
    expect(count(asked, sheet!.content_url)).toBe(1);
    expect(await page.locator('[data-early-drawing]').count()).toBe(0);
    expect(await page.getByRole('img', { name: 'Drawing sheet' }).count()).toBe(1);
    expect(
      await page.evaluate(() => (window as SheetWindow).__trussSheet!.renderStats().sharp),
    ).toBe(true);
    // The engine the page took works: zoom to 800 % renders sharp again.
    await page.evaluate(() => (window as SheetWindow).__trussSheet!.setZoom(800));
    await page.evaluate(() => (window as SheetWindow).__trussSheet!.whenSharp());
    await page.screenshot({ path: await screenshotPath('drawing-early-pdf-en') });

    // The next visit knows it is a drawing: the sheet list at once, no 3D files asked for.
    const again = await open(context, pdf);
    const list = indexOf(again.asked, `${base}/sheets`);
    expect(list).toBeGreaterThanOrEqual(0);
    expect(list).toBeLessThan(indexOf(again.asked, base));
    expect(again.asked.filter((a) => /viewable\.glb|metadata\.json/.test(a.url))).toEqual([]);
    const early = beforeStream(again.asked);
    expect(early.filter((a) => pathOf(a.url) === base)).toHaveLength(1);
    expect(early.filter((a) => pathOf(a.url) === `${base}/sheets`)).toHaveLength(1);
    expect(count(again.asked, sheet!.content_url)).toBe(1);
  });

  it('a vector sheet (DXF) known to the browser: its JSON read once, layers work', async () => {
    const context = await newContext(1000);
    const [sheet] = await sheetsOf(dxf);
    // The models list notes the drawings it lists (the usual way to a drawing's page).
    const list = await context.newPage();
    await list.goto('/models');
    await list
      .getByText(/example_2018/)
      .first()
      .waitFor();
    await list.close();
    const { page, asked } = await open(context, dxf);
    const base = `/api/models/${dxf.id}`;
    expect(indexOf(asked, `${base}/sheets`)).toBeLessThan(indexOf(asked, base));
    expect(count(asked, sheet!.content_url)).toBe(1);
    expect(count(asked, sheet!.preview_url)).toBe(1);
    expect(asked.filter((a) => /viewable\.glb/.test(a.url))).toEqual([]);
    const seen = (await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch))
      .outline;
    const final = await canvasRect(page);
    for (let i = 0; i < 4; i++) expect(Math.abs(final[i]! - seen!.rect[i]!)).toBeLessThanOrEqual(1);
    // The layers panel drives the engine the page took over.
    const layers = await page.evaluate(() => (window as SheetWindow).__trussSheet!.layers());
    expect(layers.length).toBeGreaterThan(0);
    const first = layers[0]!.name;
    await page.getByRole('checkbox', { name: first, exact: true }).uncheck();
    await expect
      .poll(() =>
        page.evaluate(
          (name) =>
            (window as SheetWindow).__trussSheet!.layers().find((l) => l.name === name)?.visible,
          first,
        ),
      )
      .toBe(false);
  });

  it("opens the sheet without the app's entry: model.html's script starts the engine", async () => {
    const context = await newContext();
    // The app's entry module held back well past the sheet's whole path: the sheet engine is
    // imported by model.html's script (boot/drawing/early-sheet.ts), not by the entry.
    const HELD_MS = 8_000;
    await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HELD_MS));
      await route.continue();
    });
    const page = await context.newPage();
    // Not waiting for the load event, which waits for the entry.
    await page.goto(`/model/${pdf.id}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => performance.getEntriesByName('truss:sheet-sharp').length > 0,
      null,
      { timeout: 60_000 },
    );
    const { sharpAt, entryIn } = await page.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name)) as
        PerformanceResourceTiming | undefined;
      return {
        sharpAt: performance.getEntriesByName('truss:sheet-sharp')[0]!.startTime,
        // Not in yet: no responseEnd.
        entryIn: entry && entry.responseEnd > 0 ? entry.responseEnd : Number.POSITIVE_INFINITY,
      };
    });
    expect(sharpAt).toBeLessThan(entryIn);
    expect(await page.evaluate(() => document.body.dataset.sheetState)).toBe('loaded');
    expect(
      await page.evaluate(() => (window as SheetWindow).__trussSheet!.renderStats().sharp),
    ).toBe(true);
    // Once the entry is in, the page takes that engine over as before.
    await page.getByRole('img', { name: 'Drawing sheet' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-early-drawing]').count()).toBe(0);
  });
});
