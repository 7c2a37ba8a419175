import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@truss/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
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
const CODE = '4821';

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

/** A browser context: the owner's (signed in) or a fresh, signed-out visitor's. */
async function newPage(locale: 'en' | 'zh-CN', auth?: AuthResponse): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale,
    ...(auth ? { storageState: signedInState(server.url, auth) } : {}),
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  return context.newPage();
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The viewer reached `loaded` and its canvas shows more than the background. */
async function expectModelRendered(page: Page): Promise<void> {
  await waitForViewerLoaded(page);
  // A frame or two after `loaded` for the first draw.
  await page.waitForTimeout(500);
  const image = decodePng(await page.locator('canvas').first().screenshot());
  const covered = coveredFraction(image, borderColor(image));
  expect(covered).toBeGreaterThan(0.01);
}

describe('shares: a code-protected link, opened by a signed-out visitor, then disabled', () => {
  it('creates the link in the UI, refuses a wrong code, renders the model, and expires when disabled', async () => {
    const email = `sam-${Date.now()}@example.com`;
    const auth = await createAccount(server.url, email);
    const projectId = await firstProjectId(server.url, auth.token);
    const model = await convertFile(server.url, auth.token, projectId, DUCK);

    // The owner shares the model from the model list's menu.
    const owner = await newPage('en', auth);
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    await owner.goto('/models');
    await row(owner, 'Duck.glb').getByText('Ready').filter({ visible: true }).waitFor();
    await row(owner, 'Duck.glb').getByRole('button', { name: 'Actions for Duck.glb' }).click();
    await owner.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share “Duck.glb”' });
    await dialog.getByRole('tab', { name: 'Link Share' }).waitFor();
    expect(await dialog.getByRole('tab', { name: /Friend Share/ }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: /Password protected/ }).click();
    const code = dialog.getByLabel('Access code', { exact: true });
    await code.fill('12');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Access Code Must Be 4 Digits').waitFor();
    await owner.screenshot({ path: await screenshotPath('share-dialog-invalid-en') });
    await code.fill(CODE);
    await dialog.getByRole('radio', { name: '30 days' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Link created').waitFor();
    const link = await dialog.getByLabel('Share link', { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{22,}$`));
    expect(await dialog.getByLabel('Access code', { exact: true }).inputValue()).toBe(CODE);
    expect(await dialog.getByLabel('Embed code', { exact: true }).inputValue()).toContain(
      `src="${link}?embed=1"`,
    );
    await dialog.getByRole('button', { name: 'Copy Share link' }).click();
    await dialog.getByText('Copied').waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await owner.screenshot({ path: await screenshotPath('share-dialog-created-en') });
    await dialog.getByRole('button', { name: 'Back to links' }).click();
    await dialog.getByText('1 link to this model').waitFor();
    await owner.screenshot({ path: await screenshotPath('share-dialog-links-en') });
    await owner.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The model page's header opens the same dialog.
    await owner.goto(`/model/${model.id}`);
    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText('1 link to this model').waitFor();
    await owner.keyboard.press('Escape');

    // A signed-out visitor: a wrong code is refused, the right one opens the model.
    const visitor = await newPage('en');
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'Enter the access code' }).waitFor();
    await visitor.screenshot({ path: await screenshotPath('share-code-en') });
    const visitorCode = visitor.getByLabel('Access code', { exact: true });
    await visitorCode.fill('0000');
    await visitor.getByText('Incorrect Password').waitFor();
    await visitor.screenshot({ path: await screenshotPath('share-code-wrong-en') });
    await visitorCode.fill(CODE);
    await expectModelRendered(visitor);
    await visitor.getByText('Duck.glb').first().waitFor();
    expect(await visitor.title()).toBe('Duck.glb · Truss 3D & BIM Viewer');
    await visitor.screenshot({ path: await screenshotPath('share-viewer-en') });

    // Switching the language on the open page relabels the view cube too (and back again).
    const cube = visitor.locator('canvas[data-truss-viewcube]');
    const cubeImage = () => cube.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
    const englishCube = await cubeImage();
    await visitor.getByRole('button', { name: 'Language' }).click();
    await visitor.getByRole('menuitemradio', { name: '简体中文' }).click();
    await expect.poll(cubeImage).not.toBe(englishCube);
    await visitor.getByRole('button', { name: '语言' }).click();
    await visitor.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(cubeImage).toBe(englishCube);

    // The same in Chinese, then the embed mode: no header, only the viewer.
    const zh = await newPage('zh-CN');
    await zh.goto(link);
    await zh.getByRole('heading', { name: '输入访问码' }).waitFor();
    await zh.screenshot({ path: await screenshotPath('share-code-zh') });
    await zh.getByLabel('访问码', { exact: true }).fill(CODE);
    await expectModelRendered(zh);
    await zh.screenshot({ path: await screenshotPath('share-viewer-zh') });
    await zh.goto(`${link}?embed=1`);
    await expectModelRendered(zh);
    expect(await zh.getByRole('link', { name: 'Truss' }).count()).toBe(0);
    await zh.screenshot({ path: await screenshotPath('share-embed-zh') });

    // My Shares: the owner turns the link off.
    await owner.goto('/shares');
    const share = row(owner, 'Duck.glb');
    await share.getByText('Password protected').filter({ visible: true }).waitFor();
    await owner.screenshot({ path: await screenshotPath('my-shares-en') });
    const toggle = share.getByRole('switch', { name: 'Link to Duck.glb active' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await owner.getByText('Link disabled').first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await owner.screenshot({ path: await screenshotPath('my-shares-disabled-en') });

    // The visitor's reload: the link is gone, with the same answer as an unknown one.
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Share Does Not Exist or Has Expired' }).waitFor();
    await visitor.screenshot({ path: await screenshotPath('share-expired-en') });
    await zh.reload();
    await zh.getByRole('heading', { name: '分享不存在或已过期' }).waitFor();
    // An unknown token looks exactly the same.
    await zh.goto('/share/AAAAAAAAAAAAAAAAAAAAAA');
    await zh.getByRole('heading', { name: '分享不存在或已过期' }).waitFor();
    await zh.screenshot({ path: await screenshotPath('share-expired-zh') });

    // The owner's pages in Chinese (the account's language is English: switch in its menu).
    await owner.getByRole('button', { name: 'Account menu' }).click();
    await owner.getByRole('menuitem', { name: /Language/ }).click();
    await owner.getByRole('menuitemradio', { name: '简体中文' }).click();
    await owner.getByRole('heading', { name: '我的分享' }).waitFor();
    await owner.screenshot({ path: await screenshotPath('my-shares-zh') });
    await share.getByRole('button', { name: '编辑 Duck.glb 的链接' }).click();
    await owner.getByRole('dialog', { name: '分享“Duck.glb”' }).getByText('有效期').waitFor();
    await owner.screenshot({ path: await screenshotPath('share-dialog-zh') });
  }, 240_000);
});
