import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Model, ModelVersion } from '@truss/contracts';
import type { Vec3 } from '@truss/viewer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  architecturalV2,
  type ArchitecturalEdits,
} from '../../apps/server/src/modules/diff/testing/architectural-v2.ts';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import {
  login,
  setProfileLanguage,
  signedInState,
  convertFile,
  firstProjectId,
  uploadVersion,
  type Pixels,
  type Rect,
} from './support/viewer.ts';
import { projectedRect, shot, withViewer } from './support/model-page.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';

/**
 * The compare view in Chromium: Architectural.ifc as version 1 and the same file edited (a wall
 * removed, the door moved, a property changed) as version 2 of one model, converted by the real
 * server. /model/{id}/compare shows the removed wall in red (a ghost from version 1) and the
 * moved door in amber, checked on the engine's pixels where each element projects.
 */
const ARCHITECTURAL = fileURLToPath(
  new URL('../../../shared/bcf/ifc/Architectural.ifc', import.meta.url),
);

type Version = ModelVersion;

/** Share of the rect's pixels for which `match` holds. */
function share(image: Pixels, rect: Rect, match: (r: number, g: number, b: number) => boolean) {
  let hits = 0;
  let total = 0;
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(image.width, Math.ceil(rect.x + rect.width));
  const y1 = Math.min(image.height, Math.ceil(rect.y + rect.height));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const o = (y * image.width + x) * 4;
      total++;
      if (match(image.data[o]!, image.data[o + 1]!, image.data[o + 2]!)) hits++;
    }
  }
  return total === 0 ? 0 : hits / total;
}

const reddish = (r: number, g: number, b: number) => r > 150 && r - g > 35 && r - b > 35;
const amber = (r: number, g: number, b: number) =>
  r > 120 && g > r * 0.4 && r - b > 70 && g - b > 30;

