import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../../apps/web/src/locales/en.json';
import zh from '../../apps/web/src/locales/zh-CN.json';
import {
  startOidcProvider,
  type OidcTestProvider,
} from '../../apps/server/src/testing/oidc-provider.ts';
import {
  startWechatStandin,
  type WechatStandin,
} from '../../apps/server/src/testing/wechat-standin.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { freePort, startServer, type RunningServer } from './support/server.ts';
import { createAccount, mailMatching, signInWithForm, TEST_PASSWORD } from './support/accounts.ts';

let server: RunningServer;
let oidc: OidcTestProvider;
let wechat: WechatStandin;
let browser: Browser;
const contexts: BrowserContext[] = [];

const GOOGLE_USER = { sub: 'google-grace', email: 'grace@example.com', name: 'Grace Hopper' };

beforeAll(async () => {
  // The provider must know the app's redirect URI and the app the provider's issuer and
  // client: pick the app's port first.
  const port = await freePort();
  oidc = await startOidcProvider({
    accounts: [GOOGLE_USER],
    redirectUri: `http://127.0.0.1:${port}/callback`,
  });
  wechat = await startWechatStandin({
    users: [
      { openid: 'o-wechat-en', nickname: 'Wei Zhang' },
      { openid: 'o-wechat-zh', nickname: '张伟' },
    ],
  });
  server = await startServer(
    {
      GOOGLE_ISSUER: oidc.issuer,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      WECHAT_APP_ID: wechat.appId,
      WECHAT_APP_SECRET: wechat.appSecret,
      WECHAT_OPEN_URL: wechat.url,
      WECHAT_API_URL: wechat.url,
    },
    { port },
  );
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await oidc?.close();
  await wechat?.close();
});

async function newPage(locale: 'en' | 'zh-CN' = 'en', width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height },
    locale,
    timezoneId: 'Asia/Shanghai',
  });
  contexts.push(context);
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  return context.newPage();
}

/** Wait for a path; on a timeout say where the page is and what it shows. */
async function onPath(page: Page, path: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
  } catch (error) {
    await page.screenshot({ path: await screenshotPath(`accounts-stuck-${path.slice(1)}`) });
    const text = await page.evaluate(() => document.body.innerText.slice(0, 500));
    throw new Error(`expected ${path}, at ${page.url()}: ${text}`, { cause: error });
  }
}

const api = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
};

