import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Model, ModelVersion } from '@truss/contracts';
import type { SheetViewer } from '@truss/viewer/sheet';
import PDFDocument from 'pdfkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import {
  convertFile,
  decodePng,
  firstProjectId,
  login,
  setProfileLanguage,
  signedInState,
  uploadVersion,
} from './support/viewer.ts';

/**
 * Issue 36: two versions of a drawing compare as an overlay. LibreDWG's example_2018.dxf as
 * version 1 and the same file with one text changed ("teksto simpla" to "teksto nova") as
 * version 2, converted by the real server; /model/{id}/compare, zoomed onto the text, draws the
 * old text's own glyphs red, the new one's green and what both have grey, with the legend, in
 * en and zh-CN. The drawing page's sheet toolbar leads there.
 */
const DXF = fileURLToPath(
  new URL('../../../shared/drawings/dxf/example_2018.dxf', import.meta.url),
);

type Version = ModelVersion;
type SheetWindow = Window & { __trussSheet?: SheetViewer };

/** Version 2: a TEXT entity's string edited ("teksto simpla" to "teksto nova"). */
async function editedDxf(): Promise<Buffer> {
  // CRLF lines, as AutoCAD writes them.
  const lines = (await readFile(DXF, 'latin1')).split('\r\n');
  const at = lines.findIndex((line, i) => line === 'teksto simpla' && lines[i - 1] === '  1');
  expect(at).toBeGreaterThan(0);
  lines[at] = 'teksto nova';
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

/** Red, green and grey pixels of the overlay's colours (compare.ts COMPARE_COLORS). */
function inks(png: ReturnType<typeof decodePng>) {
  let red = 0;
  let green = 0;
  let grey = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    if (r > 180 && g < 90 && b < 90) red++;
    else if (g > 130 && r < 90 && b < 120) green++;
    else if (Math.abs(r - g) < 14 && Math.abs(g - b) < 20 && r > 130 && r < 190) grey++;
  }
  return { red, green, grey };
}

/** `email`'s page at `path` in a signed-in 1280 x 800 context of its own, in `locale`. */
async function openAs(
  server: SharedServer,
  browser: Browser,
  email: string,
  locale: 'en' | 'zh-CN',
  path: string,
): Promise<Page> {
  const auth = await login(server.url, email);
  await setProfileLanguage(server.url, auth, locale);
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale,
    storageState: signedInState(server.url, auth),
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

describe('drawing versions as an overlay (issue 36)', () => {
  let server: SharedServer;
  let browser: Browser;
  let email: string;
  let model: Model;
  let v1: Version;
  let v2: Version;

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchChromium();
    email = `vera-${Date.now()}@example.com`;
    const auth = await createAccount(server.url, email);
    const projectId = await firstProjectId(server.url, auth.token);
    model = await convertFile(server.url, auth.token, projectId, DXF);
    [v2, v1] = (await uploadVersion(
      server.url,
      auth.token,
      model,
      await editedDxf(),
      'example_2018.dxf',
    )) as [Version, Version];
    expect([v1.status, v2.status]).toEqual(['ready', 'ready']);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
  });

  const open = (locale: 'en' | 'zh-CN', path: string) =>
    openAs(server, browser, email, locale, path);

  it("a version's sheets are listed for members only", async () => {
    const auth = await login(server.url, email);
    const url = `${server.url}/api/models/${model.id}/versions/${v1.id}/sheets`;
    const listed = await fetch(url, { headers: { authorization: `Bearer ${auth.token}` } });
    expect(listed.status).toBe(200);
    const [sheet] = (await listed.json()) as { id: string; content_url: string }[];
    expect(sheet!.content_url).toContain(`/versions/${v1.id}/sheets/${sheet!.id}/content?`);
    // The signed URL works without the token; the list does not.
    const content = await fetch(`${server.url}${sheet!.content_url}`);
    expect(content.status).toBe(200);
    const texts = ((await content.json()) as { texts: { text: string }[] }).texts.map(
      (t) => t.text,
    );
    expect(texts).toContain('teksto simpla');
    expect((await fetch(url)).status).toBe(401);
  });

  it.each([
    ['en', 'Only in version 1 (removed)', 'Only in version 2 (added)'],
    ['zh-CN', '仅在版本 1 中（已删除）', '仅在版本 2 中（新增）'],
  ] as const)('old red, new green, unchanged grey (%s)', async (locale, removed, added) => {
    const page = await open(locale, `/model/${model.id}/compare?from=${v1.id}&to=${v2.id}`);
    await page.waitForFunction(() => document.body.dataset.sheetCompare === 'ready', null, {
      timeout: 60_000,
    });
    await page.getByText(removed).waitFor();
    await page.getByText(added).waitFor();
    const dataUrl = await page.evaluate(async () => {
      const sheet = (window as SheetWindow).__trussSheet!;
      // Zoomed onto the new text (found in the newer sheet), its highlight then cleared.
      sheet.search('teksto nova');
      sheet.selectHit(0);
      sheet.search('');
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return (window as SheetWindow).__trussSheet!.canvas.toDataURL();
    });
    const counts = inks(decodePng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')));
    console.log(`overlay ${locale}: ${JSON.stringify(counts)}`);
    await page.screenshot({ path: await screenshotPath(`sheet-compare-${locale}`) });
    // The changed text: the old one red, the new one green; the unchanged lines grey.
    // (Measured: some 400 red, 200 green and 5000 grey pixels at 1280 x 800.)
    expect(counts.red).toBeGreaterThan(100);
    expect(counts.green).toBeGreaterThan(100);
    expect(counts.grey).toBeGreaterThan(1000);

    await page.context().close();
  });

  it('the drawing page leads to the compare page', async () => {
    const page = await open('en', `/model/${model.id}`);
    await page.waitForFunction(() => document.body.dataset.sheetState === 'loaded', null, {
      timeout: 60_000,
    });
    await page
      .getByRole('toolbar', { name: 'Sheet tools' })
      .getByRole('button', { name: 'Compare' })
      .click();
    await page.waitForURL(/\/compare/);
    await page.waitForFunction(() => document.body.dataset.sheetCompare === 'ready', null, {
      timeout: 60_000,
    });
    await page.context().close();
  });
});

