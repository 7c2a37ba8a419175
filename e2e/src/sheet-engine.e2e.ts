import { readFileSync } from 'node:fs';
import type { SheetInfo, VectorSheet } from '@truss/viewable';
import type { SheetViewer } from '@truss/viewer/sheet';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { serveSheetPage, type SheetPage } from './support/sheet-page/serve.ts';

/**
 * The sheet engine (packages/viewer/src/sheet) in Chromium without the app: a PDF page stays
 * sharp at 800 % (pdf.js re-renders the visible region at the new scale), a vector sheet's
 * layer toggles, search hits are highlighted. The app's sheet view is in sheets.e2e.ts.
 */
const PDF = new URL('../../../shared/drawings/pdf/sheet-set-a3.pdf', import.meta.url);
const PT_TO_MM = 25.4 / 72;

const pdfInfo: SheetInfo = {
  id: 'p1',
  name: '1',
  index: 0,
  kind: 'page',
  width: 457.9297849113 * PT_TO_MM,
  height: 345.6 * PT_TO_MM,
  units: 'mm',
  layers: [],
  content: 'pdf',
  pdfPage: 1,
};

/** A small plan: walls (black) and dimensions (red) on their own layers, two texts. */
const plan: VectorSheet = {
  version: 1,
  bounds: [0, 0, 420, 297],
  paths: [
    {
      layer: 0,
      points: [40, 40, 380, 40, 380, 257, 40, 257],
      closed: true,
      stroke: '#000000',
      fill: null,
      width: 2,
    },
    {
      layer: 0,
      points: [210, 40, 210, 257],
      closed: false,
      stroke: '#000000',
      fill: null,
      width: 1,
    },
    {
      layer: 1,
      points: [40, 25, 380, 25],
      closed: false,
      stroke: '#ff0000',
      fill: null,
      width: 0.7,
    },
    {
      layer: 1,
      points: [25, 40, 25, 257],
      closed: false,
      stroke: '#ff0000',
      fill: null,
      width: 0.7,
    },
    {
      layer: 2,
      points: [60, 60, 120, 60, 120, 120, 60, 120],
      closed: true,
      stroke: null,
      fill: '#94a3b8',
      width: 0,
    },
  ],
  texts: [
    {
      text: 'ROOM 101',
      x: 100,
      y: 150,
      width: 40,
      height: 6,
      rotation: 0,
      layer: 0,
      color: '#000000',
    },
    {
      text: 'DOOR D-01',
      x: 250,
      y: 100,
      width: 45,
      height: 6,
      rotation: 0,
      layer: 0,
      color: '#000000',
    },
    { text: '340', x: 200, y: 28, width: 12, height: 5, rotation: 0, layer: 1, color: '#ff0000' },
  ],
};
const planInfo: SheetInfo = {
  id: 'l0',
  name: 'Layout1',
  index: 0,
  kind: 'layout',
  width: 420,
  height: 297,
  units: 'mm',
  layers: [
    { name: 'WALLS', visible: true, color: '#000000' },
    { name: 'DIM', visible: true, color: '#ff0000' },
    { name: 'HATCH', visible: true, color: '#94a3b8' },
  ],
  content: 'vector',
};

let browser: Browser;
let sheets: SheetPage;

beforeAll(async () => {
  sheets = await serveSheetPage();
  sheets.add('pdf', {
    info: pdfInfo,
    content: new Uint8Array(readFileSync(PDF)),
    contentType: 'application/pdf',
  });
  sheets.add('plan', {
    info: planInfo,
    content: new TextEncoder().encode(JSON.stringify(plan)),
    contentType: 'application/json',
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await sheets?.close();
});

async function open(name: string, deviceScaleFactor = 1): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 }, deviceScaleFactor });
  await page.goto(sheets.urlFor(name));
  await page.waitForFunction(() => document.body.dataset.state, null, { timeout: 60_000 });
  const error = await page.evaluate(
    () => (window as unknown as { __sheetError: string | null }).__sheetError,
  );
  expect(error).toBeNull();
  return page;
}

function decode(dataUrl: string): PNG {
  return PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}

/**
 * Sharpness: the mean of the largest luminance steps between neighbouring pixels (the top 1 %),
 * 0…255. A crisp edge steps by most of its contrast in one pixel; a scaled-up render smears it.
 */
function edgeSharpness(png: PNG): number {
  const lum = (i: number) =>
    0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
  const steps: number[] = [];
  for (let y = 0; y < png.height - 1; y++)
    for (let x = 0; x < png.width - 1; x++) {
      const i = (y * png.width + x) * 4;
      const here = lum(i);
      const step = Math.max(Math.abs(here - lum(i + 4)), Math.abs(here - lum(i + png.width * 4)));
      if (step > 8) steps.push(step);
    }
  steps.sort((a, b) => b - a);
  const top = steps.slice(0, Math.max(1, Math.floor(steps.length / 100)));
  return top.reduce((s, v) => s + v, 0) / top.length;
}

function countPixels(png: PNG, match: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4)
    if (match(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!)) n++;
  return n;
}

