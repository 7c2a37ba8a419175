/**
 * Every page the accessibility scan (a11y.e2e.ts) visits, in one list. A new page is one entry:
 * its path (built from the fixture's ids), who sees it, and optionally the states to scan on it
 * (a dialog or panel opened by `enter`; each state starts from the freshly loaded page).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { waitForViewerLoaded } from './viewer.ts';

export type Locale = 'en' | 'zh-CN';

/** What the scan set up beforehand: one account's project, model, shares and invitation. */
export interface A11yFixture {
  projectId: string;
  modelId: string;
  /** A public share of the model. */
  publicToken: string;
  /** A share behind a 4-digit code (its page asks for the code). */
  codeToken: string;
  /** A pending invitation to the project, for another address. */
  inviteToken: string;
  /** A pending order (Pro monthly) of the signed-in account. */
  orderId: string;
}

export interface A11yState {
  name: string;
  /** Brings the loaded page into this state (opens a dialog, a panel, a menu). */
  enter: (page: Page, locale: Locale) => Promise<void>;
}

export interface A11yRoute {
  name: string;
  path: (fixture: A11yFixture) => string;
  /** Signed out, signed in, or both. */
  who: 'out' | 'in' | 'both';
  /** Waits until the page shows its content (default: its first heading). */
  ready?: (page: Page, locale: Locale) => Promise<void>;
  /** Further states of the page to scan after the page itself. */
  states?: A11yState[];
}

