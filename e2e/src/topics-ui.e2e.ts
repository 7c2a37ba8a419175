import { fileURLToPath } from 'node:url';
import { strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthResponse,
  CreateTopicBody,
  Model,
  Pin,
  ProjectMember,
  Topic,
  TopicList,
  TopicWithComments,
} from '@truss/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, mailMatching } from './support/accounts.ts';
import { applyFilters, joinProject, jsonApi, listed, readBcfFile } from './support/topics.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { CUBE, withViewer } from './support/model-page.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import {
  convertFile,
  firstProjectId,
  signedInState,
  waitForViewerLoaded,
} from './support/viewer.ts';

/**
 * The topics UI's last round in Chromium against the real server: the panel's and the issues
 * page's filters (kind, status, type, assignee, label, due) and sort, title/description editing,
 * the @mention picker (the mentioned member gets the mail), a new issue for the selection, open
 * issues on the model card, bulk assignee change, BCF export of picked rows and of all (the .bcf
 * holds those topics) and import with its report, and the panel in Chinese. One server, one
 * Chromium, one small model (a PLY cube).
 */
const IMPORTED = fileURLToPath(
  new URL('../../../shared/bcf/v3.0/Visualization-Component_selection.bcf', import.meta.url),
);
const DAY = 86_400_000;
/** Polls wait this long: the machine running the tests may be busy. */
const SLOW = { timeout: 20_000 };
const utcDay = (offsetDays: number) => {
  const now = new Date();
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offsetDays * DAY,
  ).toISOString();
};

let server: SharedServer;
let browser: Browser;
let owner: AuthResponse;
let bea: AuthResponse;
let carla: AuthResponse;
/** A member whose account language is Chinese. */
let dai: AuthResponse;
/** Names the web app shows for Bea and Carla (members list: name, else email). */
const shown = { bea: '', carla: '' };
let projectId: string;
let model: Model;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
const emails = {
  owner: `topics-ui-${stamp}@example.com`,
  bea: `bea-${stamp}@example.com`,
  carla: `carla-${stamp}@example.com`,
  dai: `dai-${stamp}@example.com`,
};
const T = {
  pipe: 'Leaking pipe in the shaft',
  slab: 'Cracked slab at level 2',
  note: 'Facade colour note',
  window: 'Window frame replaced',
  selected: 'Scratch on the selected face',
};
const ids = {} as Record<'pipe' | 'slab' | 'note' | 'window', Topic>;

const api = <R>(method: string, url: string, body?: unknown, token = owner.token) =>
  jsonApi<R>(server.url, token, method, url, body);

async function allTopics(): Promise<Topic[]> {
  return (await api<TopicList>('GET', `/api/project/${projectId}/topics?limit=500`)).topics;
}