describe('compare view', () => {
  let server: SharedServer;
  let browser: Browser;
  let email: string;
  let model: Model;
  let v1: Version;
  let v2: Version;
  let edits: ArchitecturalEdits;

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchChromium();
    email = `cora-${Date.now()}@example.com`;
    const auth = await createAccount(server.url, email);
    const projectId = await firstProjectId(server.url, auth.token);
    model = await convertFile(server.url, auth.token, projectId, ARCHITECTURAL);
    const second = architecturalV2(ARCHITECTURAL);
    edits = second.edits;
    [v2, v1] = (await uploadVersion(
      server.url,
      auth.token,
      model,
      Buffer.from(second.text, 'latin1'),
      'Architectural.ifc',
    )) as [Version, Version];
    expect([v1.status, v2.status]).toEqual(['ready', 'ready']);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function openCompare(locale: 'en' | 'zh-CN'): Promise<Page> {
    const auth = await login(server.url, email);
    await setProfileLanguage(server.url, auth, locale);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      locale,
      storageState: signedInState(server.url, auth),
    });
    await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`/model/${model.id}/compare?from=${v1.id}&to=${v2.id}`);
    await page.waitForFunction(() => document.body.dataset.compareState === 'ready', null, {
      timeout: 120_000,
    });
    return page;
  }

  /** The element's global id in the scene: its row in the version's metadata + the offset. */
  const idOf = (page: Page, key: 'to' | 'from', guid: string) =>
    withViewer(
      page,
      (viewer, arg) => {
        const info = viewer.models().find((m) => m.key === arg.key)!;
        const row = info.metadata!.elements.globalId!.indexOf(arg.guid);
        return row < 0 ? -1 : info.offset + row;
      },
      { key, guid },
    );

  /** Frames the element from above, then the share of its projected pixels matching `match`. */
  async function pixelsOf(
    page: Page,
    id: number,
    match: (r: number, g: number, b: number) => boolean,
  ) {
    await withViewer(
      page,
      (viewer, target) => {
        viewer.navigation.setStandardView('top', false);
        viewer.navigation.fitElements([target], false);
        viewer.renderNow();
      },
      id,
    );
    const box = (await withViewer(page, (viewer, target) => viewer.boxOf([target]), id))!;
    const rect = await projectedRect(page, box[0] as Vec3, box[1] as Vec3, 0);
    const image = await shot(page);
    return share(image, rect, match);
  }

  it('shows the removed wall in red and the moved door in amber', async () => {
    const page = await openCompare('en');
    await expect(page.getByTestId('compare-count-removed').textContent()).resolves.toContain('1');
    await expect(page.getByTestId('compare-count-changed').textContent()).resolves.toContain('2');
    await expect(page.getByTestId('compare-count-added').textContent()).resolves.toContain('0');
    await page.screenshot({ path: await screenshotPath('compare-en') });

    const wall = await idOf(page, 'from', edits.removedWall);
    const door = await idOf(page, 'to', edits.movedDoor);
    expect(wall).toBeGreaterThanOrEqual(0);
    expect(door).toBeGreaterThanOrEqual(0);
    const red = await pixelsOf(page, wall, reddish);
    const doorAmber = await pixelsOf(page, door, amber);
    console.log(
      `removed wall: ${(red * 100).toFixed(1)} % red; moved door: ${(doorAmber * 100).toFixed(1)} % amber`,
    );
    expect(red).toBeGreaterThan(0.2);
    expect(doorAmber).toBeGreaterThan(0.2);
    // The door is no ghost and the wall no amber: the colours belong to their kinds.
    expect(await pixelsOf(page, wall, amber)).toBeLessThan(0.05);

    // The changed wall's property diff table.
    await page.getByRole('button', { name: /^Changed/ }).click();
    await page
      .getByTestId('compare-list-changed')
      .getByRole('button')
      .filter({ hasText: 'IfcWallStandardCase' })
      .first()
      .click();
    const table = page.getByTestId('property-diff');
    await expect(table.textContent()).resolves.toContain(edits.editedWall.to);
    await page.screenshot({ path: await screenshotPath('compare-property-en') });
  });

  it('speaks Chinese', async () => {
    const page = await openCompare('zh-CN');
    await expect(page.getByTestId('compare-count-removed').textContent()).resolves.toContain(
      '删除',
    );
    await page.screenshot({ path: await screenshotPath('compare-zh-CN') });
  });
  it('lets the user pick any two versions, not only the newest against the one before', async () => {
    // A newer version: the original file again, so version 1 against it shows no change.
    const auth = await login(server.url, email);
    await setProfileLanguage(server.url, auth, 'en');
    const list = await uploadVersion(
      server.url,
      auth.token,
      model,
      await readFile(ARCHITECTURAL),
      'Architectural.ifc',
    );
    const newest = list[0]!;
    expect(newest.status).toBe('ready');
    const n = newest.number;
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      locale: 'en',
      storageState: signedInState(server.url, auth),
    });
    await context.addCookies([{ name: 'locale', value: 'en', url: server.url }]);
    const page = await context.newPage();
    await page.goto(`/model/${model.id}/compare`);
    const ready = () =>
      page.waitForFunction(() => document.body.dataset.compareState === 'ready', null, {
        timeout: 120_000,
      });
    await ready();
    // By default the newest against the one before it.
    await page
      .getByRole('heading', { name: `Compare version ${n - 1} with version ${n}` })
      .waitFor();
    const from = page.getByRole('combobox', { name: 'Compare from' });
    const to = page.getByRole('combobox', { name: 'Compare to' });
    expect(await from.locator('option').allTextContents()).toEqual(
      Array.from({ length: n }, (_, i) => `Version ${n - i}`),
    );
    await page.screenshot({ path: await screenshotPath('compare-picker-default') });
    await from.selectOption({ label: 'Version 1' });
    await page.getByRole('heading', { name: `Compare version 1 with version ${n}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(v1.id);
    expect(new URL(page.url()).searchParams.get('to')).toBe(newest.id);
    await ready();
    // The same file: nothing removed, added or changed.
    for (const kind of ['removed', 'added', 'changed']) {
      await expect
        .poll(() => page.getByTestId(`compare-count-${kind}`).textContent(), { timeout: 60_000 })
        .toContain('0');
    }
    // Back to the first pair by the other select.
    await to.selectOption({ label: 'Version 2' });
    await page.getByRole('heading', { name: 'Compare version 1 with version 2' }).waitFor();
    await ready();
    await expect
      .poll(() => page.getByTestId('compare-count-removed').textContent(), { timeout: 60_000 })
      .toContain('1');
    await page.screenshot({ path: await screenshotPath('compare-picker-1-2') });
    await context.close();
  }, 600_000);
});
