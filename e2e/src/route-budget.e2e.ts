/**
 * The JavaScript budget per route, as a browser gets it (brotli): a route that grows past its
 * budget, or starts loading the 3D engine where it shows none, fails the build. Figures and the
 * way to measure them: `npm run bench:web`. Raise a budget only with a reason in the commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createAccount, signInWithForm } from './support/accounts.ts';
import { launchChromium } from './support/browser.ts';
import { measureRouteScripts } from './support/route-js.ts';
import en from '../../apps/web/src/locales/en.json';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * KiB of JS (br) per route, a little above what they load (`npm run bench:web`: 146.2, 144.2 and
 * 278.7 when set, down from 172.3, 168.5 and 284.2 once the sign-in pages loaded only their part
 * of the texts and none of the signed-in pages' APIs, and small chunks were merged).
 */
const BUDGET_KIB = { '/signin': 150, '/signup': 148, '/models': 284 } as const;
/** Chunks of the 3D viewer, which none of these routes shows. */
const VIEWER_CHUNK = /\/assets\/(?:three|engine|ModelViewer|viewer)-[\w-]+\.js$/;
/**
 * Chunks the sign-in pages do without: zod (forms checked by hand), Radix, Chinese texts (en),
 * the texts of the other pages (locales/parts.ts).
 */
const SIGN_IN_EXTRA_CHUNK = /\/assets\/(?:zod|radix|zh-CN|en-rest)-[\w-]+\.js$/;
/** A text key shown as it is ("auth.signIn"): a text of the part the page did not load. */
const RAW_KEY = new RegExp(`\\b(?:${Object.keys(en).join('|')})\\.[A-Za-z]`);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('route JS budget', () => {
  it.each(['/signin', '/signup'] as const)(
    "%s stays within its budget, without the viewer, zod, Radix, the other language or the other pages' texts",
    async (route) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const js = await measureRouteScripts(page, `${server.url}${route}`, 'form');
        // Every text it shows is in the part it loaded.
        expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
        expect(await page.title()).not.toMatch(RAW_KEY);
        expect(js.urls.filter((url) => VIEWER_CHUNK.test(url))).toEqual([]);
        expect(js.urls.filter((url) => SIGN_IN_EXTRA_CHUNK.test(url))).toEqual([]);
        expect(js.brBytes / 1024).toBeLessThanOrEqual(BUDGET_KIB[route]);
        // The server sends what the build compressed: br well under the decoded size.
        expect(js.brBytes).toBeLessThan(js.rawBytes / 2.5);
      } finally {
        await context.close();
      }
    },
  );

  it('/models stays within its budget and loads no viewer code', async () => {
    const email = `budget-${Date.now()}@example.com`;
    await createAccount(server.url, email);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/signin`);
      await signInWithForm(page, email);
      await page.waitForURL(/\/models/);
      const js = await measureRouteScripts(await context.newPage(), `${server.url}/models`);
      expect(js.urls.filter((url) => VIEWER_CHUNK.test(url))).toEqual([]);
      expect(js.brBytes / 1024).toBeLessThanOrEqual(BUDGET_KIB['/models']);
    } finally {
      await context.close();
    }
  });
});
