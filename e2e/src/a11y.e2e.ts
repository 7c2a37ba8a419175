import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthResponse } from '@truss/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, mailMatching } from './support/accounts.ts';
import { ROUTES, type A11yFixture, type A11yRoute, type Locale } from './support/a11y-routes.ts';
import { describeViolations, scanPage } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import {
  convertFile,
  firstProjectId,
  login,
  setProfileLanguage,
  signedInState,
} from './support/viewer.ts';

/**
 * Issue 19: axe-core's WCAG 2.0/2.1 A and AA rules on every page of ROUTES (support/a11y-routes.ts),
 * signed out and in, in English and Chinese, at desktop width and at 375 px; any violation fails.
 * One server, one Chromium, one context per (who, language, width), reused across its pages.
 */
const samples = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
const HOUSE = path.join(samples, 'ifc/IfcOpenHouse_IFC4.ifc');

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  '375px': { width: 375, height: 740 },
} as const;

let server: SharedServer;
let browser: Browser;
let email: string;
let fixture: A11yFixture;
/** Failing elements per group, printed at the end (the figure the issue asks for). */
const failedElements: Record<string, number> = {};

async function post<T>(url: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  email = `ally-${Date.now()}@example.com`;
  const auth: AuthResponse = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  const model = await convertFile(server.url, auth.token, projectId, HOUSE);
  const share = (body: object) =>
    post<{ token: string }>('/api/shares', auth.token, { modelId: model.id, ...body });
  const publicShare = await share({ type: 'public', expiration: 'never' });
  const codeShare = await share({ type: 'password', expiration: '7d', accessCode: '4821' });
  const invitee = `guest-${Date.now()}@example.com`;
  await post(`/api/project/${projectId}/invitations`, auth.token, {
    emails: [invitee],
    role: 'member',
  });
  const invite = await mailMatching(server.url, invitee, /\/invite\?token=([\w-]+)/);
  const order = await post<{ id: string }>('/api/orders/create', auth.token, {
    plan_id: 'pro',
    plan_period: 'monthly',
    currency: 'CNY',
  });
  fixture = {
    projectId,
    modelId: model.id,
    publicToken: publicShare.token,
    codeToken: codeShare.token,
    inviteToken: invite[1] ?? '',
    orderId: order.id,
  };
});

afterAll(async () => {
  console.log(`axe: failing elements per group ${JSON.stringify(failedElements)}`);
  await browser?.close();
});

/** The page's content is there: its heading (or the route's own condition), animations done. */
async function ready(page: Page, route: A11yRoute, locale: Locale): Promise<void> {
  if (route.ready) await route.ready(page, locale);
  else await page.locator('h1').first().waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await settled(page);
}

/**
 * No animation still running: text is measured in its final colours, not half faded in. The
 * contexts ask for reduced motion, so entry animations last 0.01 ms (styles.css).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

async function scanRoutes(context: BrowserContext, who: 'out' | 'in', locale: Locale) {
  const page = await context.newPage();
  const failures: string[] = [];
  let elements = 0;
  const record = async (label: string) => {
    const violations = await scanPage(page);
    const lines = describeViolations(violations);
    elements += lines.length;
    if (lines.length) failures.push(`${label}:\n    ${lines.join('\n    ')}`);
  };
  for (const route of ROUTES.filter((r) => r.who === who || r.who === 'both')) {
    const url = route.path(fixture);
    for (const state of [null, ...(route.states ?? [])]) {
      const label = `${route.name}${state ? ` / ${state.name}` : ''} (${url})`;
      try {
        await page.goto(url);
        await ready(page, route, locale);
        if (state) {
          await state.enter(page, locale);
          await settled(page);
        }
        await record(label);
      } catch (error) {
        failures.push(`${label}: could not be scanned: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  }
  await page.close();
  return { failures, elements };
}

/**
 * Each language, width and session state at least once: English on the desktop and Chinese on
 * a phone, signed out and in (the texts differ by language, the markup does not). All eight
 * combinations took four of CI's 30 minutes.
 */
const COMBINATIONS = new Set([
  'out en desktop',
  'in en desktop',
  'out zh-CN 375px',
  'in zh-CN 375px',
]);

describe('accessibility: axe WCAG 2.1 A/AA on every route', () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      for (const who of ['out', 'in'] as const) {
        if (!COMBINATIONS.has(`${who} ${locale} ${width}`)) continue;
        const group = `${who === 'in' ? 'signed in' : 'signed out'}, ${locale}, ${width}`;
        it(`has no violations: ${group}`, async () => {
          await setProfileLanguage(server.url, await login(server.url, email), locale);
          const auth = who === 'in' ? await login(server.url, email) : null;
          const context = await browser.newContext({
            baseURL: server.url,
            viewport,
            locale,
            reducedMotion: 'reduce',
            ...(auth ? { storageState: signedInState(server.url, auth) } : {}),
          });
          await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
          try {
            const { failures, elements } = await scanRoutes(context, who, locale);
            failedElements[group] = elements;
            expect(failures, failures.join('\n')).toEqual([]);
          } finally {
            await context.close();
          }
        }, 300_000);
      }
    }
  }
});
