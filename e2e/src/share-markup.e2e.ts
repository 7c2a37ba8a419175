import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthResponse,
  CreateShareBody,
  Model,
  Share,
  Sheet,
  StoreyPlan,
  Topic,
  TopicList,
} from '@truss/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount } from './support/accounts.ts';
import { text, type Locale } from './support/a11y-routes.ts';
import { cloudAndText } from './support/markup.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import { convertFile, firstProjectId, waitForViewerLoaded } from './support/viewer.ts';

/**
 * Markup by share visitors (issue 36), in en and zh-CN: a signed-out visitor with issue rights
 * opens a shared drawing (a code-protected PDF, a public DWG), sees its sheet, draws a cloud and
 * a text with the members' markup tools and saves an issue pinned on the sheet, which the member
 * then reads; on a shared IFC model the same over the 3D view; a visitor of a share without issue
 * rights sees the sheet and its issues' pins but no markup tools.
 */
const shared = fileURLToPath(new URL('../../../shared/', import.meta.url));
const PDF = path.join(shared, 'drawings/pdf/sheet-set-a3.pdf');
const DWG = path.join(shared, 'drawings/dwg/example_2018.dwg');
const IFC = path.join(shared, 'samples/ifc/IfcOpenHouse_IFC4.ifc');
const CODE = '3141';

let server: SharedServer;
let browser: Browser;
let owner: AuthResponse;
let projectId: string;
const models = {} as Record<'pdf' | 'dwg' | 'ifc', Model>;
const shares = {} as Record<'pdf' | 'dwg' | 'ifc' | 'readOnly', Share>;
const contexts: BrowserContext[] = [];
const stamp = Date.now();