describe('accounts in Chromium', () => {
  it('signs in with Google at a local OpenID provider', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await page.screenshot({ path: await screenshotPath('accounts-signin-en') });
    await page.getByRole('radio', { name: 'Use email code' }).click();
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: await screenshotPath('accounts-signin-code-375') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // The provider's own sign-in page (another origin): choose the account there.
    await page.waitForURL((url) => url.href.startsWith(oidc.issuer), { timeout: 20_000 });
    await page.getByRole('button', { name: `Sign in as ${GOOGLE_USER.email}` }).click();
    await onPath(page, '/models');
    await page.getByText(GOOGLE_USER.email).first().waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('truss') ?? '{}'));
    expect(stored.isAuthenticated).toBe(true);

    // The account has no password: Google is its only sign-in method and can't be unlinked.
    await page.goto('/settings/connectors');
    await page.getByText('Linked', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Unlink Google' }).isDisabled()).toBe(true);
    await page.getByText(/only way to sign in/).waitFor();
    await page.screenshot({ path: await screenshotPath('accounts-google-connectors-en') });

    // A photo: chosen, cropped on the canvas, uploaded, shown in the header instead of initials.
    await page.goto('/settings/profile');
    const png = await page.evaluate(async () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 400, height: 240 });
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#0ea5e9';
      ctx.fillRect(0, 0, 400, 240);
      ctx.fillStyle = '#f59e0b';
      ctx.beginPath();
      ctx.arc(200, 120, 80, 0, Math.PI * 2);
      ctx.fill();
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page.locator('input[type=file]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    await page.getByRole('dialog', { name: 'Crop your photo' }).waitFor();
    await page.getByRole('slider', { name: 'Zoom' }).fill('2');
    await page.screenshot({ path: await screenshotPath('accounts-avatar-crop-en') });
    await page.getByRole('button', { name: 'Save photo' }).click();
    await page.getByText('Photo saved', { exact: true }).waitFor();
    const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await avatar.waitFor();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  });

  it.each([
    {
      locale: 'en' as const,
      nickname: 'Wei Zhang',
      texts: en,
      continueWith: 'Continue with WeChat',
    },
    {
      locale: 'zh-CN' as const,
      nickname: '张伟',
      texts: zh,
      continueWith: zh.auth.continueWith.replace('{{provider}}', zh.auth.providers.wechat),
    },
  ])(
    'a new WeChat user signs up at the stand-in and adds an email with the mailed code ($locale)',
    async ({ locale, nickname, texts, continueWith }) => {
      const t = texts.settings.addEmail;
      const page = await newPage(locale);
      await page.goto('/signin');
      await page.getByRole('button', { name: continueWith }).click();
      // The stand-in's QR connect page (another origin): confirm as the WeChat user.
      await page.waitForURL((url) => url.href.startsWith(wechat.url), { timeout: 20_000 });
      await page.getByRole('link', { name: `Confirm as ${nickname}` }).click();
      await onPath(page, '/models');
      // Signed in, a new account: the welcome says where the email is added.
      await page.getByText(texts.auth.welcomeNew, { exact: true }).waitFor();
      await page.getByText(texts.auth.addEmailLater, { exact: true }).waitFor();
      await page.screenshot({ path: await screenshotPath(`accounts-wechat-welcome-${locale}`) });
      // The header names the account by its WeChat nickname (it has no email to show).
      await page.getByText(nickname).first().waitFor();

      // A password needs an email: the account page says so and leads to the profile.
      await page.goto('/settings/account');
      await page.getByText(texts.settings.account.passwordNeedsEmail).waitFor();
      await page.getByRole('link', { name: t.addInProfile }).first().click();
      await onPath(page, '/settings/profile');
      await page.getByRole('heading', { name: t.title }).waitFor();
      await page.screenshot({ path: await screenshotPath(`accounts-wechat-add-email-${locale}`) });

      const address = `wechat-${locale.toLowerCase()}-${Date.now()}@example.com`;
      await page.getByLabel(texts.form.email, { exact: true }).fill(address);
      await page.getByRole('button', { name: t.send }).click();
      await page.getByText(t.sentHint, { exact: false }).first().waitFor();
      const code = (await mailMatching(server.url, address, /\b(\d{6})\b/))[1]!;
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({
        path: await screenshotPath(`accounts-wechat-email-code-${locale}-375`),
        fullPage: true,
      });
      await page.setViewportSize({ width: 1280, height: 800 });
      // The code's last digit confirms (as on the sign-up page).
      await page.getByLabel(texts.auth.codeLabel).fill(code);
      await page.getByText(t.added, { exact: true }).waitFor();
      await expect.poll(() => page.getByRole('heading', { name: t.title }).count()).toBe(0);
      await page.getByText(address).first().waitFor();
      await page.getByText(texts.settings.verified, { exact: true }).first().waitFor();
      await page.screenshot({
        path: await screenshotPath(`accounts-wechat-email-added-${locale}`),
      });

      // Now the account page offers a password.
      await page.goto('/settings/account');
      await page.getByRole('heading', { name: texts.settings.account.setPassword }).waitFor();
      expect(await page.getByText(texts.settings.account.passwordNeedsEmail).count()).toBe(0);
    },
  );

  it('resets a forgotten password from the mailed link to a signed-in session', async () => {
    const email = `reset-${Date.now()}@example.com`;
    await createAccount(server.url, email);
    const page = await newPage();
    await page.goto('/signin');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await onPath(page, '/reset-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your email').waitFor();

    const match = await mailMatching(server.url, email, /\/reset-password\?token=([\w%.~-]+)/);
    await page.goto(`/reset-password?token=${match[1]}`);
    await page.getByLabel('New password').fill('brand-new-password');
    await page.getByLabel('Confirm password').fill('brand-new-passwort');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    // The old password is refused as the new one.
    await page.getByLabel('New password').fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Same as old password').waitFor();
    await page.screenshot({ path: await screenshotPath('accounts-reset-error-en') });

    await page.getByLabel('New password').fill('brand-new-password');
    await page.getByLabel('Confirm password').fill('brand-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await onPath(page, '/models');
    await page.getByText("Password changed. You're signed in.", { exact: true }).waitFor();

    // The link worked once, and only the new password signs in now.
    const login = (password: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    expect((await login(TEST_PASSWORD)).status).toBe(401);
    expect((await login('brand-new-password')).status).toBe(200);
  });
});

