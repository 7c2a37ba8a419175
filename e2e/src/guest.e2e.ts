import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Model, Topic } from '@truss/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { CUBE } from './support/model-page.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import { joinProject, jsonApi } from './support/topics.ts';
import {
  convertFile,
  firstProjectId,
  signedInState,
  waitForViewerLoaded,
} from './support/viewer.ts';

/**
 * A guest's view of a project (issue 35), in English and in Chinese: the models without Upload,
 * no Members page, no BCF export, and an issue assigned to them whose status they change in the
 * model page's panel; then they leave. The team's addresses appear nowhere on the guest's pages.
 */
const SLOW = { timeout: 20_000 };
const stamp = Date.now();
const emails = {
  owner: `guest-owner-${stamp}@example.com`,
  en: `guest-en-${stamp}@example.com`,
  zh: `guest-zh-${stamp}@example.com`,
};
const TEXT = {
  en: {
    upload: 'Upload model',
    members: 'Members',
    panel: 'Issues & comments',
    status: 'Status',
    resolved: 'Resolved',
    assignee: 'Project member',
    issues: 'Issues',
    exportBcf: /BCF/,
    leave: 'Leave project',
    leaveConfirm: 'Leave',
  },
  zh: {
    upload: '上传模型',
    members: '成员',
    panel: '问题与评论',
    status: '状态',
    resolved: '已解决',
    assignee: '项目成员',
    issues: '问题',
    exportBcf: /BCF/,
    leave: '退出项目',
    leaveConfirm: '退出',
  },
} as const;

let server: SharedServer;
let browser: Browser;
let owner: AuthResponse;
const guests = {} as Record<'en' | 'zh', AuthResponse>;
const issues = {} as Record<'en' | 'zh', Topic>;
let projectId: string;
let model: Model;
const contexts: BrowserContext[] = [];

async function guestPage(lang: 'en' | 'zh', path: string): Promise<Page> {
  const locale = lang === 'en' ? 'en' : 'zh-CN';
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale,
    storageState: signedInState(server.url, guests[lang]),
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  owner = await createAccount(server.url, emails.owner);
  guests.en = await createAccount(server.url, emails.en);
  guests.zh = await createAccount(server.url, emails.zh, 'zh-CN');
  projectId = await firstProjectId(server.url, owner.token);
  for (const lang of ['en', 'zh'] as const) {
    await joinProject(server.url, projectId, owner.token, emails[lang], guests[lang], 'guest');
  }
  model = await convertFile(server.url, owner.token, projectId, CUBE);
  for (const lang of ['en', 'zh'] as const) {
    issues[lang] = await jsonApi<Topic>(
      server.url,
      owner.token,
      'POST',
      `/api/project/${projectId}/topics`,
      {
        kind: 'issue',
        modelId: model.id,
        title: lang === 'en' ? 'Handrail too low' : '栏杆高度不足',
        assigneeId: guests[lang].user.id,
      },
    );
  }
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('a guest in the browser', () => {
  for (const lang of ['en', 'zh'] as const) {
    const t = TEXT[lang];
    it(`(${lang}) sees the models without Upload or Members, and resolves their issue`, async () => {
      const page = await guestPage(lang, `/models/${projectId}`);
      await page.getByRole('link', { name: 'cube_rgb_binary.ply' }).first().waitFor(SLOW);
      expect(await page.getByRole('button', { name: t.upload }).count()).toBe(0);
      expect(await page.getByRole('link', { name: t.members, exact: true }).count()).toBe(0);
      // The uploader is named neutrally: a guest gets no address (the owner has no name).
      const modelRow = page.getByRole('row').filter({ hasText: 'cube_rgb_binary.ply' });
      expect(await modelRow.innerText()).toContain(t.assignee);
      await page.screenshot({ path: await screenshotPath(`guest-models-${lang}`) });

      // The issues page lists the issue, names its assignee neutrally and offers no BCF export.
      await page.goto(`/project/${projectId}/issues`);
      const row = page.getByRole('row').filter({ hasText: issues[lang].title });
      await row.waitFor(SLOW);
      expect(await row.innerText()).toContain(t.assignee);
      expect(await page.getByRole('button', { name: t.exportBcf }).count()).toBe(0);
      expect(await page.content()).not.toContain(emails.owner);

      // The model page's panel: the guest changes the status of the issue assigned to them.
      await page.goto(`/model/${model.id}`);
      await waitForViewerLoaded(page);
      await page.getByRole('button', { name: t.panel, exact: true }).click();
      const panel = page.getByRole('complementary', { name: t.panel });
      await panel.locator('[data-topic-row]').filter({ hasText: issues[lang].title }).click();
      await panel.getByRole('heading', { name: issues[lang].title }).waitFor(SLOW);
      const status = panel.locator(`select[aria-label="${t.status}"]`).last();
      await status.selectOption({ label: t.resolved });
      await expect
        .poll(
          async () =>
            (await jsonApi<Topic>(server.url, owner.token, 'GET', `/api/topics/${issues[lang].id}`))
              .status,
          SLOW,
        )
        .toBe('Resolved');
      // The panel shows the new status too (the badge beside the number).
      await expect.poll(() => status.inputValue(), SLOW).toBe('Resolved');
      await expect
        .poll(() => panel.getByText(t.resolved, { exact: true }).count(), SLOW)
        .toBeGreaterThan(0);
      expect(await page.content()).not.toContain(emails.owner);
      await page.screenshot({ path: await screenshotPath(`guest-view-${lang}`) });

      // Leaving from the overview works without the member list (the guest's user id).
      await page.goto(`/project/${projectId}`);
      await page.getByRole('button', { name: t.leave }).click();
      await page.getByRole('button', { name: t.leaveConfirm, exact: true }).click();
      await expect
        .poll(async () => {
          const res = await fetch(`${server.url}/api/project/${projectId}`, {
            headers: { authorization: `Bearer ${guests[lang].token}` },
          });
          return res.status;
        }, SLOW)
        .toBe(404);
    });
  }
});
