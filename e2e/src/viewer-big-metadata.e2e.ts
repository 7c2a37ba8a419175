import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { houseIfc } from '@truss/converter/testing/house-ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import {
  elementsOfType,
  modelPageSession,
  withViewer,
  type ModelMeta,
} from './support/model-page.ts';

/** The fields of the metadata this test reads besides ModelMeta's. */
type Meta = ModelMeta & { elements: { globalId: string[] } };

/**
 * A model whose metadata is big (more than the 2 MiB from which the model page parses it in a
 * worker, json-off-thread.ts): the tree, the properties of an element (parsed at their first
 * read), the search by GlobalId and colour by a property work as they do when it is parsed on
 * the page.
 */
const folder = mkdtempSync(join(tmpdir(), 'truss-big-metadata-'));
const FILE = join(folder, 'tall-house.ifc');

beforeAll(() => {
  // About 50 elements per storey and 115 bytes of metadata each: about 2.7 MB.
  writeFileSync(FILE, houseIfc({ storeys: 480 }));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const session = modelPageSession('mila', { tall: FILE });
const { openModel, metadataOf, models } = session;

describe('viewer: a model with big metadata', () => {
  it('parses it in a worker, and the tree, properties, search and colour-by work', async () => {
    const meta = (await metadataOf(models.tall)) as Meta;
    const bytes = JSON.stringify(meta).length;
    expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
    const page = await openModel(models.tall);
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('truss:json-worker').length))
      .toBe(1);

    const tree = page.getByRole('complementary', { name: 'Model tree' });
    await tree.getByRole('treeitem').first().waitFor();

    // An element's property sets: read from the property table at its first use.
    const [wall] = elementsOfType(meta, 'IfcWall');
    expect(wall).toBeDefined();
    await withViewer(page, (viewer, id) => viewer.selection.set([id]), wall!);
    const panel = page.getByRole('complementary', { name: 'Properties' });
    await panel.getByText('GlobalId').first().waitFor();
    await panel.getByText('PredefinedType').first().waitFor();
    await panel.getByText(meta.elements.globalId[wall!]!).first().waitFor();

    // Search by GlobalId (the column parsed at the first search): a wall of the top floor, in
    // a part of the tree that is closed.
    const target = elementsOfType(meta, 'IfcWall').at(-1)!;
    await tree.getByRole('searchbox').fill(meta.elements.globalId[target]!);
    await expect
      .poll(() => tree.locator(`[data-element-id="${target}"]`).count())
      .toBeGreaterThan(0);

    // Colour by a property of the wall (the property table for every element).
    const byProperty = panel.getByRole('button', { name: /^Colour the model by / }).nth(1);
    const name = (await byProperty.getAttribute('aria-label'))!.replace('Colour the model by ', '');
    await byProperty.click();
    await page.getByText(`Colour by ${name}`, { exact: true }).waitFor();
    await page.screenshot({ path: await screenshotPath('viewer-big-metadata-en') });
  });

  it('shows an element of it in Chinese (properties parsed at their first read)', async () => {
    const meta = (await metadataOf(models.tall)) as Meta;
    const page = await openModel(models.tall, 'zh-CN');
    const [wall] = elementsOfType(meta, 'IfcWall');
    await withViewer(page, (viewer, id) => viewer.selection.set([id]), wall!);
    const panel = page.getByRole('complementary').last();
    await panel.getByText('PredefinedType').first().waitFor();
    await panel.getByText(meta.elements.globalId[wall!]!).first().waitFor();
    await page.screenshot({ path: await screenshotPath('viewer-big-metadata-zh-CN') });
  });
});
