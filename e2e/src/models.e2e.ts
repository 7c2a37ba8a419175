import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount, signInWithForm } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import { decodePng, waitForViewerLoaded, type Pixels } from './support/viewer.ts';

const samples = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
const IFC = path.join(samples, 'ifc/IfcOpenHouse_IFC4.ifc');
const STL = path.join(samples, 'stl/stl_binary.stl');
const GLB = path.join(samples, 'gltf/Duck.glb');
const OBJ = path.join(samples, 'obj/hundred_cubes.obj');
const MTL = path.join(samples, 'obj/hundred_cubes.mtl');

let server: SharedServer;
let browser: Browser;
let scratch: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'truss-e2e-files-'));
  server = sharedServer();
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function newPage(locale: 'en' | 'zh-CN', width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 860 },
    locale,
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  return context.newPage();
}

/**
 * The model list row (list view) whose name reads `name`. A row has the status twice (a column,
 * and under the name on phones), one of them hidden: look for visible text.
 */
function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

describe('models: upload, live status, rename, trash and restore', () => {
  it('uploads three files at once, watches them become ready live, renames, trashes and restores one', async () => {
    const email = `mia-${Date.now()}@example.com`;
    await createAccount(server.url, email);
    const page = await newPage('en');
    await page.goto('/models');
    await page.waitForURL((url) => url.pathname === '/signin');
    await signInWithForm(page, email);
    await page.waitForURL((url) => url.pathname === '/models');
    await page.getByText('No models yet').waitFor();
    await page.screenshot({ path: await screenshotPath('models-empty-en') });

    // Four files at once are refused, all of them, in the spec's words.
    await page.getByRole('button', { name: 'Upload model' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload models' });
    const picker = dialog.getByLabel('Choose files', { exact: true }).and(page.locator('input'));
    await picker.setInputFiles([IFC, STL, GLB, IFC]);
    await dialog.getByText('Maximum 3 Files Allowed').waitFor();
    await dialog.getByText('You chose 4 files. Choose at most 3 at a time.').waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(0);

    // A text file named .ifc: the server reads its content and refuses it.
    const fake = path.join(scratch, 'notes.ifc');
    await writeFile(fake, 'These are meeting notes, not a building model.\n'.repeat(20));
    await picker.setInputFiles([fake]);
    const fakeEntry = dialog.getByRole('listitem', { name: 'notes.ifc' });
    await fakeEntry.getByText('Unsupported file format').waitFor({ timeout: 20_000 });
    expect(await fakeEntry.getAttribute('data-state')).toBe('error');
    await fakeEntry.getByRole('button', { name: 'Remove notes.ifc from the list' }).click();

    // Three real models at once.
    await picker.setInputFiles([IFC, STL, GLB]);
    for (const name of ['IfcOpenHouse_IFC4.ifc', 'stl_binary.stl', 'Duck.glb']) {
      await dialog
        .getByRole('listitem', { name })
        .getByText('Completed')
        .waitFor({ timeout: 30_000 });
    }
    await page.screenshot({ path: await screenshotPath('models-upload-dialog-en') });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Usually still converting here: a look at the live statuses.
    await page.screenshot({ path: await screenshotPath('models-list-processing-en') });

    // All three become Ready in the open list, without a reload.
    for (const name of ['IfcOpenHouse_IFC4.ifc', 'stl_binary.stl', 'Duck.glb']) {
      await row(page, name)
        .getByText('Ready')
        .filter({ visible: true })
        .waitFor({ timeout: 120_000 });
    }
    await expect.poll(() => page.locator('img[src*="thumbnail.png"]').count()).toBe(3);
    await page.screenshot({ path: await screenshotPath('models-list-en'), fullPage: true });
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: await screenshotPath('models-grid-en'), fullPage: true });
    await page.getByRole('button', { name: 'List view' }).click();

    // Rename one.
    await row(page, 'Duck.glb').getByRole('button', { name: 'Actions for Duck.glb' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename model' });
    await rename.getByLabel('Name', { exact: true }).fill('Rubber duck');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    await row(page, 'Rubber duck').waitFor();

    // Move it to the trash.
    await row(page, 'Rubber duck').getByRole('button', { name: 'Actions for Rubber duck' }).click();
    await page.getByRole('menuitem', { name: 'Move to trash' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move “Rubber duck” to the trash?' });
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, 'Rubber duck').count()).toBe(0);

    // Restore it from the trash page.
    await page.getByRole('link', { name: 'Trash' }).first().click();
    await page.waitForURL((url) => url.pathname === '/models/trash');
    await page.getByText('Rubber duck').first().waitFor();
    await page.screenshot({ path: await screenshotPath('models-trash-en') });
    await page.getByRole('button', { name: 'Restore Rubber duck' }).click();
    await page.getByText('Trash is empty').waitFor();
    await page.getByRole('link', { name: 'Back to models' }).click();
    await row(page, 'Rubber duck').getByText('Ready').filter({ visible: true }).waitFor();

    // The model page: name, the model in the viewer, download.
    await row(page, 'Rubber duck').getByRole('link', { name: 'Rubber duck' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/model/'));
    await page.getByRole('heading', { name: 'Rubber duck' }).waitFor();
    await waitForViewerLoaded(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download original' }).click();
    expect((await download).suggestedFilename()).toBe('Duck.glb');
    await page.screenshot({ path: await screenshotPath('model-detail-en') });

    // The list on a phone.
    await page.goto('/models');
    await page.setViewportSize({ width: 375, height: 812 });
    await row(page, 'Rubber duck').getByText('Ready').filter({ visible: true }).waitFor();
    await page.screenshot({ path: await screenshotPath('models-list-en-375'), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The same list in Chinese (the account's language is English: switch in the account menu).
    const zh = await newPage('en');
    await zh.goto('/signin');
    await zh.evaluate(
      (state) => localStorage.setItem('truss', state),
      await page.evaluate(() => localStorage.getItem('truss') ?? '{}'),
    );
    await zh.goto('/models');
    await row(zh, 'Rubber duck').getByText('Ready').filter({ visible: true }).waitFor();
    await zh.getByRole('button', { name: 'Account menu' }).click();
    await zh.getByRole('menuitem', { name: /Language/ }).click();
    await zh.getByRole('menuitemradio', { name: '简体中文' }).click();
    await row(zh, 'Rubber duck').getByText('就绪').filter({ visible: true }).waitFor();
    await expect.poll(() => zh.locator('img[src*="thumbnail.png"]').count()).toBe(3);
    await zh.screenshot({ path: await screenshotPath('models-list-zh'), fullPage: true });
    await zh.getByRole('button', { name: '上传模型' }).first().click();
    await zh.getByRole('dialog').getByText('支持的格式').waitFor();
    await zh.screenshot({ path: await screenshotPath('models-upload-dialog-zh') });
    await zh.keyboard.press('Escape');
    await zh.setViewportSize({ width: 375, height: 812 });
    await zh.getByRole('button', { name: '网格视图' }).click();
    await zh.screenshot({ path: await screenshotPath('models-grid-zh-375'), fullPage: true });
  });
});

/** Which of the MTL's three colours (red, green, blue-ish) show in a picture of the model. */
function hueBuckets(image: Pixels): Set<string> {
  const counts = new Map<string, number>();
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) < 50) continue;
    const hue = r > g && r > b ? 'red' : g > b ? 'green' : 'blue';
    counts.set(hue, (counts.get(hue) ?? 0) + 1);
  }
  // A bucket counts when it is more than a stray edge.
  return new Set([...counts].filter(([, n]) => n > 200).map(([hue]) => hue));
}

describe('models: files picked together become one model', () => {
  it('hundred_cubes.obj with its .mtl picked together is one upload, one coloured model', async () => {
    const email = `olu-${Date.now()}@example.com`;
    await createAccount(server.url, email);
    const page = await newPage('en');
    await page.goto('/models');
    await page.waitForURL((url) => url.pathname === '/signin');
    await signInWithForm(page, email);
    await page.waitForURL((url) => url.pathname === '/models');
    await page.getByText('No models yet').waitFor();
    await page.getByRole('button', { name: 'Upload model' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload models' });
    const picker = dialog.getByLabel('Choose files', { exact: true }).and(page.locator('input'));

    // The material file alone is refused with the reason, before anything is sent.
    await picker.setInputFiles([MTL]);
    await dialog.getByText(/hundred_cubes\.mtl only works together with its model file/).waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(0);

    // Both together: one entry, named after the OBJ.
    await picker.setInputFiles([OBJ, MTL]);
    await dialog
      .getByRole('listitem', { name: 'hundred_cubes.obj' })
      .getByText('Completed')
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('listitem').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await row(page, 'hundred_cubes.obj')
      .getByText('Ready')
      .filter({ visible: true })
      .waitFor({ timeout: 120_000 });
    expect(await page.getByRole('row').filter({ hasText: 'hundred_cubes' }).count()).toBe(1);

    // In the viewer the cubes carry the MTL's red, green and blue.
    await row(page, 'hundred_cubes.obj').getByRole('link', { name: 'hundred_cubes.obj' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/model/'));
    await waitForViewerLoaded(page);
    await page.waitForTimeout(500);
    const image = decodePng(await page.locator('canvas').first().screenshot());
    await page.screenshot({ path: await screenshotPath('models-obj-mtl-bundle-en') });
    expect([...hueBuckets(image)].sort()).toEqual(['blue', 'green', 'red']);

    // The refusal in Chinese (the account speaks English: switch in the account menu).
    await page.goto('/models');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /Language/ }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await page.getByRole('button', { name: '上传模型' }).first().click();
    const zhDialog = page.getByRole('dialog');
    await zhDialog.locator('input[type=file]').first().setInputFiles([MTL]);
    await zhDialog.getByText(/hundred_cubes\.mtl 需要与使用它的模型文件一起上传/).waitFor();
    await page.screenshot({ path: await screenshotPath('models-companion-refused-zh') });
  });
});

describe('the landing page', () => {
  it('shows the real viewer screenshot, formats and plans, on a desktop and a phone, en and zh-CN', async () => {
    for (const [locale, plans] of [
      ['en', 'Plans'],
      ['zh-CN', '套餐'],
    ] as const) {
      for (const width of [1280, 375]) {
        const page = await newPage(locale, width);
        await page.goto('/');
        await page.getByRole('heading', { name: plans }).waitFor();
        const shot = page.locator('figure img');
        await expect
          .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBe(1280);
        await page.screenshot({
          path: await screenshotPath(`landing-${locale}-${width}`),
          fullPage: true,
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
    }
  });
});
