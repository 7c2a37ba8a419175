import { fileURLToPath } from 'node:url';
import type { LoadedModelInfo } from '@truss/viewer';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import { modelPageSession, shot, standardView, withViewer } from './support/model-page.ts';
import { borderColor, coveredFraction, waitForViewerLoaded } from './support/viewer.ts';

/**
 * Several models in one view (issue 18, federation): the engine's addModel on a model page, and
 * the federated page /project/{id}/view?models=... with buildingSMART's Architectural and MEP
 * sample models (../shared/bcf/ifc), checked on their pixels in Chromium.
 */
const bcfIfc = fileURLToPath(new URL('../../../shared/bcf/ifc/', import.meta.url));
const session = modelPageSession('fede', {
  arch: `${bcfIfc}Architectural.ifc`,
  mep: `${bcfIfc}MEP.ifc`,
});
const { openModel, models } = session;

type Info = Omit<LoadedModelInfo, 'metadata'> & { origin: number[] | null };
/** Per-model draw call budget: its materials + 10 (the viewer bench's rule), summed. */
const budget = (infos: Info[]) => infos.reduce((n, info) => n + info.materialCount + 10, 0);

const inside = (inner: number[][], outer: number[][], slack: number) =>
  [0, 1, 2].every(
    (k) => inner[0]![k]! >= outer[0]![k]! - slack && inner[1]![k]! <= outer[1]![k]! + slack,
  );

