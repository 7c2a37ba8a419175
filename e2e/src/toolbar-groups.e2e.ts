import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import { HOUSE, modelPageSession, withViewer } from './support/model-page.ts';
import { login, setProfileLanguage, signedInState } from './support/viewer.ts';

/**
 * Issue 36: the viewer's toolbar in groups (navigate, inspect, section, measure, then the page's
 * tools and panels) is one row on a laptop (1280 and 1024 px, both side panels open) and on a
 * phone (390 x 844) every tool is on the row or in a menu, none behind a sideways swipe; in en
 * and zh-CN. The drawing page: the sheet toolbar's zoom reads as a scale on model space, in one
 * line, and the page asks for no 3D file (no 404 in its network log).
 */
const drawings = fileURLToPath(new URL('../../../shared/drawings/', import.meta.url));
const session = modelPageSession('tilda', {
  house: HOUSE,
  dwg: path.join(drawings, 'dwg/example_2018.dwg'),
});

const NAMES = {
  en: {
    toolbar: 'Viewer tools',
    navigate: 'Navigate',
    inspect: 'Inspect and display',
    xray: 'X-ray',
    more: 'More tools',
    sheet: 'Sheet tools',
  },
  'zh-CN': {
    toolbar: '查看器工具',
    navigate: '导航',
    inspect: '查看与显示',
    xray: 'X 光',
    more: '更多工具',
    sheet: '图纸工具',
  },
} as const;

const SIZES = {
  laptop: { viewport: { width: 1280, height: 800 } },
  small: { viewport: { width: 1024, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true },
} as const;

/** The toolbar's row: its height, whether it scrolls sideways, its buttons inside the window. */
async function row(page: Page, name: string) {
  const toolbar = page.getByRole('toolbar', { name });
  return toolbar.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const buttons = Array.from(element.querySelectorAll('button')).filter((b) => b.offsetParent);
    return {
      height: box.height,
      scrolls: element.scrollWidth > element.clientWidth,
      buttons: buttons.length,
      outside: buttons.filter((b) => {
        const r = b.getBoundingClientRect();
        return (
          r.left < 0 ||
          r.right > window.innerWidth ||
          r.top < box.top - 1 ||
          r.bottom > box.bottom + 1
        );
      }).length,
    };
  });
}

describe('the viewer toolbar in groups (issue 36)', () => {
  it.each([
    ['en', 'laptop'],
    ['en', 'small'],
    ['zh-CN', 'laptop'],
    ['zh-CN', 'small'],
  ] as const)('one row with the groups at a %s %s window', async (locale, size) => {
    const names = NAMES[locale];
    const page = await session.openModel(session.models.house, locale, undefined, SIZES[size]);
    const toolbarRow = await row(page, names.toolbar);
    console.log(`${locale} ${size}: ${JSON.stringify(toolbarRow)}`);
    // One row of 32 px buttons (and 4 px padding plus the border).
    expect(toolbarRow.height).toBeLessThan(45);
    expect(toolbarRow.scrolls).toBe(false);
    expect(toolbarRow.outside).toBe(0);
    // Both side panels are open beside the view (the narrowest the view gets at this width).
    expect(await page.getByRole('complementary').count()).toBe(2);

    // The Inspect group opens above the toolbar; its X-ray is a button that says its state.
    await page.getByRole('button', { name: names.inspect, exact: true }).click();
    const group = page.getByRole('group', { name: names.inspect });
    const xray = group.getByRole('button', { name: names.xray, exact: true });
    expect(await xray.getAttribute('aria-pressed')).toBe('false');
    await xray.click();
    expect(await xray.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => withViewer(page, (viewer) => viewer.visibility.getXray(), null))
      .toBe(true);
    // Arrow keys move through the open group.
    // A group's tools are named by their text (no aria-label: axe's label-content-name-mismatch).
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? null);
    const before = await focused();
    await page.keyboard.press('ArrowDown');
    const after = await focused();
    expect(after).not.toBe(before);
    await page.screenshot({
      path: await screenshotPath(`toolbar-groups-${size}-inspect-${locale}`),
    });
    await page.keyboard.press('Escape');
    await group.waitFor({ state: 'detached' });

    // The Navigate group has the standard views and walk mode.
    await page.getByRole('button', { name: names.navigate, exact: true }).click();
    await expect
      .poll(() => page.getByRole('group', { name: names.navigate }).getByRole('button').count())
      .toBeGreaterThanOrEqual(10);
    await page.screenshot({
      path: await screenshotPath(`toolbar-groups-${size}-navigate-${locale}`),
    });
    await page.keyboard.press('Escape');

    // Left and right move along the toolbar's row.
    const fit = page.getByRole('toolbar', { name: names.toolbar }).getByRole('button').nth(1);
    await fit.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      names.navigate,
    );
    await page.context().close();
  });

  it.each(['en', 'zh-CN'] as const)(
    'on a phone one row, the rest in the More menu, no sideways swipe (%s)',
    async (locale) => {
      const names = NAMES[locale];
      const page = await session.openModel(session.models.house, locale, undefined, SIZES.phone);
      const toolbarRow = await row(page, names.toolbar);
      console.log(`${locale} phone: ${JSON.stringify(toolbarRow)}`);
      expect(toolbarRow.height).toBeLessThan(45);
      expect(toolbarRow.scrolls).toBe(false);
      expect(toolbarRow.outside).toBe(0);
      await page.screenshot({ path: await screenshotPath(`toolbar-groups-phone-${locale}`) });
      await page.getByRole('button', { name: names.more, exact: true }).click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitemcheckbox', { name: names.xray }).waitFor();
      // The menu fits the screen (it scrolls inside itself, not the page sideways).
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390.5);
      await page.screenshot({ path: await screenshotPath(`toolbar-groups-phone-more-${locale}`) });
      await page.context().close();
    },
  );
});

