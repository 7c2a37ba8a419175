import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, CreateTopicBody, Model, Topic } from '@truss/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { CUBE } from './support/model-page.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import { jsonApi } from './support/topics.ts';
import { convertFile, firstProjectId, signedInState } from './support/viewer.ts';

/**
 * The issue report a team hands to its client, from the issues page's "Export report" menu: the
 * PDF read back with pdftotext and the XLSX with the library that wrote it, in English and in
 * Chinese, holding the topics the page's filter shows (open ones by default) with their comments.
 */
const run = promisify(execFile);

let server: SharedServer;
let browser: Browser;
let owner: AuthResponse;
let projectId: string;
let model: Model;
const contexts: BrowserContext[] = [];
const stamp = Date.now();

const TOPICS = {
  en: {
    open: 'Handrail too low on the stair',
    closed: 'Paint colour agreed',
    reply: 'Raise it to 1.1 m.',
  },
  zh: { open: '楼梯扶手高度不足', closed: '外墙颜色已确认', reply: '请提高到 1.1 米。' },
};

const api = <R>(method: string, url: string, body?: unknown) =>
  jsonApi<R>(server.url, owner.token, method, url, body);

async function issuesPage(locale: 'en' | 'zh-CN'): Promise<Page> {
  // The app speaks the account's language once signed in.
  await api('PUT', '/api/user/profile', { language: locale });
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale,
    acceptDownloads: true,
    storageState: signedInState(server.url, owner),
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/project/${projectId}/issues`);
  return page;
}

/** Picks a format in the "Export report" menu; answers the downloaded file's path and name. */
async function exportReport(page: Page, menu: string, item: string) {
  await page.getByRole('button', { name: menu }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  const path = await download.path();
  return { path, name: download.suggestedFilename() };
}

async function pdfText(path: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  return stdout;
}

/** Every cell of the workbook's first sheet as text, row by row. */
async function xlsxRows(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  return rows;
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  owner = await createAccount(server.url, `report-${stamp}@example.com`);
  await api('PUT', '/api/user/profile', { full_name: 'Olga Owner' });
  projectId = await firstProjectId(server.url, owner.token);
  model = await convertFile(server.url, owner.token, projectId, CUBE);
  const create = (body: Omit<CreateTopicBody, 'modelId'>) =>
    api<Topic>('POST', `/api/project/${projectId}/topics`, { ...body, modelId: model.id });
  for (const texts of [TOPICS.en, TOPICS.zh]) {
    const open = await create({ kind: 'issue', title: texts.open, description: texts.open });
    await api('POST', `/api/topics/${open.id}/comments`, { text: texts.reply });
    await create({ kind: 'issue', title: texts.closed, status: 'Closed' });
  }
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('issue reports from the issues page', () => {
  it.each([
    ['en', 'Export report', 'PDF report', 'Excel spreadsheet (.xlsx)'],
    ['zh-CN', '导出报告', 'PDF 报告', 'Excel 表格（.xlsx）'],
  ] as const)(
    '%s: the PDF and the XLSX hold the open topics the page shows, with their comments',
    async (locale, menu, pdfItem, xlsxItem) => {
      const page = await issuesPage(locale);
      await expect
        .poll(() => page.getByText(TOPICS.en.open).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await page.getByRole('button', { name: menu }).click();
      await expect(page.getByRole('menuitem', { name: pdfItem }).isVisible()).resolves.toBe(true);
      await page.screenshot({ path: await screenshotPath(`topics-report-menu-${locale}`) });
      await page.keyboard.press('Escape');

      const pdf = await exportReport(page, menu, pdfItem);
      expect(pdf.name).toMatch(/\.pdf$/);
      const text = await pdfText(pdf.path);
      // Both languages' open topics and replies are there (CJK fonts embedded), closed ones not.
      for (const texts of [TOPICS.en, TOPICS.zh]) {
        expect(text).toContain(texts.open);
        expect(text).toContain(texts.reply);
        expect(text).not.toContain(texts.closed);
      }
      // In the page's language, authors by name.
      expect(text).toContain(locale === 'en' ? 'Issue report' : '问题报告');
      expect(text).toContain(locale === 'en' ? '2 topics' : '共 2 个主题');
      expect(text).toContain('Olga Owner');

      const xlsx = await exportReport(page, menu, xlsxItem);
      expect(xlsx.name).toMatch(/\.xlsx$/);
      const rows = await xlsxRows(xlsx.path);
      const cells = rows.flat().join('\n');
      // A header row in the page's language, then one row per open topic.
      expect(rows).toHaveLength(3);
      expect(rows[0]).toContain(locale === 'en' ? 'Title' : '标题');
      for (const texts of [TOPICS.en, TOPICS.zh]) {
        expect(cells).toContain(texts.open);
        expect(cells).toContain(texts.reply);
        expect(cells).not.toContain(texts.closed);
      }
      await page.screenshot({ path: await screenshotPath(`topics-report-page-${locale}`) });
    },
  );
});
