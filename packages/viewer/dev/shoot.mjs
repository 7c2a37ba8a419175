/* global window */
/**
 * Opens the harness in headless Chromium (SwiftShader), waits for the model and writes a PNG:
 * `node packages/viewer/dev/shoot.mjs <url> <out.png> [script.js]` (the optional script runs in
 * the page after loading, with `truss` in scope, and may return JSON to print).
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [url, out, script] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
  page.on('console', (m) => console.log('[page]', m.text()));
  page.on('pageerror', (e) => console.log('[pageerror]', e.message));
  await page.goto(url);
  await page.waitForFunction(() => window.truss);
  const result = await page.evaluate(() => window.truss.done);
  console.log(JSON.stringify(result));
  console.log(
    JSON.stringify(
      await page.evaluate(() =>
        window.truss.events.map((e) => [e.type, { ...e.event, metadata: undefined }]),
      ),
    ),
  );
  if (script) {
    const body = readFileSync(script, 'utf8');
    console.log(JSON.stringify(await page.evaluate(`(async () => { ${body} })()`)));
  }
  await page.evaluate(() => window.truss.viewer.renderNow());
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