describe('the drawing page (issue 36)', () => {
  async function openDrawing(locale: 'en' | 'zh-CN', size: keyof typeof SIZES) {
    const { server } = session;
    const auth = await login(server.url, session.email);
    await setProfileLanguage(server.url, auth, locale);
    const context = await session.browser().newContext({
      baseURL: server.url,
      ...SIZES[size],
      locale,
      storageState: signedInState(server.url, auth),
    });
    await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
    const page = await context.newPage();
    // The way in: the models list (which notes the drawings for the model page's first script,
    // boot/drawing-hint.ts), then the drawing's page loaded afresh as a link opened anew.
    await page.goto('/models');
    await page.getByText('example_2018.dwg').first().waitFor();
    const failed: string[] = [];
    const asked: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => asked.push(request.url()));
    await page.goto(`/model/${session.models.dwg.id}`);
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
    return { page, failed, asked };
  }

  it.each(['en', 'zh-CN'] as const)(
    'no 3D request, the model-space zoom as a scale in one line (%s)',
    async (locale) => {
      const { page, failed, asked } = await openDrawing(locale, 'laptop');
      // Settle: whatever the page asks after the sheet is in.
      await page.waitForTimeout(1000);
      console.log(`drawing page: ${asked.length} requests, failed: ${JSON.stringify(failed)}`);
      expect(failed).toEqual([]);
      expect(asked.filter((url) => /viewable\.glb|metadata\.json/.test(url))).toEqual([]);
      const toolbar = page.getByRole('toolbar', { name: NAMES[locale].sheet });
      const zoom = toolbar.getByRole('button').filter({ hasText: /^1:[\d,]+$/ });
      expect(await zoom.count()).toBe(1);
      const zoomBox = (await zoom.boundingBox())!;
      // One line: a 32 px button, not two lines of text.
      expect(zoomBox.height).toBeLessThanOrEqual(33);
      expect((await toolbar.boundingBox())!.height).toBeLessThan(45);
      await page.screenshot({ path: await screenshotPath(`drawing-page-scale-${locale}`) });
      await page.context().close();
    },
  );

  it('on a phone the sheet toolbar is one row inside the screen', async () => {
    const { page } = await openDrawing('zh-CN', 'phone');
    const sheetRow = await row(page, NAMES['zh-CN'].sheet);
    expect(sheetRow.scrolls).toBe(false);
    expect(sheetRow.outside).toBe(0);
    expect(sheetRow.height).toBeLessThan(45);
    await page.screenshot({ path: await screenshotPath('drawing-page-phone-zh-CN') });
    await page.context().close();
  });
});
