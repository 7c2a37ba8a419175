import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import { codeFromOutbox as outboxCode } from './support/accounts.ts';

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function newContext(locale: 'en' | 'zh-CN', width = 1280, height = 800) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height },
    locale,
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  return context;
}

const codeFromOutbox = (email: string) => outboxCode(server.url, email);

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/verify-email');
}

describe('foundation: sign up, verify, stay signed in, sign out, guard', () => {
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it('walks the whole account flow in Chromium', async () => {
    context = await newContext('en');
    const page = await context.newPage();
    const email = `ada-${Date.now()}@example.com`;
    const password = 'correct horse battery';

    // The validation texts of the spec, shown before anything is sent.
    await page.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('longenough1');
    await page.getByLabel('Confirm password', { exact: true }).fill('different12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address').count()).toBe(1);
    await expect.poll(() => page.getByText('Passwords do not match').count()).toBe(1);
    await expect
      .poll(() => page.getByText('You must agree to the terms to continue').count())
      .toBe(1);

    await signUp(page, email, password);
    const code = await codeFromOutbox(email);
    await page.getByLabel('Verification code').first().fill(code);
    // Six digits submit by themselves; the button stays for people who prefer it.
    await page.waitForURL((url) => url.pathname === '/models', { timeout: 15_000 });
    await page.getByText('Default Project').first().waitFor();
    await page.screenshot({ path: await screenshotPath('models-en'), fullPage: true });

    // The session survives a reload (tokens persisted under the `truss` key).
    await page.reload();
    await page.getByText('Default Project').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/models');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('truss') ?? 'null'));
    expect(Object.keys(stored ?? {}).sort()).toEqual(
      ['isAuthenticated', 'refreshToken', 'subscription', 'token', 'tokenExpiry'].sort(),
    );

    // Sign out from the user menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('truss') ?? '{}')),
    ).toMatchObject({
      isAuthenticated: false,
    });

    // The guard sends an anonymous visitor to sign-in with the full path kept.
    await page.goto('/project/x/members');
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/project/x/members');

    // Signing in with a wrong password shows the spec's text; the right one returns to the path.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/project/x/members');
  });
});

describe('screens in both languages', () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    it(`renders sign-in, sign-up and models in ${locale}`, async () => {
      const context = await newContext(locale);
      const page = await context.newPage();
      try {
        await page.goto('/signin');
        const heading = locale === 'en' ? 'Sign in to Truss' : '登录';
        await page.getByRole('heading', { name: heading }).first().waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe(locale);
        await page.screenshot({ path: await screenshotPath(`signin-${locale}`) });
        await page.goto('/signup');
        await page.locator('form input[type="email"]').waitFor();
        await page.screenshot({ path: await screenshotPath(`signup-${locale}`) });

        const email = `lin-${locale}-${Date.now()}@example.com`;
        const response = await fetch(`${server.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': locale },
          body: JSON.stringify({
            email,
            password: 'password-123',
            agreeTerms: true,
            language: locale,
          }),
        });
        expect(response.status).toBeLessThan(300);
        const code = await codeFromOutbox(email);
        await page.goto(`/verify-email?email=${encodeURIComponent(email)}`);
        await page
          .getByLabel(locale === 'en' ? 'Verification code' : '验证码')
          .first()
          .fill(code);
        await page.waitForURL((url) => url.pathname === '/models', { timeout: 15_000 });
        await page
          .getByText(locale === 'en' ? 'Default Project' : '默认项目')
          .first()
          .waitFor();
        await page.screenshot({ path: await screenshotPath(`models-${locale}`), fullPage: true });

        // A phone's width: the frame collapses into a drawer and nothing overflows sideways.
        await page.setViewportSize({ width: 375, height: 780 });
        await page.reload();
        await page
          .getByText(locale === 'en' ? 'Default Project' : '默认项目')
          .filter({ visible: true })
          .first()
          .waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: await screenshotPath(`models-${locale}-phone`) });
      } finally {
        await context.close();
      }
    });
  }
});

describe('the server hands every spec route to the app', () => {
  const routes = [
    '/',
    '/invite?token=abc',
    '/index__',
    '/settings',
    '/settings/plan',
    '/settings/account',
    '/settings/profile',
    '/settings/connectors',
    '/settings/preferences',
    '/settings/notifications',
    '/settings/components/avatar',
    '/settings/components/sidebar',
    '/some/deep/slug',
    '/dev',
    '/model_/42',
    '/email',
    '/signin?redirect=/models',
    '/signup',
    '/terms',
    '/models_',
    '/models_/trash',
    '/models_/tower',
    '/share/tok123',
    '/upgrade',
    '/upgrade/paycode',
    '/upgrade/payment',
    '/project_',
    '/project_/p1',
    '/project_/p1/members',
    '/callback',
    '/privacy',
    '/subscription',
    '/reset-password',
    '/cookie-policy',
    '/model_/components/header',
    '/models',
    '/model/42',
    '/project/p1/members',
  ];
  it.each(routes)('GET %s -> the app HTML', async (route) => {
    const response = await fetch(`${server.url}${route}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');
  });
});
