import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@truss/contracts';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { decodeQr, decodeQrPng } from './support/qr.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import {
  borderColor,
  convertFile,
  coveredFraction,
  decodePng,
  firstProjectId,
  signedInState,
  waitForViewerLoaded,
} from './support/viewer.ts';

const samples = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
const DUCK = path.join(samples, 'gltf/Duck.glb');
/** WeChat's in-app browser on an iPhone, as it introduces itself. */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';

let server: SharedServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function ownerPage(locale: 'en', auth: AuthResponse): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale,
    acceptDownloads: true,
    storageState: signedInState(server.url, auth),
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  return context.newPage();
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

describe('share QR code, poster and analytics', () => {
  it('the QR opens the model in WeChat on a phone, and My Shares counts the visit', async () => {
    const auth = await createAccount(server.url, `qr-${Date.now()}@example.com`);
    const projectId = await firstProjectId(server.url, auth.token);
    await convertFile(server.url, auth.token, projectId, DUCK);

    // The owner makes a public link; the dialog shows its QR code.
    const owner = await ownerPage('en', auth);
    await owner.goto('/models');
    await row(owner, 'Duck.glb').getByText('Ready').filter({ visible: true }).waitFor();
    await row(owner, 'Duck.glb').getByRole('button', { name: 'Actions for Duck.glb' }).click();
    await owner.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share “Duck.glb”' });
    await dialog.getByRole('radio', { name: /^Public/ }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Link created').waitFor();
    const link = await dialog.getByLabel('Share link', { exact: true }).inputValue();
    expect(await decodeQr(owner, 'QR code of the link to Duck.glb')).toBe(link);
    await owner.screenshot({ path: await screenshotPath('share-qr-dialog-en') });

    // The poster: an SVG naming the model and project, a PNG whose QR code is the link.
    const [svgDownload] = await Promise.all([
      owner.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(svgDownload.suggestedFilename()).toBe('Duck-qr.svg');
    const svg = (await downloaded(svgDownload)).toString('utf8');
    expect(svg).toContain('>Duck.glb</text>');
    expect(svg).toContain('>Default Project</text>');
    expect(svg).toContain(`>${link}</text>`);
    const [pngDownload] = await Promise.all([
      owner.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(pngDownload.suggestedFilename()).toBe('Duck-qr.png');
    const png = await downloaded(pngDownload);
    const poster = decodePng(png);
    expect([poster.width, poster.height]).toEqual([1200, 1640]);
    expect(decodeQrPng(png)).toBe(link);
    await owner.keyboard.press('Escape');

    // My Shares before anyone opened it.
    await owner.goto('/shares');
    await row(owner, 'Duck.glb').getByText('Not opened yet').filter({ visible: true }).waitFor();

    // A client scans it in WeChat on a phone: the shared model opens and draws.
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: WECHAT_UA,
      locale: 'zh-CN',
    });
    contexts.push(phone);
    const visitor = await phone.newPage();
    await visitor.goto(link);
    await waitForViewerLoaded(visitor);
    await visitor.waitForTimeout(500);
    const image = decodePng(await visitor.locator('canvas').first().screenshot());
    expect(coveredFraction(image, borderColor(image))).toBeGreaterThan(0.01);
    await visitor.getByText('Duck.glb').first().waitFor();
    await visitor.screenshot({ path: await screenshotPath('share-qr-wechat-phone-zh') });
    // Opened again (a reload): two opens, one visitor.
    await visitor.reload();
    await waitForViewerLoaded(visitor);

    await owner.reload();
    const shareRow = row(owner, 'Duck.glb');
    await shareRow.getByText('2 opens · 1 visitor').filter({ visible: true }).waitFor();
    await owner.screenshot({ path: await screenshotPath('share-analytics-en') });

    // The same in Chinese (the account's language is English: switch in its menu), with the
    // QR code from the row's action.
    await owner.getByRole('button', { name: 'Account menu' }).click();
    await owner.getByRole('menuitem', { name: /Language/ }).click();
    await owner.getByRole('menuitemradio', { name: '简体中文' }).click();
    await owner.getByRole('heading', { name: '我的分享' }).waitFor();
    await shareRow.getByText('打开 2 次 · 1 位访客').filter({ visible: true }).waitFor();
    await shareRow.getByRole('button', { name: '显示 Duck.glb 的链接二维码' }).click();
    expect(await decodeQr(owner, 'Duck.glb 的链接二维码')).toBe(link);
    await owner.getByRole('button', { name: '下载 PNG' }).waitFor();
    await owner.screenshot({ path: await screenshotPath('share-qr-my-shares-zh') });
  }, 240_000);
});