describe('federation: several models in one view', () => {
  it('the engine adds a model beside the open one: ids after its ids, aligned, within budget', async () => {
    const page = await openModel(models.arch);
    const infos = await withViewer(
      page,
      async (viewer, source) => {
        await viewer.addModel(source, { key: 'mep' });
        return viewer
          .models()
          .map(({ metadata, ...rest }) => ({ ...rest, origin: metadata?.origin ?? null }));
      },
      { glb: models.mep.viewable_url!, metadata: models.mep.metadata_url! },
    );
    const [arch, mep] = infos as [Info, Info];
    console.log('models', JSON.stringify(infos));
    expect(infos.map((i) => i.key)).toEqual(['default', 'mep']);
    expect(arch.offset).toBe(0);
    expect(mep.offset).toBe(arch.idCount);
    expect(mep.idCount).toBe(mep.elementCount);
    // The MEP model sits in the building (both from one IFC project's coordinates).
    expect(inside(mep.bbox, arch.bbox, 1)).toBe(true);

    const owner = await withViewer(
      page,
      (viewer, id) => {
        const found = viewer.modelOf(id);
        return found ? { key: found.model.key, row: found.row } : null;
      },
      mep.offset + 3,
    );
    expect(owner).toEqual({ key: 'mep', row: 3 });
    const drawCalls = await withViewer(page, (viewer) => viewer.renderNow().drawCalls, null);
    console.log(`draw calls ${drawCalls}, budget ${budget(infos)}`);
    expect(drawCalls).toBeLessThanOrEqual(budget(infos));

    // Removing the MEP model leaves the architecture as it was.
    const left = await withViewer(
      page,
      (viewer) => {
        viewer.removeModel('mep');
        return viewer.models().map((m) => m.key);
      },
      null,
    );
    expect(left).toEqual(['default']);
  });

  // English here; federation-topics.e2e.ts opens the same page in both languages.
  for (const locale of ['en'] as const) {
    it(`the federated page shows Architectural and MEP together, pixels from each (${locale})`, async () => {
      const first = await openModel(models.arch, locale);
      const page = await first.context().newPage();
      // The page's own errors, in the test output when it fails.
      page.on('pageerror', (error) => console.log(`page error: ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') console.log(`console error: ${message.text()}`);
      });
      await first.close();
      await page.goto(
        `/project/${models.arch.project_id}/view?models=${models.arch.id},${models.mep.id}`,
      );
      await waitForViewerLoaded(page);
      expect(await page.evaluate(() => document.body.dataset.viewerState)).toBe('loaded');
      const infos = await withViewer(
        page,
        (viewer) => {
          return viewer
            .models()
            .map(({ metadata, ...rest }) => ({ ...rest, origin: metadata?.origin ?? null }));
        },
        null,
      );
      expect(infos.map((i) => i.key)).toEqual([models.arch.id, models.mep.id]);
      const [arch, mep] = infos as [Info, Info];
      expect(inside(mep.bbox, arch.bbox, 1)).toBe(true);
      // The view takes the window below the header, as on the model page.
      const canvas = (await page.locator('canvas').first().boundingBox())!;
      expect(canvas.y + canvas.height).toBeGreaterThan(790);
      await page.screenshot({ path: await screenshotPath(`federation-${locale}`) });

      // Each model alone (the other hidden from the model list) draws pixels of its own.
      const coverage = async () => {
        await standardView(page, 'iso');
        const image = await shot(page);
        return coveredFraction(image, borderColor(image));
      };
      const hideArch = locale === 'en' ? 'Hide Architectural' : '隐藏 Architectural';
      const showArch = locale === 'en' ? 'Show Architectural' : '显示 Architectural';
      const hideMep = locale === 'en' ? 'Hide MEP' : '隐藏 MEP';
      const both = await coverage();
      await page.getByRole('button', { name: hideArch }).click();
      const mepOnly = await coverage();
      await page.getByRole('button', { name: showArch }).click();
      await page.getByRole('button', { name: hideMep }).click();
      const archOnly = await coverage();
      console.log(
        `${locale}: covered both ${(both * 100).toFixed(1)} %, MEP alone ${(mepOnly * 100).toFixed(1)} %, Architectural alone ${(archOnly * 100).toFixed(1)} %`,
      );
      expect(mepOnly).toBeGreaterThan(0.01);
      expect(archOnly).toBeGreaterThan(0.01);
      expect(both).toBeGreaterThan(0.01);

      const drawCalls = await withViewer(page, (viewer) => viewer.renderNow().drawCalls, null);
      expect(drawCalls).toBeLessThanOrEqual(budget(infos));

      // One tree per model: the MEP tab's tree selects MEP elements (global ids in its range).
      await page.getByRole('tab', { name: 'MEP' }).click();
      const tree = page.getByRole('tree');
      await tree.getByRole('treeitem').first().click();
      const selection = await withViewer(page, (viewer) => viewer.selection.get(), null);
      expect(selection.length).toBeGreaterThan(0);
      for (const id of selection) {
        expect(id).toBeGreaterThanOrEqual(mep.offset);
        expect(id).toBeLessThan(mep.offset + mep.idCount);
      }
      await page.screenshot({ path: await screenshotPath(`federation-tree-${locale}`) });
      await page.close();
    });
  }

  it('the federated page on a phone: bottom sheets, the walk hint and the screen-reader announcer', async () => {
    const phone = { viewport: { width: 375, height: 740 }, hasTouch: true };
    const first = await openModel(models.arch, 'en', undefined, phone);
    const page = await first.context().newPage();
    await first.close();
    await page.goto(
      `/project/${models.arch.project_id}/view?models=${models.arch.id},${models.mep.id}`,
    );
    await waitForViewerLoaded(page);
    // The toolbar is one row that fits; no panel covers the view at first.
    const toolbar = page.getByRole('toolbar', { name: 'Viewer tools' });
    const row = (await toolbar.boundingBox())!;
    expect(row.height).toBeLessThan(50);
    expect(row.width).toBeLessThanOrEqual(375);
    await expect.poll(() => page.getByRole('complementary').count()).toBe(0);

    // The models' tree is a bottom sheet, reached from the toolbar's row.
    await page.getByRole('button', { name: 'Model tree' }).click();
    const sheetOfModels = page.getByRole('complementary', { name: 'Models' });
    const treeBox = (await sheetOfModels.boundingBox())!;
    expect(treeBox.width).toBe(375);
    expect(Math.abs(treeBox.y + treeBox.height - 740)).toBeLessThan(2);
    expect(treeBox.y).toBeGreaterThan(740 * 0.3);
    await expect.poll(() => sheetOfModels.getByRole('tab').count()).toBe(2);
    await page.screenshot({ path: await screenshotPath('federation-phone-tree') });
    await sheetOfModels.getByRole('button', { name: 'Close Models' }).click();

    // A tapped element opens its properties as a bottom sheet, naming its model; the announcer
    // says what the tap selected.
    const canvas = (await page.getByLabel('3D view of the models').boundingBox())!;
    const at = await withViewer(
      page,
      (viewer, size) => {
        for (let y = size.height * 0.2; y < size.height * 0.7; y += 8) {
          for (let x = size.width * 0.2; x < size.width * 0.8; x += 8) {
            if (viewer.pick(x, y)) return { x, y };
          }
        }
        return null;
      },
      { width: canvas.width, height: canvas.height },
    );
    expect(at).not.toBeNull();
    await page.touchscreen.tap(canvas.x + at!.x, canvas.y + at!.y);
    const sheet = page.getByRole('complementary', { name: 'Properties' });
    await sheet.waitFor();
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.width).toBe(375);
    expect(Math.abs(sheetBox.y + sheetBox.height - 740)).toBeLessThan(2);
    await expect.poll(() => sheet.textContent()).toMatch(/In (Architectural|MEP)/);
    const announcer = page.locator('[role="status"][aria-live="polite"]');
    await expect.poll(() => announcer.textContent()).toBe('1 element selected');
    await sheet.getByRole('button', { name: 'Close Properties' }).click();

    // Walk mode (in the phone toolbar's "More tools" menu): the hint of the keys, and the
    // announcer says it is on.
    await toolbar.getByRole('button', { name: 'More tools' }).click();
    await page.getByRole('menu').getByRole('menuitemcheckbox', { name: 'Walk mode' }).click();
    const hint = page.getByRole('status', { name: 'Walk mode:' });
    await expect.poll(() => hint.textContent()).toContain('W A S D');
    await expect.poll(() => announcer.textContent()).toBe('Walk mode on');
    await page.screenshot({ path: await screenshotPath('federation-phone-walk') });
    await page.getByRole('button', { name: 'Close the walk mode hint' }).click();
    await expect.poll(() => hint.count()).toBe(0);
    await page.close();
  });
});
