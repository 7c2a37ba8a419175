import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Order } from '@truss/contracts';
import en from '../../apps/web/src/locales/en.json';
import zh from '../../apps/web/src/locales/zh-CN.json';
import { createAccount, mailMatching, TEST_PASSWORD } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { decodeQr } from './support/qr.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SALES = 'sales-team@truss.test';
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ SALES_EMAIL: SALES });
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function newContext(locale: 'en' | 'zh-CN'): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
    locale,
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  return context;
}

async function api<T>(token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const cases = [
  { locale: 'en', texts: en },
  { locale: 'zh-CN', texts: zh },
] as const;

describe.each(cases)('a Free user buys Pro ($locale)', ({ locale, texts }) => {
  it('hits the project limit, follows the prompt, pays in the sandbox and creates the project', async () => {
    const email = `payer-${locale}-${Date.now()}@example.com`;
    const session = await createAccount(server.url, email, locale);

    // Fill the Free plan's projects through the API until the server refuses one.
    let refused: { status: number; body: { code?: string } } | null = null;
    for (let i = 0; i < 10 && !refused; i += 1) {
      const created = await api<{ code?: string }>(session.token, 'POST', '/api/project', {
        name: `Filler ${i}`,
        description: 'Fills the plan',
      });
      if (created.status !== 201 && created.status !== 200) refused = created;
    }
    expect(refused).toMatchObject({ status: 403, body: { code: 'PROJECT_LIMIT_EXCEEDED' } });

    const context = await newContext(locale);
    const page = await context.newPage();
    await page.goto('/project');
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByLabel(texts.form.email, { exact: true }).fill(email);
    await page.getByLabel(texts.form.password, { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: texts.auth.signIn, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/project');

    // One more project: at the limit, "New project" opens the upgrade prompt at once (naming the
    // limit), not the form the server would refuse after it was filled in.
    const tryCreate = async () => {
      await page.getByRole('button', { name: texts.projects.new }).first().click();
      const form = page.getByRole('dialog');
      await form.getByLabel(texts.projectForm.name, { exact: true }).fill('Harbour Bridge');
      await form
        .getByLabel(texts.projectForm.description, { exact: true })
        .fill('Steel arch bridge, the one the plan was bought for.');
      await form.getByRole('button', { name: texts.projectForm.create, exact: true }).click();
    };
    await page.getByRole('button', { name: texts.projects.new }).first().click();
    const prompt = page.getByRole('dialog', {
      name: texts.upgradePrompt.title.PROJECT_LIMIT_EXCEEDED,
    });
    await prompt.waitFor();
    await prompt.getByRole('link', { name: texts.upgradePrompt.seePlans }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    // Pro, monthly.
    await page.getByRole('radio', { name: texts.upgrade.monthly }).click();
    await page
      .getByText(texts.upgrade.save.split('{{')[0] ?? '')
      .first()
      .waitFor();
    if (locale === 'en') await page.screenshot({ path: await screenshotPath('payments-upgrade') });
    const pro = texts.upgrade.choose.replace('{{name}}', texts.plans.pro);
    await page.getByRole('button', { name: pro }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade/paycode');
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';

    // Both QR codes; each decodes to the pay code the sandbox made for this order.
    const order = await api<Order>(session.token, 'GET', `/api/orders/${orderId}`);
    expect(order.body).toMatchObject({ status: 'pending', plan_id: 'pro', plan_period: 'monthly' });
    expect(order.body.amount).toBe(9900);
    const wechatUrl = order.body.pay_codes?.wechat?.code_url;
    const alipayCode = order.body.pay_codes?.alipay?.qr_code;
    expect(wechatUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(alipayCode).toBeTruthy();
    expect(await decodeQr(page, texts.payment.qrLabel.wechat)).toBe(wechatUrl);
    expect(await decodeQr(page, texts.payment.qrLabel.alipay)).toBe(alipayCode);
    expect(await page.getByRole('timer').textContent()).toMatch(/1[45]:\d\d/);
    if (locale === 'en') await page.screenshot({ path: await screenshotPath('payments-paycode') });

    // "I have paid" before paying: the server asked, nothing arrived yet.
    await page.getByRole('button', { name: texts.payment.iHavePaid }).click();
    await page.getByText(texts.payment.notReceivedYet).waitFor();

    // Pay from /dev in a second tab; the first turns to success by itself, without a reload.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const dev = await context.newPage();
    await dev.goto('/dev');
    const row = dev.locator(`li[data-order-id="${orderId}"]`);
    await row
      .getByRole('button', {
        name: texts.dev.orders.pay.replace('{{provider}}', texts.payment.providers.wechat),
      })
      .click();
    await row.waitFor({ state: 'detached' });
    await dev.close();

    await page.waitForURL((url) => url.pathname === '/upgrade/payment', { timeout: 15_000 });
    await page.getByRole('heading', { name: texts.payment.result.paid.title }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    const paid = await api<Order>(session.token, 'GET', `/api/orders/${orderId}`);
    expect(paid.body).toMatchObject({ status: 'paid', provider: 'wechat', pay_codes: null });

    // The printable receipt.
    await page.getByRole('link', { name: texts.payment.viewReceipt }).click();
    await page.waitForURL((url) => url.pathname === `/receipt/${orderId}`);
    await page.getByRole('heading', { name: texts.receipt.title }).waitFor();
    await page.getByText(paid.body.order_no).waitFor();
    await page.getByRole('button', { name: texts.receipt.print }).waitFor();
    if (locale === 'zh-CN')
      await page.screenshot({ path: await screenshotPath('payments-receipt-zh') });

    // The plan page shows Pro, its period end and the order with its receipt.
    await page.goto('/settings/plan');
    await page.getByText(texts.orders.status.paid, { exact: true }).waitFor();
    await page.getByRole('link', { name: texts.orders.receipt }).waitFor();
    if (locale === 'en') await page.screenshot({ path: await screenshotPath('payments-plan') });

    // And now the project that was refused is created.
    await page.goto('/project');
    await tryCreate();
    await page.waitForURL((url) => /^\/models\/[0-9a-f-]{36}$/.test(url.pathname));
  });
});

describe('orders that end unpaid, and Enterprise sales', () => {
  it('a cancelled order offers a new one; Contact sales mails the sales address', async () => {
    const email = `closer-${Date.now()}@example.com`;
    const session = await createAccount(server.url, email);
    const page = await (await newContext('en')).newPage();
    await page.goto('/upgrade');
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByLabel(en.form.email, { exact: true }).fill(email);
    await page.getByLabel(en.form.password, { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: en.auth.signIn, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade');

    // Yearly Pro, then cancelled on the pay page: closed, with a way to order again.
    await page.getByRole('radio', { name: en.upgrade.yearly }).click();
    await page.getByRole('button', { name: en.upgrade.choose.replace('{{name}}', 'Pro') }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade/paycode');
    const firstId = new URL(page.url()).searchParams.get('order');
    await page.getByRole('button', { name: en.payment.cancelOrder }).click();
    await page.getByText(en.payment.closedTitle.cancelled, { exact: true }).waitFor();
    await page.getByRole('button', { name: en.payment.newOrder }).click();
    await page.waitForURL((url) => url.searchParams.get('order') !== firstId);
    const second = await api<Order>(
      session.token,
      'GET',
      `/api/orders/${new URL(page.url()).searchParams.get('order')}`,
    );
    expect(second.body).toMatchObject({ status: 'pending', plan_id: 'pro', plan_period: 'yearly' });
    expect(second.body.amount).toBe(99000);
    await page.getByRole('img', { name: en.payment.qrLabel.alipay }).waitFor();

    // Enterprise: the form is mailed to SALES_EMAIL.
    await page.goto('/upgrade');
    await page.getByRole('button', { name: en.upgrade.contactSales }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en.sales.name).fill('Ann Lee');
    await dialog.getByLabel(en.sales.company).fill('Riverside Engineering Ltd');
    await dialog.getByLabel(en.sales.message).fill('About 120 seats from next quarter.');
    await dialog.getByRole('button', { name: en.sales.send }).click();
    await dialog.getByText(en.sales.sent).waitFor();
    const mail = await mailMatching(server.url, SALES, /Company: (.+)/);
    expect(mail[1]).toBe('Riverside Engineering Ltd');
  });
});