const sheet = (page: Page) =>
  page.evaluateHandle(() => (window as unknown as { __sheet: SheetViewer }).__sheet);

describe('the sheet engine in Chromium', () => {
  it('keeps a PDF page sharp at 800 %: re-rendered at the zoom, at the pixel ratio', async () => {
    const page = await open('pdf', 2);
    const engine = await sheet(page);
    await engine.evaluate((v) => v.whenSharp());
    await page.screenshot({ path: await screenshotPath('sheet-engine-pdf-fit') });
    // Zoom to 800 % on the title text; grab the stand-in before the sharp render replaces it.
    const { blurry, before } = await engine.evaluate(async (v) => {
      const hits = v.search('wipeout');
      if (hits.length === 0) throw new Error('no text run "wipeout" on the page');
      v.selectHit(0);
      v.setZoom(800);
      // No highlight over the page: only the page's own edges are measured.
      v.search('');
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return { blurry: v.canvas.toDataURL(), before: v.renderStats() };
    });
    expect(before.sharp).toBe(false);
    const stats = await engine.evaluate(async (v) => {
      await v.whenSharp();
      await new Promise((r) => requestAnimationFrame(r));
      return { ...v.renderStats(), zoom: v.zoom(), sharpPng: v.canvas.toDataURL() };
    });
    await page.screenshot({ path: await screenshotPath('sheet-engine-pdf-800') });
    expect(stats.zoom).toBeCloseTo(800, 6);
    expect(stats.pixelRatio).toBe(2);
    // The backing store follows the device pixels, the content the zoom: 8 x 96/25.4 px per mm
    // at DPR 2.
    expect(stats.canvasWidth).toBe(2000);
    expect(stats.contentScale).toBeCloseTo(8 * (96 / 25.4) * 2, 6);
    expect(stats.contentScale).toBeCloseTo(stats.viewScale, 9);
    expect(before.contentScale).toBeLessThan(stats.contentScale / 2);
    const sharp = edgeSharpness(decode(stats.sharpPng));
    const smeared = edgeSharpness(decode(blurry));
    console.log(
      `PDF at 800 %: edge sharpness ${sharp.toFixed(1)} (stand-in ${smeared.toFixed(1)})`,
    );
    expect(sharp).toBeGreaterThan(smeared * 1.3);
    expect(sharp).toBeGreaterThan(120);
    await page.close();
  });

  it('toggles a vector sheet layer and highlights a search hit', async () => {
    const page = await open('plan');
    const engine = await sheet(page);
    const red = (r: number, g: number, b: number) => r > 200 && g < 80 && b < 80;
    const orange = (r: number, g: number, b: number) =>
      Math.abs(r - 0xea) < 24 && Math.abs(g - 0x58) < 30 && b < 60;
    const grab = async () =>
      decode(
        await engine.evaluate(async (v) => {
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return v.canvas.toDataURL();
        }),
      );
    const shown = countPixels(await grab(), red);
    expect(shown).toBeGreaterThan(300);
    await engine.evaluate((v) => v.setLayerVisible('DIM', false));
    expect(countPixels(await grab(), red)).toBe(0);
    expect(await engine.evaluate((v) => v.layers().map((l) => l.visible))).toEqual([
      true,
      false,
      true,
    ]);
    // The dimension's text went with its layer: search finds it only when shown.
    expect(await engine.evaluate((v) => v.search('340').length)).toBe(0);
    await engine.evaluate((v) => v.search(''));
    await engine.evaluate((v) => v.setLayerVisible('DIM', true));
    expect(countPixels(await grab(), red)).toBe(shown);
    await page.screenshot({ path: await screenshotPath('sheet-engine-plan-layers') });

    const found = await engine.evaluate((v) => {
      const hits = v.search('door');
      v.selectHit(0);
      // The accessors the app's view reads back after a load (not shadowed by load's reset).
      return { texts: hits.map((h) => h.text), kept: v.hits().length, current: v.currentHit() };
    });
    expect(found).toEqual({ texts: ['DOOR D-01'], kept: 1, current: 0 });
    expect(countPixels(await grab(), orange)).toBeGreaterThan(100);
    await page.screenshot({ path: await screenshotPath('sheet-engine-plan-hit') });

    // Measuring: two clicks 100 mm apart on the sheet make a 100 mm distance.
    const clicks = await engine.evaluate((v) => {
      v.fit();
      v.setTool('distance');
      const { scale, x, y } = v.view();
      const rect = v.canvas.getBoundingClientRect();
      const at = (sx: number, sy: number) => [
        rect.left + x + sx * scale,
        rect.top + y - sy * scale,
      ];
      return [at(100, 200), at(200, 200)];
    });
    for (const [x, y] of clicks) await page.mouse.click(x!, y!);
    const measured = await engine.evaluate((v) => v.measurements().map((m) => m.text));
    expect(measured).toHaveLength(1);
    expect(Number.parseFloat(measured[0]!)).toBeCloseTo(100, 0);
    await page.close();
  });
});
