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
import { sharedServer, type SharedServer } from './support/shared-server.ts';

/**
 * KiB of JS (br) per route, a little above what they load (`npm run bench:web`: 172.3, 168.5 and
 * 284.2 when set, down from 256.7, 253.0 and 289.4 once the sign-in pages lost zod, the other
 * language's texts, the signed-in frame and Radix).
 */
const BUDGET_KIB = { '/signin': 178, '/signup': 175, '/models': 295 } as const;
/** Chunks of the 3D viewer, which none of these routes shows. */
const VIEWER_CHUNK = /\/assets\/(?:three|engine|ModelViewer|viewer)-[\w-]+\.js$/;
/** Chunks the sign-in pages do without: zod (forms checked by hand), Radix, Chinese texts (en). */
const SIGN_IN_EXTRA_CHUNK = /\/assets\/(?:zod|radix|zh-CN)-[\w-]+\.js$/;

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('route JS budget', () => {
  it.each(['/signin', '/signup'] as const)(
    '%s stays within its budget, without the viewer, zod, Radix or the other language',
    async (route) => {
      const context = await browser.newContext();
      try {
        const js = await measureRouteScripts(await context.newPage(), `${server.url}${route}`);
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
