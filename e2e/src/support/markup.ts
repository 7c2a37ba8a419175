/**
 * Drawing markup in the browser tests as a user does: drags on a markup layer and the markup
 * toolbar's tools, named as the web app names them (en or zh-CN).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { text, type Locale } from './a11y-routes.ts';

/** Drags on the page from one point to another (CSS px inside `box`), in 8 moves. */
export async function drag(
  page: Page,
  box: { x: number; y: number },
  from: [number, number],
  to: [number, number],
): Promise<void> {
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(
      box.x + from[0] + ((to[0] - from[0]) * i) / 8,
      box.y + from[1] + ((to[1] - from[1]) * i) / 8,
    );
  }
  await page.mouse.up();
}

/** Draws a red cloud and a text on the markup layer `layer` (already drawing). */
export async function cloudAndText(
  page: Page,
  locale: Locale,
  layer: string,
  note: string,
): Promise<void> {
  const canvas = page.locator(`[data-markup-layer="${layer}"]`);
  const box = (await canvas.boundingBox())!;
  const toolbar = page.getByRole('toolbar', { name: text(locale, 'topics.markup.toolbar') });
  await toolbar.getByRole('button', { name: text(locale, 'topics.markup.tools.cloud') }).click();
  await drag(page, box, [box.width * 0.35, box.height * 0.4], [box.width * 0.6, box.height * 0.65]);
  await toolbar.getByRole('button', { name: text(locale, 'topics.markup.tools.text') }).click();
  await page.mouse.click(box.x + box.width * 0.62, box.y + box.height * 0.35);
  const input = page.getByRole('textbox', { name: text(locale, 'topics.markup.textPrompt') });
  await input.fill(note);
  await input.press('Enter');
  await expect.poll(() => canvas.getAttribute('data-markup-shapes')).toBe('2');
}
