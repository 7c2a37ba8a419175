import { request } from 'node:http';
import type { Page } from 'playwright-core';

export interface RouteScripts {
  /** Script URLs the page fetched, in order (entry, module preloads, lazy chunks). */
  urls: string[];
  /** Their bytes as the server sends them to a browser (br where it has it). */
  brBytes: number;
  /** Their bytes decoded. */
  rawBytes: number;
}

/** The size of one URL's body as sent for `accept-encoding` (not decoded). */
function sentBytes(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Opens `url` in `page` and measures the JavaScript it loads once settled: every script
 * response, weighed as served with `br` and as identity. `ready` (a selector) is what the page
 * shows once its scripts have run: settling is counted from there, so a slow machine does not
 * end the count before the page's own chunks were asked for.
 */
export async function measureRouteScripts(
  page: Page,
  url: string,
  ready = 'main',
): Promise<RouteScripts> {
  const urls: string[] = [];
  const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === 'script' && !urls.includes(response.url())) {
      urls.push(response.url());
    }
  };
  page.on('response', onResponse);
  try {
    // Not 'networkidle': signed-in pages keep an event stream open. Settled is one second
    // without a new script after load.
    await page.goto(url, { waitUntil: 'load' });
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    let seen = -1;
    while (seen !== urls.length) {
      seen = urls.length;
      await page.waitForTimeout(1000);
    }
  } finally {
    page.off('response', onResponse);
  }
  let brBytes = 0;
  let rawBytes = 0;
  for (const scriptUrl of urls) {
    brBytes += await sentBytes(scriptUrl, 'br');
    rawBytes += await sentBytes(scriptUrl, 'identity');
  }
  return { urls, brBytes, rawBytes };
}