/**
 * An A4 landscape drawing as pdfkit writes it: the paper painted white (as matplotlib's pages
 * are, which must not read as ink), a frame and a grid both versions share, and `label` at
 * (x, y) points from the top-left.
 */
function pdfDrawing(label: string, x: number, y: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.rect(0, 0, 842, 595).fill('#ffffff');
    doc.lineWidth(2).strokeColor('#000000').rect(30, 30, 782, 535).stroke();
    for (let gx = 130; gx < 800; gx += 100) doc.moveTo(gx, 30).lineTo(gx, 565).stroke();
    doc.fillColor('#000000').fontSize(48).text(label, x, y, { lineBreak: false });
    doc.end();
  });
}

describe('PDF versions as an overlay (issue 36)', () => {
  let server: SharedServer;
  let browser: Browser;
  let email: string;
  let model: Model;
  let v1: Version;
  let v2: Version;

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchChromium();
    email = `vpdf-${Date.now()}@example.com`;
    const auth = await createAccount(server.url, email);
    const projectId = await firstProjectId(server.url, auth.token);
    const first = path.join(await mkdtemp(path.join(tmpdir(), 'truss-pdf-')), 'plan.pdf');
    await writeFile(first, await pdfDrawing('DOOR A', 100, 100));
    model = await convertFile(server.url, auth.token, projectId, first);
    [v2, v1] = (await uploadVersion(
      server.url,
      auth.token,
      model,
      await pdfDrawing('DOOR B', 420, 380),
      'plan.pdf',
    )) as [Version, Version];
    expect([v1.status, v2.status]).toEqual(['ready', 'ready']);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
  });

  it.each(['en', 'zh-CN'] as const)(
    'the old label red, the new one green, frame and grid grey (%s)',
    async (locale) => {
      const page = await openAs(
        server,
        browser,
        email,
        locale,
        `/model/${model.id}/compare?from=${v1.id}&to=${v2.id}`,
      );
      await page.waitForFunction(() => document.body.dataset.sheetCompare === 'ready', null, {
        timeout: 60_000,
      });
      const dataUrl = await page.evaluate(async () => {
        const sheet = (window as SheetWindow).__trussSheet!;
        await sheet.whenSharp();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return sheet.canvas.toDataURL();
      });
      const png = decodePng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
      const counts = inks(png);
      console.log(`PDF overlay ${locale}: ${JSON.stringify(counts)}`);
      await page.screenshot({ path: await screenshotPath(`sheet-compare-pdf-${locale}`) });
      // A zoom renders both versions' ink again, not the sheet's own page, which the overlay
      // stands for.
      const renders = await page.evaluate(async () => {
        const sheet = (window as SheetWindow).__trussSheet!;
        const before = sheet.renderStats().pageRenders;
        sheet.setZoom(sheet.zoom() * 2);
        await sheet.whenSharp();
        return { before, after: sheet.renderStats().pageRenders };
      });
      expect(renders.after).toBe(renders.before);
      // The labels: "DOOR A" only in version 1, "DOOR B" only in version 2; the white paper is
      // not ink (else everything would be grey), the frame and grid are.
      expect(counts.red).toBeGreaterThan(300);
      expect(counts.green).toBeGreaterThan(300);
      expect(counts.grey).toBeGreaterThan(2000);
      expect(counts.grey).toBeLessThan((png.width * png.height) / 4);
      // The red ink is in the canvas's upper left, where version 1's label stands.
      let redLeft = 0;
      for (let y = 0; y < png.height / 2; y++)
        for (let x = 0; x < png.width / 2; x++) {
          const i = (y * png.width + x) * 4;
          if (png.data[i]! > 180 && png.data[i + 1]! < 90 && png.data[i + 2]! < 90) redLeft++;
        }
      expect(redLeft / counts.red).toBeGreaterThan(0.9);
      await page.context().close();
    },
  );
});
