import { describe, expect, it } from 'vitest';
import zh from '../../apps/web/src/locales/zh-CN.json';
import { screenshotPath } from './support/browser.ts';
import { HOUSE, modelPageSession, withViewer } from './support/model-page.ts';

/**
 * Find elements on the model page: a query for IfcDoor, run from the panel, isolates exactly the
 * house's doors in the viewer. The doors are read from the model's metadata (its type column),
 * not from the query's answer.
 */
const session = modelPageSession('quinn', { house: HOUSE });
const { openModel, metadataOf, models } = session;

describe('Find elements', () => {
  it('a query for IfcDoor lists the doors and isolates exactly them', async () => {
    const meta = await metadataOf(models.house);
    const doorTypes = ['IfcDoor', 'IfcDoorStandardCase'].map((type) => meta.strings.indexOf(type));
    const doors = meta.elements.type.flatMap((type, id) => (doorTypes.includes(type) ? [id] : []));
    expect(doors.length).toBeGreaterThan(0);

    const page = await openModel(models.house);
    await page.getByRole('button', { name: 'Find elements' }).click();
    const panel = page.getByRole('complementary', { name: 'Find elements' });
    // The panel opens with "Type is IfcDoor".
    await expect(panel.getByRole('textbox', { name: 'Value' }).inputValue()).resolves.toBe(
      'IfcDoor',
    );
    await panel.getByRole('button', { name: 'Find', exact: true }).click();
    const count = panel.getByTestId('query-count');
    await count.waitFor();
    expect(await count.textContent()).toContain(
      `${doors.length} element${doors.length === 1 ? '' : 's'} found`,
    );
    expect(await panel.getByTestId('query-element').count()).toBe(doors.length);

    await panel.getByRole('button', { name: 'Isolate' }).click();
    const isolated = await withViewer(page, (viewer) => viewer.visibility.getIsolated(), null);
    expect([...(isolated ?? [])].sort((a, b) => a - b)).toEqual(doors);
    const visible = await withViewer(
      page,
      (viewer, count) =>
        Array.from({ length: count }, (_, id) => id).filter((id) =>
          viewer.visibility.isVisible(id),
        ),
      meta.elements.count,
    );
    expect(visible).toEqual(doors);
    await page.screenshot({ path: await screenshotPath('element-query-isolated-en') });

    await panel.getByRole('button', { name: 'Show all' }).click();
    expect(await withViewer(page, (viewer) => viewer.visibility.getIsolated(), null)).toBeNull();
  });

  for (const locale of ['en', 'zh-CN'] as const) {
    it(`the panel opens below the header, beside the view, with room to scroll (${locale})`, async () => {
      const page = await openModel(models.house, locale);
      const title = locale === 'en' ? 'Find elements' : zh.elementQuery.title;
      await page.getByRole('button', { name: title }).click();
      const panel = page.getByRole('complementary', { name: title });
      // Its height follows its content, whose saved-queries part comes with its own request: on
      // a loaded machine the first measure could come before it (292 px, zh-CN, in a full run).
      await expect.poll(async () => (await panel.boundingBox())?.height ?? 0).toBeGreaterThan(300);
      const box = (await panel.boundingBox())!;
      const header = (await page.locator('header').first().boundingBox())!;
      // below the page header, not squeezed into the bottom toolbar's strip
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
      // the conditions and results scroll inside the panel: the panel itself never outgrows it
      const scroller = panel.locator('> div').first();
      const scrollerBox = (await scroller.boundingBox())!;
      expect(scrollerBox.y + scrollerBox.height).toBeLessThanOrEqual(box.y + box.height + 1);
      await page.screenshot({ path: await screenshotPath(`element-query-panel-${locale}`) });
    });
  }
});
