import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Model, Sheet, Topic, TopicList } from '@truss/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SheetViewer } from '@truss/viewer/sheet';
import { createAccount } from './support/accounts.ts';
import { text, type Locale } from './support/a11y-routes.ts';
import { cloudAndText, drag } from './support/markup.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import { joinProject } from './support/topics.ts';
import {
  convertFile,
  decodePng,
  firstProjectId,
  setProfileLanguage,
  signedInState,
  waitForViewerLoaded,
  type Pixels,
} from './support/viewer.ts';

/**
 * Markup in the browser (issue 36), in en and zh-CN: a cloud and a text drawn on a PDF sheet and
 * saved with an issue pinned on the sheet, and the same over the 3D view of an IFC model saved
 * with a new issue; Bea (a second member) sees each issue arrive live and its markup when she
 * opens it; the BCF export's snapshot has the red cloud's pixels.
 */
type SheetWindow = Window & { __trussSheet?: SheetViewer };

const shared = fileURLToPath(new URL('../../../shared/', import.meta.url));
const PDF = path.join(shared, 'drawings/pdf/sheet-set-a3.pdf');
const IFC = path.join(shared, 'samples/ifc/IfcOpenHouse_IFC4.ifc');

let server: SharedServer;
let browser: Browser;
let owner: AuthResponse;
let bea: AuthResponse;
let projectId: string;
let pdf: Model;
let ifc: Model;
const contexts: BrowserContext[] = [];
const stamp = Date.now();

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  owner = await createAccount(server.url, `marko-${stamp}@example.com`);
  projectId = await firstProjectId(server.url, owner.token);
  pdf = await convertFile(server.url, owner.token, projectId, PDF);
  ifc = await convertFile(server.url, owner.token, projectId, IFC);
  bea = await createAccount(server.url, `bea-marko-${stamp}@example.com`);
  await joinProject(server.url, projectId, owner.token, `bea-marko-${stamp}@example.com`, bea);
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function open(
  model: Model,
  as: AuthResponse,
  locale: Locale,
  viewport = { width: 1280, height: 800 },
  query = '',
): Promise<Page> {
  await setProfileLanguage(server.url, as, locale);
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    locale,
    storageState: signedInState(server.url, as),
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/model/${model.id}${query}`);
  if (model.format === 'pdf') {
    await page.waitForFunction(() => document.body.dataset.sheetState === 'loaded', null, {
      timeout: 60_000,
    });
    // Loaded before the app starts (apps/web/src/boot/drawing): the page's panels and toolbar are
    // there once its sheet view has taken the sheet's engine.
    await page.waitForFunction(
      () =>
        !!(
          window as Window & { __trussSheet?: { canvas: HTMLCanvasElement } }
        ).__trussSheet?.canvas.closest('[data-sheet-view]'),
      null,
      { timeout: 60_000 },
    );
  } else await waitForViewerLoaded(page);
  return page;
}

const api = async <T>(url: string): Promise<T> => {
  const res = await fetch(`${server.url}${url}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

function redPixels(png: Pixels): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4)
    if (png.data[i]! > 180 && png.data[i + 1]! < 90 && png.data[i + 2]! < 110) n++;
  return n;
}

