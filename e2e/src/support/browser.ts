import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Content-Security-Policy violations Chromium reported in any page of a launched browser; the
 * e2e setup fails a test that leaves one (the server's CSP must not break the app).
 */
export const cspViolations: string[] = [];

function watchCsp(page: Page): void {
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      cspViolations.push(`${page.url()}: ${message.text()}`);
    }
  });
}

function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchCsp);
  return context;
}

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchContext(await newContext(options));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watchCsp(page);
    return page;
  };
  return browser;
}

/** Screenshots land here (git-ignored) so a person can look at them after a run. */
export const artifactsDir = fileURLToPath(new URL('../../artifacts/', import.meta.url));

export async function screenshotPath(name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  return `${artifactsDir}${name}.png`;
}
