/**
 * The signed-in frame drawn in plain DOM before the app has started (main.tsx): the sidebar's
 * and the top bar's places and the page's title where the page shows it, with the app's own
 * classes. The app's first render takes its place (RootShell removes it). No React: it loads
 * with the entry (boot/start.ts) and, bundled, at the end of index.html (inline/models-outline.ts).
 *
 * Why: on a slow phone the app's code takes seconds to arrive and run; until then the page was
 * blank. The frame and the title tell the user at once where they are.
 */

import { titles as enTitles } from '../../locales/en.json';
import { titles as zhTitles } from '../../locales/zh-CN.json';

/** The pages that have an outline, by their title key (`titles.*` of the locale files). */
export type OutlinedPage = 'models';

/** The app has rendered (or given up): too late to draw the outline. */
let done = false;

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draws the outline of `page` with its title in `locale` (the page's language, as the app starts
 * with it), unless the app has rendered already.
 */
export function showEarlyOutline(page: OutlinedPage, locale: string): void {
  // Drawn already: by index.html's inline bundle of this module (inline/models-outline.ts) or before.
  if (done || drawnOutline()) return;
  // Only the titles, not the texts' chunk: waiting for that would draw the outline later.
  const title = (locale === 'zh-CN' ? zhTitles : enTitles)[page];
  const root = element('div', 'fixed inset-0 z-40 min-h-screen overflow-hidden bg-gray-100');
  root.dataset.earlyOutline = '';
  root.setAttribute('aria-hidden', 'true');
  // AppFrame's sidebar (wide screens), top bar and main column, without their contents.
  root.append(
    element('div', 'fixed inset-y-0 left-0 hidden w-64 border-r border-gray-200 bg-white lg:block'),
  );
  const column = element('div', 'flex min-h-screen flex-col lg:pl-64');
  const bar = element(
    'div',
    'flex h-14 items-center gap-3 border-b border-gray-200 bg-white/85 px-4 sm:px-6 lg:h-16 lg:px-8',
  );
  // On phones the title follows the menu button and the logo (78 px), as in TopBar.
  bar.append(
    element('span', 'truncate pl-[78px] text-sm font-medium text-gray-900 lg:pl-0', title),
  );
  const main = element('div', 'flex-1 px-4 py-6 sm:px-6 lg:px-8');
  const content = element('div', 'mx-auto w-full max-w-6xl');
  // PageHeader's heading (components/ui/Page.tsx).
  const header = element('div', 'mb-6');
  header.append(element('h1', 'text-2xl font-semibold tracking-tight text-gray-900', title));
  content.append(header);
  main.append(content);
  column.append(bar, main);
  root.append(column);
  document.body.append(root);
}

/** The app has rendered (or failed to start): the outline goes, and is not drawn after this. */
export function removeEarlyOutline(): void {
  done = true;
  drawnOutline()?.remove();
}

function drawnOutline(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-early-outline]');
}