async function share(model: Model, body: Partial<CreateShareBody>): Promise<Share> {
  const res = await fetch(`${server.url}/api/shares`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      modelId: model.id,
      type: 'public',
      expiration: '7d',
      allowComments: true,
      issuePermission: 'edit',
      ...body,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Share;
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  owner = await createAccount(server.url, `share-marko-${stamp}@example.com`);
  projectId = await firstProjectId(server.url, owner.token);
  models.pdf = await convertFile(server.url, owner.token, projectId, PDF);
  models.dwg = await convertFile(server.url, owner.token, projectId, DWG);
  models.ifc = await convertFile(server.url, owner.token, projectId, IFC);
  shares.pdf = await share(models.pdf, { type: 'password', accessCode: CODE });
  shares.dwg = await share(models.dwg, {});
  shares.ifc = await share(models.ifc, {});
  shares.readOnly = await share(models.pdf, { issuePermission: 'view' });
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A signed-out visitor's page on `link` in `locale` (the code typed when it asks for one). */
async function visit(link: Share, locale: Locale): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale,
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/share/${link.token}`);
  if (link.type === 'password') {
    await page.getByLabel(text(locale, 'share.page.codeLabel'), { exact: true }).fill(CODE);
  }
  return page;
}

const sheetLoaded = (page: Page) =>
  page.waitForFunction(() => document.body.dataset.sheetState === 'loaded', null, {
    timeout: 60_000,
  });

const api = async <T>(url: string, token = owner.token): Promise<T> => {
  const res = await fetch(`${server.url}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

/** Fills the new issue's form as a visitor (name and title) and saves it. */
async function saveIssue(page: Page, locale: Locale, title: string) {
  const panel = page.getByRole('complementary', { name: text(locale, 'topics.panel') });
  await panel.getByLabel(text(locale, 'topics.visitorName')).fill(`Client ${locale}`);
  await panel.getByLabel(text(locale, 'topics.field.title')).fill(title);
  await panel.locator('button[type="submit"]').click();
  await expect
    .poll(() => panel.getByRole('heading', { name: title }).count(), { timeout: 20_000 })
    .toBe(1);
}

/** The model's newest topic, as the member (the owner) reads it. */
const newest = async (modelId: string): Promise<Topic> => {
  const list = await api<TopicList>(
    `/api/project/${projectId}/topics?modelId=${modelId}&sort=created&limit=1`,
  );
  return list.topics[0]!;
};

describe('share visitors mark up', () => {
  it.each(['en', 'zh-CN'] as const)(
    'a visitor with issue rights draws a cloud and a text on a shared sheet and saves an issue (%s)',
    async (locale) => {
      // en: the code-protected PDF; zh-CN: the public DWG.
      const kind = locale === 'en' ? 'pdf' : 'dwg';
      const link = shares[kind];
      const [first] = await api<Sheet[]>(`/api/models/${models[kind].id}/sheets`);
      const sheetId = first!.id;
      const title = `Visitor cloud on the ${kind} ${locale}`;
      const page = await visit(link, locale);
      await sheetLoaded(page);
      const panel = page.getByRole('complementary', { name: text(locale, 'topics.panel') });
      await page
        .getByRole('toolbar', { name: text(locale, 'viewer.sheets.toolbar') })
        .getByRole('button', { name: text(locale, 'topics.markup.toggle') })
        .click();
      await cloudAndText(page, locale, sheetId, locale === 'en' ? 'Check this' : '请核对');
      await panel.getByRole('button', { name: text(locale, 'topics.sheetPin.place') }).click();
      const layer = (await page.locator(`[data-markup-layer="${sheetId}"]`).boundingBox())!;
      await page.mouse.click(layer.x + layer.width * 0.45, layer.y + layer.height * 0.52);
      await saveIssue(page, locale, title);
      await page.screenshot({ path: await screenshotPath(`share-markup-sheet-${locale}`) });

      // The member reads it: pinned on the sheet, with the visitor's markup and name.
      const topic = await newest(models[kind].id);
      expect(topic.title).toBe(title);
      expect(topic.pin).toMatchObject({ sheetId });
      expect(topic.markup?.sheet_id).toBe(sheetId);
      expect(topic.markup?.shapes.map((s) => s.type)).toEqual(['cloud', 'text']);
      expect(topic.author.name).toContain(`Client ${locale}`);
      // The issue's pin is on the visitor's sheet.
      expect(await page.locator(`[data-sheet-pin="${topic.id}"]`).count()).toBe(1);
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'a visitor with issue rights marks up the 3D view of a shared IFC model (%s)',
    async (locale) => {
      const title = `Visitor crack in 3D ${locale}`;
      // The share serves the IFC's storey plans too (the minimap's and the plans' source).
      const plans = await api<StoreyPlan[]>(`/api/share/${shares.ifc.token}/plans`, '');
      expect(plans.length).toBeGreaterThan(0);
      const page = await visit(shares.ifc, locale);
      await waitForViewerLoaded(page);
      await page.getByRole('button', { name: text(locale, 'topics.panel'), exact: true }).click();
      const panel = page.getByRole('complementary', { name: text(locale, 'topics.panel') });
      await page.getByRole('button', { name: text(locale, 'topics.markup.toggle') }).click();
      await cloudAndText(page, locale, 'view', locale === 'en' ? 'Crack' : '裂缝');
      await panel.getByRole('button', { name: text(locale, 'topics.new.issue') }).click();
      await panel.getByRole('button', { name: text(locale, 'topics.noPin') }).click();
      await saveIssue(page, locale, title);
      await page.screenshot({ path: await screenshotPath(`share-markup-3d-${locale}`) });

      const topic = await newest(models.ifc.id);
      expect(topic.title).toBe(title);
      expect(topic.markup?.sheet_id).toBeNull();
      expect(topic.markup?.shapes.map((s) => s.type)).toEqual(['cloud', 'text']);

      // The visitor has the storey plans too: the minimap, from the toolbar's Navigate group.
      await page
        .getByRole('button', { name: text(locale, 'viewer.groups.navigate'), exact: true })
        .click();
      const minimap = text(locale, 'viewer.plans.minimap');
      await page.getByRole('button', { name: minimap, exact: true }).click();
      await page.getByRole('region', { name: minimap }).waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.locator('[data-plan-minimap]').getAttribute('data-storey'))
        .toBeTruthy();
      await page.screenshot({ path: await screenshotPath(`share-plans-minimap-${locale}`) });
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'a visitor without issue rights sees the sheet and its pins, no markup tools (%s)',
    async (locale) => {
      // A member's issue on the first page (middle, each locale beside the other's), with a
      // cloud and a text.
      const [page1] = await api<Sheet[]>(`/api/models/${models.pdf.id}/sheets`);
      const at = (x: number, y: number): [number, number] => [page1!.width * x, page1!.height * y];
      const [x, y] = at(locale === 'en' ? 0.3 : 0.35, 0.55);
      const res = await fetch(`${server.url}/api/project/${projectId}/topics`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'issue',
          modelId: models.pdf.id,
          title: `Member cloud ${locale}`,
          pin: { sheetId: 'p1', x, y },
          markup: {
            sheetId: 'p1',
            shapes: [
              {
                type: 'cloud',
                from: at(0.25, 0.45),
                to: at(0.4, 0.65),
                color: '#2563eb',
                lineWidth: 1,
              },
              {
                type: 'text',
                at: at(0.42, 0.45),
                text: 'Member',
                size: 8,
                color: '#2563eb',
                lineWidth: 1,
              },
            ],
          },
        }),
      });
      expect(res.status).toBe(201);
      const memberTopic = (await res.json()) as Topic;
      const page = await visit(shares.readOnly, locale);
      await sheetLoaded(page);
      // The issues pinned on the first page show (read-only).
      await expect
        .poll(() => page.locator(`[data-sheet-pin="${memberTopic.id}"]`).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      const toolbar = page.getByRole('toolbar', { name: text(locale, 'viewer.sheets.toolbar') });
      await toolbar.waitFor();
      expect(
        await toolbar.getByRole('button', { name: text(locale, 'topics.markup.toggle') }).count(),
      ).toBe(0);
      const panel = page.getByRole('complementary', { name: text(locale, 'topics.panel') });
      await panel.waitFor();
      expect(
        await panel.getByRole('button', { name: text(locale, 'topics.sheetPin.place') }).count(),
      ).toBe(0);
      // Its markup shows when the visitor opens it from its pin, with no way to edit it.
      await page.locator(`[data-sheet-pin="${memberTopic.id}"]`).click();
      await expect
        .poll(() => page.locator('[data-markup-layer="p1"]').getAttribute('data-markup-shapes'))
        .toBe('2');
      await panel.getByRole('heading', { name: memberTopic.title }).waitFor();
      expect(
        await panel.getByRole('button', { name: text(locale, 'topics.markup.edit') }).count(),
      ).toBe(0);
      await page.screenshot({ path: await screenshotPath(`share-markup-readonly-${locale}`) });
    },
  );
});
