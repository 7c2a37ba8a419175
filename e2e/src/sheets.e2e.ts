import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Model, Sheet } from '@truss/contracts';
import type { VectorSheet } from '@truss/viewable';
import type { SheetViewer } from '@truss/viewer/sheet';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import { modelPageSession } from './support/model-page.ts';
import {
  decodePng,
  differingFraction,
  login,
  setProfileLanguage,
  signedInState,
} from './support/viewer.ts';

/**
 * Drawings on the model page, through the real path: the A3 PDF sheet set and a DWG uploaded
 * with tus, converted into sheets by the server, opened in the workspace's sheet view. In en
 * and zh-CN: the PDF's sheet list and search (hit counted and outlined), the PDF re-rendered
 * sharp at 800 %, a DWG layer switched off in the layers panel.
 */
const drawings = fileURLToPath(new URL('../../../shared/drawings/', import.meta.url));

type SheetWindow = Window & { __trussSheet?: SheetViewer };

describe('drawing sheets on the model page', () => {
  const session = modelPageSession('sheila', {
    pdf: path.join(drawings, 'pdf/sheet-set-a3.pdf'),
    dwg: path.join(drawings, 'dwg/example_2018.dwg'),
  });

  async function sheetsOf(model: Model): Promise<Sheet[]> {
    const auth = await login(session.server.url, session.email);
    const response = await fetch(`${session.server.url}/api/models/${model.id}/sheets`, {
      headers: { authorization: `Bearer ${auth.token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Sheet[];
  }

  async function openDrawing(model: Model, locale: 'en' | 'zh-CN'): Promise<Page> {
    const { server } = session;
    const auth = await login(server.url, session.email);
    await setProfileLanguage(server.url, auth, locale);
    const context = await session.browser().newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      locale,
      storageState: signedInState(server.url, auth),
    });
    await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`/model/${model.id}`);
    await page.waitForFunction(() => document.body.dataset.sheetState === 'loaded', null, {
      timeout: 60_000,
    });
    await page.evaluate(() => (window as SheetWindow).__trussSheet!.whenSharp());
    // The sheet loads before the app starts (apps/web/src/boot/drawing): its panels and toolbar
    // are there once the page has taken the sheet's engine into its sheet view.
    await page.waitForFunction(
      () => !!(window as SheetWindow).__trussSheet?.canvas.closest('[data-sheet-view]'),
      null,
      { timeout: 60_000 },
    );
    return page;
  }

  const canvasPng = (page: Page) =>
    page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return (window as SheetWindow).__trussSheet!.canvas.toDataURL();
    });
  const pixels = (dataUrl: string) =>
    decodePng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));

  it.each([
    ['en', "Search the sheet's text", '1 of 1', 'Sheets and layers'],
    ['zh-CN', '搜索图纸文字', '第 1 个，共 1 个', '图纸与图层'],
  ] as const)(
    'a PDF sheet: list, search hit, sharp at 800 % (%s)',
    async (locale, searchLabel, count, panel) => {
      const model = session.models.pdf;
      expect(model.format).toBe('pdf');
      const page = await openDrawing(model, locale);
      const aside = page.getByRole('complementary', { name: panel });
      await expect.poll(() => aside.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
      await page.getByRole('searchbox', { name: searchLabel }).fill('wipeout');
      await page.getByRole('searchbox', { name: searchLabel }).press('Enter');
      await page.getByText(count).waitFor();
      await page.evaluate(() => (window as SheetWindow).__trussSheet!.whenSharp());
      await page.screenshot({ path: await screenshotPath(`sheets-pdf-search-${locale}`) });
      const orange = (png: ReturnType<typeof pixels>) => {
        let n = 0;
        for (let i = 0; i < png.data.length; i += 4)
          if (
            Math.abs(png.data[i]! - 0xea) < 24 &&
            Math.abs(png.data[i + 1]! - 0x58) < 30 &&
            png.data[i + 2]! < 60
          )
            n++;
        return n;
      };
      expect(orange(pixels(await canvasPng(page)))).toBeGreaterThan(50);

      const stats = await page.evaluate(async () => {
        const sheet = (window as SheetWindow).__trussSheet!;
        sheet.search('');
        sheet.setZoom(800);
        await sheet.whenSharp();
        return { ...sheet.renderStats(), zoom: sheet.zoom() };
      });
      expect(stats.zoom).toBeCloseTo(800, 6);
      expect(stats.sharp).toBe(true);
      expect(stats.contentScale).toBeCloseTo(8 * (96 / 25.4) * stats.pixelRatio, 6);
      expect(stats.canvasWidth).toBeGreaterThan(0);
      await page.screenshot({ path: await screenshotPath(`sheets-pdf-800-${locale}`) });
      await page.context().close();
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'a DWG layer switched off in the layers panel (%s)',
    async (locale) => {
      const model = session.models.dwg;
      expect(model.format).toBe('dwg');
      const [first] = await sheetsOf(model);
      expect(first?.content).toBe('vector');
      // The layer with the most paths: switching it off must change the picture.
      const content = (await (
        await fetch(`${session.server.url}${first!.content_url}`)
      ).json()) as VectorSheet;
      const perLayer = new Map<number, number>();
      for (const p of content.paths) perLayer.set(p.layer, (perLayer.get(p.layer) ?? 0) + 1);
      const [busiest] = [...perLayer.entries()].sort((a, b) => b[1] - a[1])[0]!;
      const layerName = first!.layers[busiest]!.name;

      const page = await openDrawing(model, locale);
      const before = pixels(await canvasPng(page));
      await page.screenshot({ path: await screenshotPath(`sheets-dwg-layers-on-${locale}`) });
      const box = page.getByRole('checkbox', { name: layerName, exact: true });
      await expect.poll(() => box.isChecked()).toBe(true);
      await box.uncheck();
      const visible = await page.evaluate(
        (name) =>
          (window as SheetWindow).__trussSheet!.layers().find((l) => l.name === name)?.visible,
        layerName,
      );
      expect(visible).toBe(false);
      const after = pixels(await canvasPng(page));
      expect(differingFraction(before, after)).toBeGreaterThan(0.001);
      await page.screenshot({ path: await screenshotPath(`sheets-dwg-layers-off-${locale}`) });
      await page.context().close();
    },
  );
});