/** A signed-in page (the owner's, or Dai's in Chinese). */
async function signedInPage(path: string, locale: 'en' | 'zh-CN' = 'en'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale,
    storageState: signedInState(server.url, locale === 'en' ? owner : dai),
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const titles = async (rows: Locator) => (await listed(rows)).sort();
const sorted = (...names: string[]) => [...names].sort();

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  owner = await createAccount(server.url, emails.owner);
  bea = await createAccount(server.url, emails.bea);
  carla = await createAccount(server.url, emails.carla);
  dai = await createAccount(server.url, emails.dai, 'zh-CN');
  await api('PUT', '/api/user/profile', { full_name: 'Carla Mendes' }, carla.token);
  projectId = await firstProjectId(server.url, owner.token);
  for (const [email, member] of [
    [emails.bea, bea],
    [emails.carla, carla],
    [emails.dai, dai],
  ] as const) {
    await joinProject(server.url, projectId, owner.token, email, member);
  }
  const members = await api<ProjectMember[]>('GET', `/api/project/${projectId}/members`);
  const name = (id: string) => {
    const m = members.find((x) => x.user_id === id)!;
    return m.name || m.email || id;
  };
  shown.bea = name(bea.user.id);
  shown.carla = name(carla.user.id);
  model = await convertFile(server.url, owner.token, projectId, CUBE);
  const create = (body: Omit<CreateTopicBody, 'modelId'>) =>
    api<Topic>('POST', `/api/project/${projectId}/topics`, { ...body, modelId: model.id });
  ids.pipe = await create({
    kind: 'issue',
    title: T.pipe,
    type: 'Clash',
    labels: ['MEP'],
    assigneeId: bea.user.id,
    dueDate: utcDay(-3),
  });
  ids.slab = await create({ kind: 'issue', title: T.slab, labels: ['Structure'] });
  ids.note = await create({ kind: 'comment', title: T.note });
  ids.window = await create({
    kind: 'issue',
    title: T.window,
    status: 'Closed',
    dueDate: utcDay(30),
  });
  // The assignment on creation reaches Bea by mail.
  await mailMatching(server.url, emails.bea, /assigned you issue #\d+ "Leaking pipe/);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('topics UI in the browser', () => {
  const PANEL = 'Issues & comments';

  it('the model page panel filters and sorts, edits the text, mentions a member (who gets the mail), pins a new issue on the selection', async () => {
    const page = await signedInPage(`/model/${model.id}`);
    await waitForViewerLoaded(page);
    await page.getByRole('button', { name: PANEL, exact: true }).click();
    const panel = page.getByRole('complementary', { name: PANEL });
    const rows = panel.locator('[data-topic-row]');
    const expectRows = (...names: string[]) =>
      expect.poll(() => titles(rows), { timeout: 20_000 }).toEqual(sorted(...names));

    await expectRows(T.pipe, T.slab, T.note);
    await applyFilters(panel, rows, [
      ['Kind', 'comment', [T.note]],
      ['Kind', '', null],
      ['Status', 'closed', [T.window]],
      ['Status', 'all', [T.pipe, T.slab, T.note, T.window]],
      ['Type', 'Clash', [T.pipe]],
      ['Type', '', null],
      ['Assignee', bea.user.id, [T.pipe]],
      ['Assignee', 'none', [T.slab, T.note, T.window]],
      ['Assignee', '', null],
      ['Label', 'Structure', [T.slab]],
      ['Label', '', null],
      ['Due', 'overdue', [T.pipe]],
      ['Due', 'none', [T.slab, T.note]],
      ['Due', '', null],
    ]);
    // Sort: titles A to Z, then by number (newest first).
    await panel.getByLabel('Sort', { exact: true }).selectOption('title');
    await expect
      .poll(() => listed(rows), SLOW)
      .toEqual([T.slab, T.note, T.pipe, T.window].sort((a, b) => a.localeCompare(b)));
    await panel.getByLabel('Sort', { exact: true }).selectOption('number');
    await expect.poll(() => listed(rows), SLOW).toEqual([T.window, T.note, T.slab, T.pipe]);

    // Title and description edited in the topic's detail.
    await rows.filter({ hasText: T.slab }).click();
    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    const renamed = `${T.slab} (east bay)`;
    await panel.getByLabel('Title', { exact: true }).fill(renamed);
    await panel.getByLabel('Description', { exact: true }).fill('Hairline crack along grid C.');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => panel.getByRole('heading', { name: renamed }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await panel.getByText('Hairline crack along grid C.').count()).toBe(1);
    const edited = await api<Topic>('GET', `/api/topics/${ids.slab.id}`);
    expect([edited.title, edited.description]).toEqual([renamed, 'Hairline crack along grid C.']);
    T.slab = renamed;

    // @ + the start of Carla's name lists her; Enter inserts the mention.
    const reply = panel.getByLabel('Reply', { exact: true });
    await reply.click();
    await reply.pressSequentially(`Please check @${shown.carla.slice(0, 4)}`);
    const options = panel.getByRole('listbox', { name: 'Mention a project member' });
    await expect
      .poll(() => options.getByRole('option').allInnerTexts(), SLOW)
      .toEqual([shown.carla]);
    await reply.press('Enter');
    expect(await options.count()).toBe(0);
    await reply.pressSequentially('before Friday.');
    // Was: the box showed the stored markup `@[Name](id)`; it shows the name (issue 35) and the
    // markup is what is sent (the thread's text below).
    expect(await reply.inputValue()).toBe(`Please check @${shown.carla} before Friday.`);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    // Shown as plain "@Name"; stored with the member's id; mailed to her.
    await expect
      .poll(() => panel.getByText(`Please check @${shown.carla} before Friday.`).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    const thread = await api<TopicWithComments>('GET', `/api/topics/${ids.slab.id}`);
    expect(thread.comments.map((c) => c.mentions)).toEqual([[carla.user.id]]);
    expect(thread.comments.map((c) => c.text)).toEqual([
      `Please check @[${shown.carla}](${carla.user.id}) before Friday.`,
    ]);
    await mailMatching(
      server.url,
      emails.carla,
      new RegExp(`mentioned you in issue #${ids.slab.number} "Cracked slab`),
    );
    await page.screenshot({ path: await screenshotPath('topics-ui-panel-mention') });

    // A new issue for the selected element: pinned on it.
    await panel.getByRole('button', { name: 'Back', exact: true }).click();
    await withViewer(page, (viewer) => viewer.selection.set([0]), null);
    await panel.getByRole('button', { name: 'New issue', exact: true }).click();
    await panel.getByRole('button', { name: 'At the selection', exact: true }).click();
    await panel.getByLabel('Title', { exact: true }).fill(T.selected);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => panel.getByRole('heading', { name: T.selected }).count(), { timeout: 20_000 })
      .toBe(1);
    const pinned = (await allTopics()).find((t) => t.title === T.selected);
    expect((pinned?.pin as Pin | null | undefined)?.elementId).toBe(0);
    expect(pinned?.viewpoints[0]?.counts.selection).toBe(1);
  });

  it("the model's card counts its open issues; closing one lowers the count", async () => {
    const open = async () =>
      (await allTopics()).filter(
        (t) => t.kind === 'issue' && ['Open', 'In Progress'].includes(t.status),
      ).length;
    const before = await open();
    expect(before).toBe(3);
    const page = await signedInPage('/models');
    await page.getByRole('button', { name: 'Grid view', exact: true }).click();
    const badge = page.locator('[data-open-issues]');
    await expect
      .poll(() => badge.getAttribute('aria-label'), { timeout: 20_000 })
      .toBe(`${before} open issues`);
    const pinned = (await allTopics()).find((t) => t.title === T.selected)!;
    await api('PATCH', `/api/topics/${pinned.id}`, { status: 'Closed' });
    await page.reload();
    await expect
      .poll(() => badge.getAttribute('aria-label'), { timeout: 20_000 })
      .toBe(`${before - 1} open issues`);
  });

  it('the issues page filters and changes the assignee of the picked rows in bulk', async () => {
    const page = await signedInPage(`/project/${projectId}/issues`);
    const rows = page.locator('tbody tr[data-topic-row] td:nth-child(3)');
    const expectRows = (...names: string[]) =>
      expect.poll(() => titles(rows), { timeout: 20_000 }).toEqual(sorted(...names));
    const field = (label: string) => page.getByLabel(label, { exact: true });

    await expectRows(T.pipe, T.slab, T.note);
    await applyFilters(page, rows, [
      ['Kind', 'issue', [T.pipe, T.slab]],
      ['Kind', '', null],
      ['Status', 'all', [T.pipe, T.slab, T.note, T.window, T.selected]],
      ['Type', 'Clash', [T.pipe]],
      ['Type', '', null],
      ['Assignee', 'none', [T.slab, T.note, T.window, T.selected]],
      ['Assignee', '', null],
      ['Label', 'MEP', [T.pipe]],
      ['Label', '', null],
      ['Due', 'none', [T.slab, T.note, T.selected]],
    ]);

    // Both rows without a due date go to Bea in one change.
    await page.getByLabel(`Select ${T.slab}`).check();
    await page.getByLabel(`Select ${T.note}`).check();
    expect(await page.getByText('2 selected', { exact: true }).count()).toBe(1);
    await field('Set assignee…').selectOption(bea.user.id);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => page.getByText('Assignee changed').count(), SLOW).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (await allTopics())
            .filter((t) => t.assignee_id === bea.user.id)
            .map((t) => t.title)
            .sort(),
        SLOW,
      )
      .toEqual(sorted(T.pipe, T.slab, T.note));
    await field('Due').selectOption('');
    await field('Assignee').selectOption(bea.user.id);
    await expectRows(T.pipe, T.slab, T.note);
    await page.screenshot({ path: await screenshotPath('topics-ui-issues-bulk-assignee') });
  });

  it('exports the picked rows (BCF 2.1), all (3.0) or the filtered ones, imports a .bcf and shows the report', async () => {
    const page = await signedInPage(`/project/${projectId}/issues`);
    await page.getByLabel('Status', { exact: true }).selectOption('all');
    await page.getByLabel(`Select ${T.pipe}`).check();
    await page.getByLabel(`Select ${T.window}`).check();
    await page.getByLabel('BCF version', { exact: true }).selectOption('2.1');
    const exported = async (button: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: button, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.bcf$/);
      return readBcfFile(await download.path());
    };
    const picked = await exported('Export BCF (2 selected)');
    expect(picked.version).toBe('2.1');
    expect(picked.guids).toEqual([ids.pipe.guid, ids.window.guid].sort());
    expect(strFromU8(picked.files[`${ids.pipe.guid}/markup.bcf`]!)).toContain(T.pipe);

    await page.getByLabel('Select all').check();
    await page.getByLabel('Select all').uncheck();
    await page.getByLabel('BCF version', { exact: true }).selectOption('3.0');
    const all = await exported('Export BCF');
    expect(all.version).toBe('3.0');
    expect(all.guids).toEqual((await allTopics()).map((t) => t.guid).sort());
    // Filtered: the rows a filter leaves, all picked.
    await page.getByLabel('Kind', { exact: true }).selectOption('comment');
    await expect.poll(() => page.locator('tbody tr[data-topic-row]').count(), SLOW).toBe(1);
    await page.getByLabel('Select all').check();
    expect((await exported('Export BCF (1 selected)')).guids).toEqual([ids.note.guid]);
    await page.getByLabel('Kind', { exact: true }).selectOption('');

    // Import through the button's file chooser: a report, then the same file again updates.
    const [guidInFile] = (await readBcfFile(IMPORTED)).guids;
    const importFile = async () => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Import BCF', exact: true }).click(),
      ]);
      await chooser.setFiles(IMPORTED);
      const dialog = page.getByRole('dialog', { name: 'BCF import' });
      await dialog.waitFor({ timeout: 30_000 });
      const text = await dialog.innerText();
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await dialog.waitFor({ state: 'detached' });
      return text;
    };
    const first = await importFile();
    expect(first).toContain('1 created');
    expect(first).toContain('0 updated');
    // The project holds no IFC model: the file's components are kept and listed.
    expect(first).toMatch(/\d+ elements? not found in any model/);
    const imported = (await allTopics()).find(
      (t) => t.guid.toLowerCase() === guidInFile?.toLowerCase(),
    );
    expect(imported).toBeDefined();
    await expect
      .poll(() => page.locator(`tr[data-topic-row="${imported!.id}"]`).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    const second = await importFile();
    expect(second).toContain('0 created');
    expect(second).toContain('1 updated');
    expect((await allTopics()).filter((t) => t.guid === imported!.guid)).toHaveLength(1);
    await page.screenshot({ path: await screenshotPath('topics-ui-bcf') });
  });

  it('the panel in Chinese (a member whose language is zh-CN): filters, a new issue, a reply', async () => {
    const page = await signedInPage(`/model/${model.id}`, 'zh-CN');
    await waitForViewerLoaded(page);
    await page.getByRole('button', { name: '问题与评论', exact: true }).click();
    const panel = page.getByRole('complementary', { name: '问题与评论' });
    const rows = panel.locator('[data-topic-row]');
    await expect.poll(() => titles(rows), { timeout: 20_000 }).toContain(T.pipe);
    expect(await panel.getByLabel('种类', { exact: true }).count()).toBe(1);
    await panel.getByLabel('种类', { exact: true }).selectOption({ label: '评论' });
    await expect.poll(() => titles(rows), SLOW).toEqual([T.note]);
    expect(await rows.first().innerText()).toContain('评论');
    await panel.getByLabel('种类', { exact: true }).selectOption({ label: '全部种类' });
    await panel.getByLabel('截止日期', { exact: true }).selectOption({ label: '已逾期' });
    await expect.poll(() => titles(rows), SLOW).toEqual([T.pipe]);
    expect(await rows.first().innerText()).toContain('待处理');

    await panel.getByRole('button', { name: '新建问题', exact: true }).click();
    expect(await panel.getByText('请点击模型上要放置标记的位置（按 Esc 取消）。').count()).toBe(1);
    await panel.getByRole('button', { name: '不放标记', exact: true }).click();
    await panel.getByLabel('标题', { exact: true }).fill('楼梯扶手高度不足');
    await panel.getByRole('button', { name: '保存', exact: true }).click();
    await expect
      .poll(() => panel.getByRole('heading', { name: '楼梯扶手高度不足' }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    expect(await panel.getByRole('button', { name: '显示视图' }).count()).toBe(1);
    await panel.getByLabel('回复', { exact: true }).fill('已到现场确认。');
    await panel.getByRole('button', { name: '发送', exact: true }).click();
    // The reply is in the thread's comment list (not just in the box), and counted.
    const thread = panel.getByRole('list', { name: '评论', exact: true });
    await expect
      .poll(() => thread.getByText('已到现场确认。').count(), { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(() => panel.locator('h4').allInnerTexts(), { timeout: 20_000 })
      .toEqual(['1 条评论']);
    const created = (await allTopics()).find((t) => t.title === '楼梯扶手高度不足')!;
    expect(created.viewpoints[0]?.snapshot_url).toBeTruthy();
    const saved = await api<TopicWithComments>('GET', `/api/topics/${created.id}`);
    expect(saved.comments.map((c) => c.text)).toEqual(['已到现场确认。']);
    await page.screenshot({ path: await screenshotPath('topics-ui-panel-zh-CN') });
  });
});