const messages: Record<Locale, Record<string, unknown>> = {
  en: JSON.parse(
    readFileSync(new URL('../../../apps/web/src/locales/en.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>,
  'zh-CN': JSON.parse(
    readFileSync(new URL('../../../apps/web/src/locales/zh-CN.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>,
};

/** The interface text of `key` (dotted) in `locale`, as the web app shows it. */
export function text(locale: Locale, key: string): string {
  let value: unknown = messages[locale];
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${locale}`);
  return value;
}

/** Clicks the button named by `key` (the first visible one). */
function press(key: string): A11yState['enter'] {
  return async (page, locale) => {
    await page
      .getByRole('button', { name: text(locale, key), exact: true })
      .filter({ visible: true })
      .first()
      .click();
  };
}

/** Presses a toggle button named by `key` unless it is pressed already. */
function pressOn(key: string): A11yState['enter'] {
  return async (page, locale) => {
    const button = page.getByRole('button', { name: text(locale, key), exact: true }).first();
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  };
}

function opensDialog(key: string): A11yState['enter'] {
  return async (page, locale) => {
    await press(key)(page, locale);
    await page.getByRole('dialog').waitFor();
  };
}

/** The phone toolbar's "More tools" button when the page shows it (below the md breakpoint). */
async function moreTools(page: Page, locale: Locale) {
  const more = page
    .getByRole('button', { name: text(locale, 'viewer.actions.more'), exact: true })
    .filter({ visible: true });
  return (await more.count()) > 0 ? more.first() : null;
}

/** Opens the dialog of the toolbar action `key`: on a phone, from the "More tools" menu. */
function opensToolDialog(key: string): A11yState['enter'] {
  return async (page, locale) => {
    const more = await moreTools(page, locale);
    if (!more) return opensDialog(key)(page, locale);
    await more.click();
    await page.getByRole('menuitem', { name: text(locale, key), exact: true }).click();
    await page.getByRole('dialog').waitFor();
  };
}

/** The model page (and a share's page) once the viewer has loaded its model. */
async function viewerLoaded(page: Page): Promise<void> {
  await waitForViewerLoaded(page);
  await page.getByRole('toolbar').first().waitFor();
}

const settings = ['profile', 'account', 'preferences', 'notifications', 'connectors', 'plan'];

export const ROUTES: A11yRoute[] = [
  { name: 'landing', path: () => '/', who: 'out' },
  { name: 'sign in', path: () => '/signin', who: 'out' },
  { name: 'sign up', path: () => '/signup', who: 'out' },
  { name: 'verify email', path: () => '/verify-email?email=nobody@example.com', who: 'out' },
  { name: 'email sign-in', path: () => '/email', who: 'out' },
  { name: 'forgot password', path: () => '/reset-password', who: 'out' },
  { name: 'reset password', path: () => '/reset-password?token=not-a-token', who: 'out' },
  { name: 'terms', path: () => '/terms', who: 'both' },
  { name: 'privacy', path: () => '/privacy', who: 'both' },
  { name: 'cookie policy', path: () => '/cookie-policy', who: 'both' },
  { name: 'invitation', path: (f) => `/invite?token=${f.inviteToken}`, who: 'both' },
  { name: 'invitation, unknown', path: () => '/invite?token=nope', who: 'out' },
  { name: 'payment, unknown order', path: () => '/upgrade/payment?order=nope', who: 'both' },
  { name: 'not found', path: () => '/no-such-page', who: 'in' },
  {
    name: 'share',
    path: (f) => `/share/${f.publicToken}`,
    who: 'both',
    ready: viewerLoaded,
  },
  {
    name: 'share, embedded',
    path: (f) => `/share/${f.publicToken}?embed=1`,
    who: 'out',
    ready: viewerLoaded,
  },
  {
    name: 'share, code prompt',
    path: (f) => `/share/${f.codeToken}`,
    who: 'out',
    ready: async (page) => {
      await page.getByRole('textbox').first().waitFor();
    },
  },
  { name: 'models', path: () => '/models', who: 'in' },
  {
    name: 'project models',
    path: (f) => `/models/${f.projectId}`,
    who: 'in',
    states: [{ name: 'upload dialog', enter: opensDialog('models.upload') }],
  },
  { name: 'trash', path: (f) => `/models/trash?project=${f.projectId}`, who: 'in' },
  {
    name: 'projects',
    path: () => '/project',
    who: 'in',
    states: [{ name: 'new project dialog', enter: opensDialog('projects.new') }],
  },
  { name: 'project', path: (f) => `/project/${f.projectId}`, who: 'in' },
  {
    name: 'members',
    path: (f) => `/project/${f.projectId}/members`,
    who: 'in',
    states: [{ name: 'invite dialog', enter: opensDialog('members.invite') }],
  },
  ...settings.map((section): A11yRoute => ({
    name: `settings ${section}`,
    path: () => `/settings/${section}`,
    who: 'in',
  })),
  { name: 'upgrade', path: () => '/upgrade', who: 'in' },
  {
    name: 'pay codes',
    path: (f) => `/upgrade/paycode?order=${f.orderId}`,
    who: 'in',
    ready: async (page) => {
      await page.locator('canvas, img').first().waitFor();
    },
  },
  { name: 'payment result', path: (f) => `/upgrade/payment?order=${f.orderId}`, who: 'in' },
  { name: 'receipt', path: (f) => `/receipt/${f.orderId}`, who: 'in' },
  { name: 'project issues', path: (f) => `/project/${f.projectId}/issues`, who: 'in' },
  { name: 'subscription', path: () => '/subscription', who: 'in' },
  { name: 'my shares', path: () => '/shares', who: 'in' },
  {
    name: 'model',
    path: (f) => `/model/${f.modelId}`,
    who: 'in',
    ready: viewerLoaded,
    states: [
      // One panel at a time: on a phone an open panel covers the toolbar.
      { name: 'model tree', enter: pressOn('viewer.actions.tree') },
      {
        name: 'properties of an element',
        enter: async (page, locale) => {
          await page.evaluate(() => {
            type Hook = { __trussViewer?: { selection: { set(ids: number[]): void } } };
            (window as Hook).__trussViewer?.selection.set([1]);
          });
          await pressOn('viewer.actions.properties')(page, locale);
          await page
            .getByRole('complementary', { name: text(locale, 'viewer.properties.title') })
            .getByRole('heading', { level: 3 })
            .first()
            .waitFor();
        },
      },
      { name: 'shortcut help', enter: opensToolDialog('viewer.actions.help') },
      { name: 'issues and comments panel', enter: pressOn('topics.panel') },
      { name: 'saved views', enter: opensDialog('savedViews.title') },
      { name: 'share dialog', enter: opensDialog('share.action') },
      {
        // The standard views sit in the toolbar's Navigate group; on a phone in the "More
        // tools" menu, scanned instead.
        name: 'views menu',
        enter: async (page, locale) => {
          const more = await moreTools(page, locale);
          if (more) {
            await more.click();
            await page.getByRole('menu').waitFor();
          } else {
            await press('viewer.groups.navigate')(page, locale);
            await page
              .getByRole('group', { name: text(locale, 'viewer.groups.navigate') })
              .waitFor();
          }
        },
      },
    ],
  },
];
