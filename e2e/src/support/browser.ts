import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** Screenshots land here (git-ignored) so a person can look at them after a run. */
export const artifactsDir = fileURLToPath(new URL('../../artifacts/', import.meta.url));

export async function screenshotPath(name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  return `${artifactsDir}${name}.png`;
}