/** Each settings page and a text it shows once its data has loaded. */
const SECTIONS = {
  profile: (l: typeof en) => l.settings.profile.photo,
  account: (l: typeof en) => l.settings.account.signOutAll,
  preferences: (l: typeof en) => l.settings.preferences.timezone,
  notifications: (l: typeof en) => l.settings.notifications.kinds.project_invitations.title,
  connectors: (l: typeof en) => l.settings.connectors.passwordToo,
  plan: (l: typeof en) => l.plan.currentLabel,
} as const;

async function openSection(page: Page, section: keyof typeof SECTIONS, texts: typeof en) {
  await page.goto(`/settings/${section}`);
  await page.getByText(SECTIONS[section](texts), { exact: true }).first().waitFor();
  // Lazy images (avatar) and fonts settle before the screenshot.
  await page.evaluate(() => document.fonts.ready);
}

/** Texts a person sees: visible text nodes, placeholders and the values of buttons. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('script, style, noscript')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (el.getClientRects().length === 0) continue;
      out.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder]'))) {
      if (el.getClientRects().length) out.push(el.getAttribute('placeholder') ?? '');
    }
    return out.filter(Boolean);
  });
}

/** Words that are the same in Chinese: names, units, codes. */
const ALLOWED = new Set(
  'Truss BIM SSO Google CNY UTC GMT English PNG JPEG WebP KB MB GB TB DELETE https http README'.split(
    ' ',
  ),
);

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}
const zhByKey = new Map(leaves(zh));
/** English texts that have a different Chinese translation: none may be on screen in Chinese. */
const englishOnly = new Set(
  leaves(en)
    .filter(([key, text]) => zhByKey.get(key) !== text && /[A-Za-z]{2}/.test(text))
    .map(([, text]) => text),
);

function englishLeft(texts: string[], email: string): string[] {
  const problems: string[] = [];
  for (const text of texts) {
    if (englishOnly.has(text)) problems.push(`untranslated: ${text}`);
    // Environment variable names (WECHAT_APP_ID) and the repository's file paths
    // (docs/configuration.md) are the same in every language.
    const words =
      text
        .replaceAll(email, ' ')
        .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, ' ')
        .replace(/\b[a-z]+(?:\/[a-z-]+)+\.md\b/g, ' ')
        .match(/[A-Za-z]{2,}/g) ?? [];
    const foreign = words.filter((w) => !ALLOWED.has(w));
    if (foreign.length) problems.push(`English words ${foreign.join(',')} in: ${text}`);
  }
  return problems;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: await screenshotPath(`${name}-desktop`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} overflows at 375 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: await screenshotPath(`${name}-375`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('settings in English and Chinese', () => {
  it('switching to 简体中文 in preferences leaves no English on any settings page', async () => {
    const email = `wang-${Date.now()}@example.com`;
    const session = await createAccount(server.url, email);
    // Names in Chinese (user data is shown as typed); Eastern order.
    await api(session.token, 'PUT', '/api/user/profile', {
      first_name: '小明',
      last_name: '王',
      name_format: 'eastern',
      company: '桁架建筑',
      phone_country_code: 'CN',
      phone: '13812345678',
    });
    const page = await newPage('en');
    await page.goto('/signin');
    await signInWithForm(page, email);
    await onPath(page, '/models');

    for (const section of Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]) {
      await openSection(page, section, en);
      await shoot(page, `settings-${section}-en`);
    }
    // The header shows the name in Eastern order.
    await page.getByText('王小明').first().waitFor();

    // Switch the language where the user would: the preferences page.
    await page.goto('/settings/preferences');
    await page.getByRole('radio', { name: '简体中文' }).check();
    await page.getByRole('heading', { name: '偏好设置', level: 2 }).waitFor();
    // And a date format, applied to every date shown.
    await page.getByRole('radio', { name: /日\/月\/年/ }).check();
    await page.getByText('偏好设置已保存').first().waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('zh-CN');

    for (const section of Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]) {
      await openSection(page, section, zh);
      const problems = englishLeft(await visibleTexts(page), email);
      expect(problems, `/settings/${section}`).toEqual([]);
      if (section === 'account') {
        // "Member since" in dd/mm/yyyy, today in Shanghai.
        await page
          .getByText(/^\d{2}\/\d{2}\/\d{4}$/)
          .first()
          .waitFor();
      }
      await shoot(page, `settings-${section}-zh`);
    }

    // The server keeps the language (mails follow it) across a reload.
    const prefs = (await api(session.token, 'GET', '/api/user/preferences')) as {
      language: string;
      date_format: string;
    };
    expect(prefs).toMatchObject({ language: 'zh-CN', date_format: 'dd/mm/yyyy' });
  });
});
