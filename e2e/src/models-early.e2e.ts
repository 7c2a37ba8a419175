import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import { HOUSE, modelPageSession } from './support/model-page.ts';
import { firstProjectId, login, signedInState } from './support/viewer.ts';

/**
 * The models list before the app starts (apps/web/src/boot/models-list/early-list.ts,
 * boot/outline/early-outline.ts): with a session in storage the entry asks for the list's data at
 * once and draws the frame and the title; the app takes the answers instead of asking again and
 * replaces the outline.
 */
const session = modelPageSession('olive', { house: HOUSE });

interface Watch {
  /** The outline's title when it first appeared, and whether the app had rendered then. */
  outline: { title: string; appRendered: boolean; at: number } | null;
  /** When the outline left the page. */
  outlineGone: number | null;
  /** The paths the page's code fetched, in the order it called fetch. */
  fetched: string[];
}

/** Records what the outline did, from before the page's first script. */
const WATCH = `
  window.__watch = { outline: null, outlineGone: null, fetched: [] };
  const pageFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    window.__watch.fetched.push(new URL(url, location.href).pathname);
    return pageFetch.call(this, input, init);
  };
  new MutationObserver(() => {
    const outline = document.querySelector('[data-early-outline]');
    if (outline && !window.__watch.outline) {
      window.__watch.outline = {
        title: outline.querySelector('h1')?.textContent ?? '',
        appRendered: !!document.querySelector('#root main'),
        at: performance.now(),
      };
    }
    if (!outline && window.__watch.outline && window.__watch.outlineGone === null) {
      window.__watch.outlineGone = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function open(
  options: {
    tokenExpiry?: number;
    locale?: string;
    failFirst?: RegExp;
    /** Checked while the app's scripts are held back (none has arrived), then released. */
    beforeScripts?: (page: Page) => Promise<void>;
  } = {},
): Promise<{ page: Page; asked: string[] }> {
  const { server, email } = session;
  const state = signedInState(server.url, await login(server.url, email), {
    tokenExpiry: options.tokenExpiry,
  });
  // Closed with the session's browser after the file.
  const context = await session.browser().newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    storageState: state,
  });
  if (options.locale) {
    await context.addCookies([{ name: 'locale', value: options.locale, url: server.url }]);
  }
  await context.addInitScript({ content: WATCH });
  const page = await context.newPage();
  const failFirst = options.failFirst;
  if (failFirst) {
    let failed = false;
    await page.route(failFirst, async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, statusMessage: 'x', message: 'x', code: 'X' }),
      });
    });
  }
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const { beforeScripts } = options;
  if (beforeScripts) {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/models', { waitUntil: 'commit' });
    try {
      await beforeScripts(page);
    } finally {
      release();
    }
  } else {
    await page.goto('/models');
  }
  await page.getByRole('link', { name: session.models.house.name }).first().waitFor();
  return { page, asked };
}

const watch = (page: Page) =>
  page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);

const isThumbnail = (path: string) => path.endsWith('/thumbnail.png');

/** The paths asked for before the event stream opened (it refetches what was read before it). */
function beforeStream(asked: string[]): string[] {
  const opened = asked.indexOf('/api/events');
  return opened < 0 ? asked : asked.slice(0, opened);
}

describe('the models list before the app starts', () => {
  it('draws the frame and the title before the app, which takes the early answers', async () => {
    const { page, asked } = await open();
    const seen = await watch(page);
    expect(seen.outline).toMatchObject({ title: 'Models', appRendered: false });
    expect(seen.outlineGone).toBeGreaterThan(seen.outline!.at);
    expect(await page.locator('[data-early-outline]').count()).toBe(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Models' }).count()).resolves.toBe(1);
    // Each asked for once until the event stream opens: the app took the entry's answers. The
    // order is the page's own (its fetch calls): the browser's request events may report the
    // stream's refetch before the stream itself.
    const early = [...beforeStream(seen.fetched), ...beforeStream(asked).filter(isThumbnail)];
    const { server, email } = session;
    const projectId = await firstProjectId(server.url, (await login(server.url, email)).token);
    for (const path of [
      '/api/user/profile',
      '/api/user/preferences',
      '/api/user/subscription',
      '/api/project',
      `/api/project/${projectId}/models`,
      `/api/models/${session.models.house.id}/thumbnail.png`,
    ]) {
      expect(
        early.filter((p) => p === path),
        path,
      ).toHaveLength(1);
    }
    await page.screenshot({ path: await screenshotPath('models-early-en') });
  });

  it("draws the outline from the page itself, before any of the app's code has come", async () => {
    const { page } = await open({
      beforeScripts: async (held) => {
        const title = held.locator('[data-early-outline] h1');
        await title.waitFor();
        expect(await title.textContent()).toBe('Models');
        // Every script of the app is held back: nothing of it has rendered.
        expect(await held.locator('#root').innerHTML()).toBe('');
      },
    });
    expect((await watch(page)).outlineGone).not.toBeNull();
  });

  it("titles the outline in the page's language", async () => {
    const { page } = await open({ locale: 'zh-CN' });
    expect((await watch(page)).outline?.title).toBe('模型');
    await page.screenshot({ path: await screenshotPath('models-early-zh-CN') });
  });

  it('asks again itself when an early answer failed, and shows the list', async () => {
    const { page } = await open({ failFirst: /\/api\/project\/[^/]+\/models/ });
    const seen = await watch(page);
    expect(seen.outline).not.toBeNull();
    const lists = beforeStream(seen.fetched).filter((p) =>
      /^\/api\/project\/[^/]+\/models$/.test(p),
    );
    expect(lists).toHaveLength(2);
    await expect(
      page.getByRole('link', { name: session.models.house.name }).count(),
    ).resolves.toBeGreaterThan(0);
  });

  it('leaves an expired stored session to the app, which refreshes it and shows the list', async () => {
    const { page, asked } = await open({ tokenExpiry: Date.now() - 1000 });
    expect((await watch(page)).outline).toBeNull();
    expect(asked.filter((p) => p === '/api/auth/refresh')).toHaveLength(1);
    expect(asked.indexOf('/api/auth/refresh')).toBeLessThan(asked.indexOf('/api/project'));
  });
});