/** The box of a PNG's red pixels (null: none). */
function pngRedBox(png: Pixels): { width: number; height: number } | null {
  let [x0, y0, x1, y1] = [png.width, png.height, -1, -1];
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      if (png.data[i]! > 180 && png.data[i + 1]! < 90 && png.data[i + 2]! < 110) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  return x1 < 0 ? null : { width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The BCF export's snapshot of `topic`, decoded. */
async function exportedSnapshot(topic: Topic): Promise<Pixels> {
  const res = await fetch(
    `${server.url}/api/project/${projectId}/bcf?version=3.0&topics=${topic.guid}`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  );
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const name = Object.keys(files).find((f) => f.startsWith(`${topic.guid}/`) && f.endsWith('.png'));
  expect(name).toBeDefined();
  return decodePng(Buffer.from(files[name!]!));
}

const newest = async (modelId: string): Promise<Topic> => {
  const list = await api<TopicList>(
    `/api/project/${projectId}/topics?modelId=${modelId}&sort=created&limit=1`,
  );
  return list.topics[0]!;
};

describe('markup in the browser', () => {
  it.each(['en', 'zh-CN'] as const)(
    'a cloud and a text on a PDF sheet, pinned with an issue, live for Bea, in the BCF snapshot (%s)',
    async (locale) => {
      const title = `Leak on the sheet ${locale}`;
      const author = await open(pdf, owner, locale);
      const watcher = await open(pdf, bea, locale);
      const panel = (page: Page) =>
        page.getByRole('complementary', { name: text(locale, 'topics.panel') });
      await author
        .getByRole('toolbar', { name: text(locale, 'viewer.sheets.toolbar') })
        .getByRole('button', { name: text(locale, 'topics.markup.toggle') })
        .click();
      await cloudAndText(author, locale, 'p1', locale === 'en' ? 'Leak here' : '此处漏水');
      await panel(author)
        .getByRole('button', { name: text(locale, 'topics.sheetPin.place') })
        .click();
      const layer = (await author.locator('[data-markup-layer="p1"]').boundingBox())!;
      // Each run pins elsewhere: the shared server keeps the other locale's issue on this sheet.
      const spot = locale === 'en' ? 0.48 : 0.42;
      await author.mouse.click(layer.x + layer.width * spot, layer.y + layer.height * 0.52);
      await panel(author).locator('input').first().fill(title);
      await panel(author).locator('button[type="submit"]').click();
      await expect
        .poll(() => panel(author).getByRole('heading', { name: title }).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      await author.screenshot({ path: await screenshotPath(`markup-sheet-author-${locale}`) });

      const topic = await newest(pdf.id);
      expect(topic.title).toBe(title);
      expect(topic.sheet_id).toBe('p1');
      expect(topic.pin).toMatchObject({ sheetId: 'p1' });
      expect(topic.markup?.sheet_id).toBe('p1');
      expect(topic.markup?.shapes.map((s) => s.type)).toEqual(['cloud', 'text']);

      // Bea: the issue arrives live (no reload), its pin on the sheet, its markup when opened.
      await expect
        .poll(() => watcher.locator(`[data-sheet-pin="${topic.id}"]`).count(), { timeout: 20_000 })
        .toBe(1);
      await watcher.locator(`[data-sheet-pin="${topic.id}"]`).click();
      await expect
        .poll(() => watcher.locator('[data-markup-layer="p1"]').getAttribute('data-markup-shapes'))
        .toBe('2');
      await watcher.screenshot({ path: await screenshotPath(`markup-sheet-bea-${locale}`) });

      const snapshot = await exportedSnapshot(topic);
      expect(redPixels(snapshot)).toBeGreaterThan(200);
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'a cloud and a text over the 3D view, saved with an issue, live for Bea, in the BCF snapshot (%s)',
    async (locale) => {
      const title = `Crack in the 3D view ${locale}`;
      const author = await open(ifc, owner, locale);
      const watcher = await open(ifc, bea, locale);
      for (const page of [author, watcher]) {
        await page.getByRole('button', { name: text(locale, 'topics.panel'), exact: true }).click();
      }
      const panel = (page: Page) =>
        page.getByRole('complementary', { name: text(locale, 'topics.panel') });
      await author.getByRole('button', { name: text(locale, 'topics.markup.toggle') }).click();
      await cloudAndText(author, locale, 'view', locale === 'en' ? 'Crack' : '裂缝');
      await panel(author)
        .getByRole('button', { name: text(locale, 'topics.new.issue') })
        .click();
      await panel(author)
        .getByRole('button', { name: text(locale, 'topics.noPin') })
        .click();
      await panel(author).locator('input').first().fill(title);
      await panel(author).locator('button[type="submit"]').click();
      await expect
        .poll(() => panel(author).getByRole('heading', { name: title }).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      await author.screenshot({ path: await screenshotPath(`markup-3d-author-${locale}`) });

      const topic = await newest(ifc.id);
      expect(topic.title).toBe(title);
      expect(topic.markup?.sheet_id).toBeNull();
      expect(topic.markup?.shapes.map((s) => s.type)).toEqual(['cloud', 'text']);

      await expect
        .poll(() => panel(watcher).locator(`[data-topic-row="${topic.id}"]`).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      await panel(watcher).locator(`[data-topic-row="${topic.id}"]`).click();
      await expect
        .poll(() =>
          watcher.locator('[data-markup-layer="view"]').getAttribute('data-markup-shapes'),
        )
        .toBe('2');
      await watcher.screenshot({ path: await screenshotPath(`markup-3d-bea-${locale}`) });

      const snapshot = await exportedSnapshot(topic);
      expect(redPixels(snapshot)).toBeGreaterThan(200);
    },
  );

  /** The box of the red pixels drawn on the 3D view's markup layer, in CSS pixels. */
  const redBox = (page: Page) =>
    page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-markup-layer="view"]')!;
      const { width, height } = canvas;
      const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
      let [x0, y0, x1, y1] = [width, height, -1, -1];
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (data[i + 3]! > 100 && data[i]! > 150 && data[i + 1]! < 100) {
            x0 = Math.min(x0, x);
            y0 = Math.min(y0, y);
            x1 = Math.max(x1, x);
            y1 = Math.max(y1, y);
          }
        }
      }
      const ratio = width / canvas.getBoundingClientRect().width;
      return x1 < 0
        ? null
        : {
            width: (x1 - x0 + 1) / ratio,
            height: (y1 - y0 + 1) / ratio,
            cx: (x0 + x1) / 2 / ratio,
            cy: (y0 + y1) / 2 / ratio,
            view: { width: width / ratio, height: height / ratio },
          };
    });

  it.each(['en', 'zh-CN'] as const)(
    'a cloud drawn at 1280x800 stays round on a phone and on a wide screen (%s)',
    async (locale) => {
      const title = `Round cloud ${locale}`;
      const author = await open(ifc, owner, locale);
      await author.getByRole('button', { name: text(locale, 'topics.panel'), exact: true }).click();
      const panel = (page: Page) =>
        page.getByRole('complementary', { name: text(locale, 'topics.panel') });
      await author.getByRole('button', { name: text(locale, 'topics.markup.toggle') }).click();
      const layer = author.locator('[data-markup-layer="view"]');
      const box = (await layer.boundingBox())!;
      const toolbar = author.getByRole('toolbar', { name: text(locale, 'topics.markup.toolbar') });
      await toolbar
        .getByRole('button', { name: text(locale, 'topics.markup.tools.cloud') })
        .click();
      // A square of 160 x 160 CSS pixels left of the centre.
      const from: [number, number] = [box.width * 0.3, box.height * 0.3];
      await drag(author, box, from, [from[0] + 160, from[1] + 160]);
      await expect.poll(() => layer.getAttribute('data-markup-shapes')).toBe('1');
      const drawn = (await redBox(author))!;
      expect(drawn.width / drawn.height).toBeCloseTo(1, 1);
      await panel(author)
        .getByRole('button', { name: text(locale, 'topics.new.issue') })
        .click();
      await panel(author)
        .getByRole('button', { name: text(locale, 'topics.noPin') })
        .click();
      await panel(author).locator('input').first().fill(title);
      await panel(author).locator('button[type="submit"]').click();
      await expect
        .poll(() => panel(author).getByRole('heading', { name: title }).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      const topic = await newest(ifc.id);
      expect(topic.title).toBe(title);
      expect(topic.markup?.aspect).toBeCloseTo(box.width / box.height, 3);
      // The detail's snapshot shows the cloud over it, round too.
      const thumbnail = panel(author).locator('[data-snapshot-markup="1"]');
      await expect.poll(() => thumbnail.locator('canvas').count()).toBe(1);
      await expect
        .poll(async () => pngRedBox(decodePng(await thumbnail.screenshot())), { timeout: 10_000 })
        .not.toBeNull();
      const inThumbnail = pngRedBox(decodePng(await thumbnail.screenshot()))!;
      expect(inThumbnail.width / inThumbnail.height).toBeGreaterThan(1 / 1.1);
      expect(inThumbnail.width / inThumbnail.height).toBeLessThan(1.1);
      await author.screenshot({ path: await screenshotPath(`markup-thumbnail-${locale}`) });

      const sizes = [
        { name: 'phone', width: 390, height: 844 },
        { name: 'wide', width: 1600, height: 700 },
      ] as const;
      for (const size of sizes) {
        const page = await open(ifc, owner, locale, size, `?topic=${topic.id}`);
        await expect
          .poll(() => page.locator('[data-markup-layer="view"]').getAttribute('data-markup-shapes'))
          .toBe('1');
        await expect.poll(async () => (await redBox(page)) !== null).toBe(true);
        const seen = (await redBox(page))!;
        await page.screenshot({
          path: await screenshotPath(`markup-round-${size.name}-${locale}`),
        });
        // Round: the box's width and height within 10 % of each other.
        const ratio = seen.width / seen.height;
        expect(ratio, `${size.name}: ${seen.width} x ${seen.height}`).toBeGreaterThan(1 / 1.1);
        expect(ratio, `${size.name}: ${seen.width} x ${seen.height}`).toBeLessThan(1.1);
        // And where it was drawn in the frame: left of the centre, above it.
        expect(seen.cx).toBeLessThan(seen.view.width / 2);
        expect(seen.cy).toBeLessThan(seen.view.height / 2 + 1);
        await page.context().close();
      }
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    "Show view opens a sheet topic's sheet zoomed to its pin and markup (%s)",
    async (locale) => {
      // On the PDF's second page (a 406.4 x 50.8 mm strip), right of its middle (mm, y up).
      const cloud = { type: 'cloud', from: [280, 14], to: [310, 40], color: '#e11d48' };
      const res = await fetch(`${server.url}/api/project/${projectId}/topics`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'issue',
          title: `On page two ${locale}`,
          modelId: pdf.id,
          pin: { sheetId: 'p2', x: 290, y: 9 },
          markup: { shapes: [{ ...cloud, lineWidth: 0.5 }] },
        }),
      });
      expect(res.status).toBe(201);
      const topic = (await res.json()) as Topic;
      const page = await open(pdf, owner, locale);
      /** The sheet shown and where the place (pin and cloud: x 280..310, y 9..40) is on it. */
      const shown = () =>
        page.evaluate(() => {
          const sheet = (window as SheetWindow).__trussSheet!;
          const view = sheet.view();
          return {
            id: sheet.info?.id ?? null,
            left: view.x + 280 * view.scale,
            right: view.x + 310 * view.scale,
            top: view.y - 40 * view.scale,
            bottom: view.y - 9 * view.scale,
            width: sheet.canvas.clientWidth,
            height: sheet.canvas.clientHeight,
          };
        });
      const zoomedIn = async () => {
        const at = await shown();
        return (
          at.id === 'p2' &&
          at.left >= 0 &&
          at.right <= at.width &&
          at.top >= 0 &&
          at.bottom <= at.height &&
          // The place fills most of the view (the whole page fitted leaves it a tenth).
          Math.max((at.right - at.left) / at.width, (at.bottom - at.top) / at.height) > 0.6
        );
      };
      expect((await shown()).id).toBe('p1');
      const panel = page.getByRole('complementary', { name: text(locale, 'topics.panel') });
      await panel.locator(`[data-topic-row="${topic.id}"]`).click();
      await expect.poll(zoomedIn, { timeout: 20_000 }).toBe(true);
      // Away (the first page, fitted), then Show view brings the place back.
      await page
        .getByRole('complementary', { name: text(locale, 'viewer.sheets.panel') })
        .locator('ul li button')
        .first()
        .click();
      await expect.poll(async () => (await shown()).id, { timeout: 20_000 }).toBe('p1');
      await panel.getByRole('button', { name: text(locale, 'topics.showView') }).click();
      await expect.poll(zoomedIn, { timeout: 20_000 }).toBe(true);
      await expect
        .poll(() => page.locator('[data-markup-layer="p2"]').getAttribute('data-markup-shapes'))
        .toBe('1');
      await page.evaluate(() => (window as SheetWindow).__trussSheet!.whenSharp());
      await page.screenshot({ path: await screenshotPath(`markup-show-sheet-${locale}`) });
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'Show view of a topic on a storey plan opens the plan beside the 3D view, zoomed (%s)',
    async (locale) => {
      const sheets = await api<Sheet[]>(`/api/models/${ifc.id}/sheets`);
      const plan = sheets.find((sheet) => sheet.kind === 'storey-plan')!;
      const { bounds } = (await (await fetch(`${server.url}${plan.content_url}`)).json()) as {
        bounds: [number, number, number, number];
      };
      const [x0, y0, x1, y1] = bounds;
      const pin = { sheetId: plan.id, x: x0 + (x1 - x0) * 0.3, y: y0 + (y1 - y0) * 0.6 };
      const res = await fetch(`${server.url}/api/project/${projectId}/topics`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'issue',
          title: `On the plan ${locale}`,
          modelId: ifc.id,
          pin,
        }),
      });
      expect(res.status).toBe(201);
      const topic = (await res.json()) as Topic;
      expect(topic.sheet_id).toBe(plan.id);
      // Opened from its link: the plan shows beside the 3D view, the pin in its middle.
      const page = await open(ifc, owner, locale, undefined, `?topic=${topic.id}`);
      const shown = () =>
        page.evaluate((at) => {
          const sheet = (window as SheetWindow).__trussSheet;
          if (!sheet?.info) return null;
          const view = sheet.view();
          return {
            id: sheet.info.id,
            x: view.x + at.x * view.scale - sheet.canvas.clientWidth / 2,
            y: view.y - at.y * view.scale - sheet.canvas.clientHeight / 2,
            scale: view.scale,
            width: sheet.canvas.clientWidth,
            height: sheet.canvas.clientHeight,
          };
        }, pin);
      await expect
        .poll(
          async () => {
            const at = await shown();
            // The plan gets room beside the 3D view and three panels at 1280 px.
            if (!at || at.id !== plan.id || at.width < 150 || at.height < 2) return false;
            return Math.abs(at.x) < 2 && Math.abs(at.y) < 2;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const at = (await shown())!;
      // Zoomed in: several times the scale of the whole plan fitted.
      const fitted = Math.min(at.width / (x1 - x0), at.height / (y1 - y0));
      expect(at.scale).toBeGreaterThan(fitted * 3);
      await expect.poll(() => page.locator(`[data-sheet-pin="${topic.id}"]`).count()).toBe(1);
      await page.evaluate(() => (window as SheetWindow).__trussSheet!.whenSharp());
      await page.screenshot({ path: await screenshotPath(`markup-show-plan-${locale}`) });
    },
  );
});
