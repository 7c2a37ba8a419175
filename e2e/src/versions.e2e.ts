import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import { HOUSE, modelPageSession, type TrussWindow } from './support/model-page.ts';
import { login, waitForViewerLoaded } from './support/viewer.ts';

/**
 * Model versions in Chromium: IfcOpenHouse is version 1; a smaller IFC (one wall on a storey)
 * is uploaded as version 2 from the model page's Versions dialog, becomes current and is shown;
 * version 1 opens from the dialog (`?version=1`) and is made current again. The two files have
 * different element counts, which tells the versions apart in the viewer.
 */
const samples = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
const SMALL = path.join(samples, 'ifc/ISSUE_044_test_IFCCOMPOSITEPROFILEDEF.ifc');

/** The model page's console and failed requests, shown when the viewer does not follow. */
const pageLog: string[] = [];
/** The element count of the model the viewer shows. */
const shownCount = (page: Page) =>
  page.evaluate(() => (window as TrussWindow).__trussViewer?.models()[0]?.elementCount ?? null);

/** Waits until the viewer has loaded a model whose element count passes `test`. */
async function waitForShown(page: Page, test: string, arg: number, timeout = 120_000) {
  await page
    .waitForFunction(
      ({ test, arg }) => {
        if (document.body.dataset.viewerState !== 'loaded') return false;
        const count = (window as TrussWindow).__trussViewer?.models()[0]?.elementCount;
        if (count === undefined) return false;
        return test === 'is' ? count === arg : count !== arg;
      },
      { test, arg },
      { timeout, polling: 100 },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: await screenshotPath('versions-not-shown') });
      const state = await page.evaluate(() => document.body.dataset.viewerState ?? '(none)');
      const text = (await page.locator('body').innerText()).slice(0, 400).replace(/\s+/g, ' ');
      throw new Error(
        `shown ${await shownCount(page)} (${state}) at ${page.url()}: ${text}\n${pageLog.join('\n')}`,
        {
          cause: error,
        },
      );
    });
  return (await shownCount(page))!;
}

/** The header's versions button: its name is "Version N · all versions" (the visible text first). */
const versionsButton = (page: Page, label: string) => page.getByRole('button', { name: label });

describe('model versions', () => {
  const session = modelPageSession('vera', { house: HOUSE });

  it('uploads version 2 from the model page, opens version 1 and makes it current again', async () => {
    const model = session.models.house;
    const page = await session.openModel(model, 'en');
    page.on('console', (m) => pageLog.push(`${m.type()}: ${m.text()}`));
    page.on('requestfailed', (r) => pageLog.push(`failed ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) pageLog.push(`${r.status()} ${r.url()}`);
    });
    const v1Count = (await shownCount(page))!;
    expect(v1Count).toBeGreaterThan(0);
    await expect.poll(() => versionsButton(page, 'all versions').innerText()).toBe('Version 1');

    // Upload from the model page: Versions -> Upload new version (the file input behind it).
    await versionsButton(page, 'all versions').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Upload new version' }).waitFor();
    await dialog.getByTestId('version-file').setInputFiles(SMALL);
    const row2 = dialog.getByTestId('version-2');
    await row2.getByText('Current', { exact: true }).waitFor({ timeout: 180_000 });
    await expect.poll(() => dialog.getByTestId('version-1').innerText()).not.toContain('Current');

    // The page follows the new current version without a reload.
    const v2Count = await waitForShown(page, 'not', v1Count);
    expect(v2Count).toBeGreaterThan(0);
    // The open dialog hides the page from the accessibility tree: closed to read the header.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => versionsButton(page, 'all versions').innerText()).toBe('Version 2');
    await versionsButton(page, 'all versions').click();
    await dialog.getByTestId('version-1').waitFor();
    await page.screenshot({ path: await screenshotPath('versions-dialog-en') });

    // Version 1 from the dialog: ?version=1, a banner, and version 1's elements.
    await dialog.getByTestId('version-1').getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(/\?version=1$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Viewing version 1 (not the current one)').waitFor();
    await waitForViewerLoaded(page);
    expect(await waitForShown(page, 'is', v1Count)).toBe(v1Count);

    // Make version 1 current again: the model page shows it without ?version.
    await versionsButton(page, 'all versions').click();
    await dialog.getByTestId('version-1').getByRole('button', { name: 'Make current' }).click();
    await dialog.getByTestId('version-1').getByText('Current', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`/model/${model.id}`);
    await waitForViewerLoaded(page);
    expect(await waitForShown(page, 'is', v1Count)).toBe(v1Count);
    await expect.poll(() => versionsButton(page, 'all versions').innerText()).toBe('Version 1');
    expect(await page.getByText('Viewing version').count()).toBe(0);
  }, 400_000);

  it('the model list offers a new version in each model menu', async () => {
    const model = session.models.house;
    const page = await session.openModel(model, 'en');
    await page.goto(`/models/${model.project_id}`);
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Upload new version…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Upload new version' }).waitFor();
    expect(await dialog.getByTestId('version-file').count()).toBe(1);
  });

  it('the Versions dialog in zh-CN', async () => {
    // The profile's language wins over the locale cookie at sign-in (spec §6).
    const auth = await login(session.server.url, session.email);
    const saved = await fetch(`${session.server.url}/api/user/preferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'zh-CN' }),
    });
    expect(saved.status).toBe(200);
    const page = await session.openModel(session.models.house, 'zh-CN');
    await versionsButton(page, '全部版本').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('version-2').waitFor();
    await dialog.getByTestId('version-1').getByText('当前', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: '上传新版本' }).count()).toBe(1);
    await page.screenshot({ path: await screenshotPath('versions-dialog-zh-CN') });
  });
});
