import type { Vec3 } from '@truss/viewer';
import { describe, expect, it } from 'vitest';
import { createAccount } from './support/accounts.ts';
import { screenshotPath } from './support/browser.ts';
import {
  elementBox,
  elementsOfType,
  HOUSE,
  modelPageSession,
  shot,
  standardView,
  unionBox,
  withViewer,
} from './support/model-page.ts';
import { convertFile, firstProjectId } from './support/viewer.ts';

/**
 * The model page's panels beside the 3D view (see viewer-render.e2e.ts): colour by a property
 * from the properties panel, and the tree and the properties of a clicked element, in English and
 * Chinese (screenshots).
 */
const session = modelPageSession('vera', { house: HOUSE });
const { openModel, metadataOf, models } = session;

describe('viewer: pixels of the model page', () => {
  it('colours the model by a property chosen in the properties panel, with a legend', async () => {
    const page = await openModel(models.house);
    await standardView(page, 'iso');
    const plain = await shot(page);
    const [wall] = elementsOfType(await metadataOf(models.house), 'IfcWallStandardCase');
    expect(wall).toBeDefined();
    await withViewer(page, (viewer, id) => viewer.selection.set([id]), wall!);
    const panel = page.getByRole('complementary', { name: 'Properties' });
    // The first row's button colours by type; the next ones by the wall's properties.
    const byProperty = panel.getByRole('button', { name: /^Colour the model by / }).nth(1);
    const label = (await byProperty.getAttribute('aria-label'))!;
    const name = label.replace('Colour the model by ', '');
    await byProperty.click();
    const legend = page.getByText(`Colour by ${name}`, { exact: true });
    await legend.waitFor();
    const counts = await page
      .locator('ul li span.tabular-nums')
      .evaluateAll((spans) => spans.map((s) => Number(s.textContent)));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((n) => n > 0)).toBe(true);
    await withViewer(page, (viewer) => viewer.selection.clear(), null);
    await standardView(page, 'iso');
    const colored = await shot(page);
    let changed = 0;
    for (let i = 0; i < plain.data.length; i += 4) {
      if (
        Math.abs(plain.data[i]! - colored.data[i]!) +
          Math.abs(plain.data[i + 1]! - colored.data[i + 1]!) >
        30
      )
        changed++;
    }
    console.log(
      `colour by ${name}: ${counts.length} values, ${((changed / (plain.data.length / 4)) * 100).toFixed(1)} % of pixels changed`,
    );
    expect(changed / (plain.data.length / 4)).toBeGreaterThan(0.02);
    await page.screenshot({ path: await screenshotPath('viewer-color-by-property') });
    // Closing the legend puts the model's own colours back.
    await page.getByRole('button', { name: 'Turn off colours' }).click();
    await legend.waitFor({ state: 'detached' });
  });
});

describe('viewer: the model page with tree, properties and a section (screenshots)', () => {
  it('shows the tree, the properties of a clicked element and a section, in English and Chinese', async () => {
    const zhEmail = `wei-${Date.now()}@example.com`;
    const zhAuth = await createAccount(session.server.url, zhEmail, 'zh-CN');
    const zhHouse = await convertFile(
      session.server.url,
      zhAuth.token,
      await firstProjectId(session.server.url, zhAuth.token),
      HOUSE,
    );
    for (const [locale, model, user] of [
      ['en', models.house, session.email],
      ['zh-CN', zhHouse, zhEmail],
    ] as const) {
      const page = await openModel(model, locale, user);
      await standardView(page, 'iso');
      const tree = page.getByRole('complementary').first();
      const properties = page.getByRole('complementary').last();
      await tree.getByRole('treeitem').first().waitFor();
      // Cut the house at 40 % of its walls' height and look at the walls.
      const meta = await metadataOf(model);
      const walls = elementsOfType(meta, 'IfcWallStandardCase');
      const [min, max] = unionBox(meta, walls);
      await withViewer(
        page,
        (viewer, arg) => {
          viewer.section.addPlane(arg.point, [0, -1, 0]);
          viewer.navigation.fitElements(arg.walls, false);
          viewer.renderNow();
        },
        {
          walls,
          point: [
            (min[0] + max[0]) / 2,
            min[1] + (max[1] - min[1]) * 0.4,
            (min[2] + max[2]) / 2,
          ] as Vec3,
        },
      );
      // A real click on a wall selects it: its properties show. The wall is found by picking
      // at the projection of each wall's centre until the pick returns that wall.
      const target = await withViewer(
        page,
        (viewer, list) => {
          for (const wall of list) {
            const at = viewer.project(wall.centre);
            if (at && viewer.pick(at.x, at.y)?.elementId === wall.id) return { ...at, id: wall.id };
          }
          return null;
        },
        walls.map((id) => {
          const [a, b] = elementBox(meta, id);
          return {
            id,
            centre: [(a[0] + b[0]) / 2, a[1] + (b[1] - a[1]) * 0.2, (a[2] + b[2]) / 2] as Vec3,
          };
        }),
      );
      expect(target).not.toBeNull();
      const box = (await page.locator('canvas').first().boundingBox())!;
      await page.mouse.click(box.x + target!.x, box.y + target!.y);
      await expect
        .poll(() => withViewer(page, (viewer) => viewer.selection.get(), null))
        .toEqual([target!.id]);
      await expect.poll(() => properties.getByText('GlobalId').count()).toBeGreaterThan(0);
      await page.waitForTimeout(300);
      await page.screenshot({ path: await screenshotPath(`viewer-model-page-${locale}`) });
      if (locale === 'zh-CN') {
        // Colour by type from the panel, in Chinese: the row's button and the legend's title.
        await properties.getByRole('button', { name: '按“类型”为模型着色' }).click();
        await page.getByText('按类型着色', { exact: true }).waitFor();
        await page.screenshot({ path: await screenshotPath('viewer-color-by-type-zh-CN') });
      }
    }
    // A second account, a conversion and two pages: more than the default test time when loaded.
  }, 180_000);
});
