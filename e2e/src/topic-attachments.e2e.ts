import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Model, Topic, TopicAttachmentList } from '@truss/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { createAccount } from './support/accounts.ts';
import { jsonApi } from './support/topics.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { CUBE } from './support/model-page.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import {
  convertFile,
  firstProjectId,
  signedInState,
  waitForViewerLoaded,
} from './support/viewer.ts';

/**
 * A photo attached to an issue in Chromium, as a phone's camera hands it over: the camera
 * picker (accept=image/*, capture) gets a picture, the issue shows its thumbnail, the server keeps
 * the file.
 */
let server: SharedServer;
let browser: Browser;
let owner: AuthResponse;
let model: Model;
let projectId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  owner = await createAccount(server.url, `attach-${Date.now()}@example.com`);
  projectId = await firstProjectId(server.url, owner.token);
  model = await convertFile(server.url, owner.token, projectId, CUBE);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('topic attachments in the browser', () => {
  it.each([
    ['en', 'Cracked plaster in the stair', 'Issues & comments', 'Take photo', '1 attachment'],
    ['zh-CN', '楼梯抹灰开裂', '问题与评论', '拍照', '1 个附件'],
  ] as const)(
    '%s: attaches a camera photo to an issue and shows its thumbnail',
    async (locale, title, panelName, photoButton, heading) => {
      const issue = await jsonApi<Topic>(
        server.url,
        owner.token,
        'POST',
        `/api/project/${projectId}/topics`,
        { kind: 'issue', title, modelId: model.id },
      );
      // The app speaks the account's language once signed in.
      await jsonApi(server.url, owner.token, 'PUT', '/api/user/profile', { language: locale });
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1280, height: 800 },
        locale,
        storageState: signedInState(server.url, owner),
      });
      await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`/model/${model.id}`);
      await waitForViewerLoaded(page);
      await page.getByRole('button', { name: panelName, exact: true }).click();
      const panel = page.getByRole('complementary', { name: panelName });
      await panel.locator(`[data-topic-row="${issue.id}"]`).click();
      await expect
        .poll(() => panel.getByRole('button', { name: photoButton }).count(), { timeout: 20_000 })
        .toBe(1);

      // A 1600 x 1200 picture (a gradient, so it is not one flat colour).
      const picture = new PNG({ width: 1600, height: 1200 });
      for (let i = 0; i < picture.data.length; i += 4) {
        const x = (i / 4) % 1600;
        picture.data.set([190, (x / 1600) * 255, 60, 255], i);
      }
      const photo = PNG.sync.write(picture);
      await panel
        .getByTestId('attach-camera-input')
        .setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: photo });
      const thumbnail = panel.getByRole('img', { name: 'IMG_2041.png' });
      await expect.poll(() => thumbnail.count(), { timeout: 20_000 }).toBe(1);
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth), {
          timeout: 20_000,
        })
        .toBe(320);
      expect(await panel.getByText(heading, { exact: true }).count()).toBe(1);
      await page.screenshot({ path: await screenshotPath(`topic-attachments-photo-${locale}`) });

      const list = await jsonApi<TopicAttachmentList>(
        server.url,
        owner.token,
        'GET',
        `/api/topics/${issue.id}/attachments`,
      );
      expect(list.attachments.map((a) => [a.filename, a.size_bytes, a.is_image])).toEqual([
        ['IMG_2041.png', photo.length, true],
      ]);
    },
  );

  it.each([
    [
      'en',
      'Water stain on the ceiling',
      'Issues & comments',
      'Your name (shown with what you post)',
      'Attach file',
      '1 attachment',
      'Delete site-note.pdf',
    ],
    [
      'zh-CN',
      '吊顶水渍',
      '问题与评论',
      '您的名字（随您发布的内容显示）',
      '添加附件',
      '1 个附件',
      '删除 site-note.pdf',
    ],
  ] as const)(
    '%s: a share visitor with Issue Editing attaches a file to an issue and deletes it',
    async (locale, title, panelName, nameLabel, attachButton, heading, deleteLabel) => {
      const issue = await jsonApi<Topic>(
        server.url,
        owner.token,
        'POST',
        `/api/project/${projectId}/topics`,
        { kind: 'issue', title, modelId: model.id },
      );
      const share = await jsonApi<{ token: string }>(
        server.url,
        owner.token,
        'POST',
        '/api/shares',
        {
          modelId: model.id,
          type: 'public',
          expiration: '7d',
          allowComments: false,
          issuePermission: 'edit',
        },
      );
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1280, height: 800 },
        locale,
      });
      await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`/share/${share.token}`);
      await waitForViewerLoaded(page);
      await page.getByRole('button', { name: panelName, exact: true }).click();
      const panel = page.getByRole('complementary', { name: panelName });
      await panel.locator(`[data-topic-row="${issue.id}"]`).click();
      // The attach buttons come once the visitor has given the name their files go under.
      await panel.getByLabel(nameLabel).waitFor({ timeout: 20_000 });
      expect(await panel.getByRole('button', { name: attachButton }).count()).toBe(0);
      await panel.getByLabel(nameLabel).fill('Li Wei');
      await expect
        .poll(() => panel.getByRole('button', { name: attachButton }).count(), { timeout: 20_000 })
        .toBe(1);
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      await panel
        .getByTestId('attach-file-input')
        .setInputFiles({ name: 'site-note.pdf', mimeType: 'application/pdf', buffer: pdf });
      await expect
        .poll(() => panel.getByText(heading, { exact: true }).count(), { timeout: 20_000 })
        .toBe(1);
      expect(await panel.getByText('site-note.pdf', { exact: true }).count()).toBe(1);
      expect(await panel.getByText(/Li Wei/).count()).toBeGreaterThan(0);
      await page.screenshot({ path: await screenshotPath(`topic-attachments-visitor-${locale}`) });

      const list = await jsonApi<TopicAttachmentList>(
        server.url,
        owner.token,
        'GET',
        `/api/topics/${issue.id}/attachments`,
      );
      expect(list.attachments.map((a) => [a.filename, a.size_bytes, a.uploader_name])).toEqual([
        ['site-note.pdf', pdf.length, 'Li Wei'],
      ]);

      // The visitor deletes their own file (the share's route).
      page.once('dialog', (dialog) => void dialog.accept());
      await panel.getByRole('button', { name: deleteLabel }).click();
      await expect
        .poll(() => panel.getByText('site-note.pdf', { exact: true }).count(), { timeout: 20_000 })
        .toBe(0);
      const after = await jsonApi<TopicAttachmentList>(
        server.url,
        owner.token,
        'GET',
        `/api/topics/${issue.id}/attachments`,
      );
      expect(after.attachments).toEqual([]);
    },
  );
});
