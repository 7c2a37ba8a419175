import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import {
  CUBE,
  HOUSE,
  modelPageSession,
  shot,
  standardView,
  withViewer,
  type TrussWindow,
} from './support/model-page.ts';
import { bluePixels, elementBottoms, modelRows, settle } from './support/papercuts.ts';
import { borderColor, decodePng, login } from './support/viewer.ts';

/**
 * What a new user tripped over in the viewer (issue 17, items 1–6), checked in Chromium on the
 * engine's pixels and the page's DOM: one server, one browser and one account for the file.
 */
const session = modelPageSession('paula', { house: HOUSE, cube: CUBE });
const { openModel, metadataOf, models } = session;

describe('viewer papercuts (issue 17)', () => {
  it('Section box alone shows the box around the model with its handles at once', async () => {
    const page = await openModel(models.house);
    await standardView(page, 'iso');
    const meta = await metadataOf(models.house);
    await page.getByRole('button', { name: 'Section', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Section box' }).click();
    const state = await withViewer(
      page,
      (viewer) => ({ box: viewer.section.get().box, tool: viewer.getTool() }),
      null,
    );
    // Around the whole model (nothing was selected).
    const [x0, y0, z0, x1, y1, z1] = meta.bbox!;
    expect(state.box).not.toBeNull();
    expect(state.box!.min.every((v, k) => v < [x0, y0, z0][k]!)).toBe(true);
    expect(state.box!.max.every((v, k) => v > [x1, y1, z1][k]!)).toBe(true);
    // The wireframe and the six face handles are drawn: blue pixels the model alone lacks.
    const withGizmos = await shot(page, { overlays: true });
    const modelOnly = await shot(page);
    const gizmoPixels = bluePixels(withGizmos) - bluePixels(modelOnly);
    console.log(`section box: tool ${state.tool}, ${gizmoPixels} gizmo pixels`);
    expect(gizmoPixels).toBeGreaterThan(300);
    await page.screenshot({ path: await screenshotPath('papercuts-section-box') });
    // Elements stay selectable while the handles show (a click near the view centre).
    const canvas = (await page.getByLabel('3D view of the model').boundingBox())!;
    const at = await withViewer(
      page,
      (viewer, size) => {
        for (let d = 0; d < 60; d += 4) {
          for (const [x, y] of [
            [size.width / 2 + d, size.height / 2],
            [size.width / 2 - d, size.height / 2],
          ] as const) {
            if (viewer.pick(x, y)) return { x, y };
          }
        }
        return null;
      },
      { width: canvas.width, height: canvas.height },
    );
    expect(at).not.toBeNull();
    await page.mouse.click(canvas.x + at!.x, canvas.y + at!.y);
    await expect
      .poll(() => withViewer(page, (viewer) => viewer.selection.get().length, null))
      .toBe(1);
    await withViewer(page, (viewer) => viewer.selection.clear(), null);
    // Choosing it again removes the box and puts the handles away.
    await page.getByRole('button', { name: 'Section', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Section box' }).click();
    const after = await withViewer(
      page,
      (viewer) => ({ box: viewer.section.get().box, tool: viewer.getTool() }),
      null,
    );
    expect(after).toEqual({ box: null, tool: 'select' });
  });

  it('Walk mode starts at eye height above a storey floor, looking level at the model, with a hint', async () => {
    const page = await openModel(models.house);
    await standardView(page, 'iso');
    const meta = await metadataOf(models.house);
    await page.getByRole('button', { name: 'Navigate', exact: true }).click();
    await page.getByRole('button', { name: 'Walk mode' }).click();
    await settle(page);
    const camera = await withViewer(page, (viewer) => viewer.getViewpoint().camera, null);
    const eye = camera.position[1];
    // Level: the target is at eye height.
    expect(Math.abs(camera.target[1] - eye)).toBeLessThan(1e-3);
    // 1.6 m above a floor that many elements stand on (walls, doors, furniture of a storey).
    const floor = eye - 1.6;
    const standing = elementBottoms(meta).filter((y) => Math.abs(y - floor) < 0.05).length;
    console.log(`walk: eye at ${eye.toFixed(2)} m, ${standing} elements stand on its floor`);
    expect(standing).toBeGreaterThanOrEqual(5);
    // Looking at the model: it covers the middle of the view, above and below the horizon.
    const image = await shot(page);
    const background = borderColor(image);
    const covered = (y0: number, y1: number) => {
      let n = 0;
      let total = 0;
      for (let y = Math.round(y0); y < Math.round(y1); y++) {
        for (let x = Math.round(image.width * 0.3); x < image.width * 0.7; x++) {
          const i = (y * image.width + x) * 4;
          total++;
          if (
            Math.abs(image.data[i]! - background[0]) > 12 ||
            Math.abs(image.data[i + 1]! - background[1]) > 12 ||
            Math.abs(image.data[i + 2]! - background[2]) > 12
          )
            n++;
        }
      }
      return n / total;
    };
    const h = image.height;
    expect(covered(h * 0.3, h * 0.5)).toBeGreaterThan(0.2);
    expect(covered(h * 0.5, h * 0.6)).toBeGreaterThan(0.2);
    // The hint of the keys, until dismissed.
    const hint = page.getByRole('status', { name: 'Walk mode:' });
    await expect.poll(() => hint.textContent()).toContain('W A S D');
    await page.screenshot({ path: await screenshotPath('papercuts-walk-start') });
    await page.getByRole('button', { name: 'Close the walk mode hint' }).click();
    await expect.poll(() => hint.count()).toBe(0);
  });

  it('Fit all frames the model in the part of the view the toolbar leaves free', async () => {
    const page = await openModel(models.cube);
    await withViewer(page, (viewer) => viewer.navigation.setViewCubeVisible(false), null);
    await page.getByRole('button', { name: 'Fit all' }).click();
    await settle(page);
    const image = await shot(page);
    const canvas = (await page.getByLabel('3D view of the model').boundingBox())!;
    const toolbar = (await page.getByRole('toolbar', { name: 'Viewer tools' }).boundingBox())!;
    const toolbarTop = toolbar.y - canvas.y;
    const { highest, lowest } = modelRows(image);
    console.log(
      `fit all: model rows ${highest}–${lowest}, toolbar from row ${toolbarTop.toFixed(0)} of ${image.height}`,
    );
    expect(lowest).toBeLessThan(toolbarTop);
    // Still framed (not just small): most of the free height is used.
    expect(lowest - highest).toBeGreaterThan(toolbarTop * 0.6);
  });

  it('the first fit of a freshly opened model (the early view) frames it above the toolbar too', async () => {
    // No click: the view as the page opens it. The early view draws it before the app (and its
    // toolbar) exist; once the page has measured what covers the view, the untouched first fit
    // frames the free part.
    const page = await openModel(models.cube);
    await withViewer(page, (viewer) => viewer.navigation.setViewCubeVisible(false), null);
    await settle(page);
    const image = await shot(page);
    const canvas = (await page.getByLabel('3D view of the model').boundingBox())!;
    const toolbar = (await page.getByRole('toolbar', { name: 'Viewer tools' }).boundingBox())!;
    const toolbarTop = toolbar.y - canvas.y;
    const { highest, lowest } = modelRows(image);
    console.log(
      `first fit: model rows ${highest}–${lowest}, toolbar from row ${toolbarTop.toFixed(0)} of ${image.height}`,
    );
    expect(lowest).toBeLessThan(toolbarTop);
    expect(lowest - highest).toBeGreaterThan(toolbarTop * 0.6);
    // The engine was given what the toolbar covers.
    const insets = await withViewer(page, (viewer) => viewer.navigation.getViewInsets(), null);
    expect(insets.bottom).toBeGreaterThan(canvas.height - toolbarTop - 1);
  });

  it('a screenshot is at full resolution while the renderer draws at a lowered pixel ratio', async () => {
    const page = await openModel(models.house);
    await standardView(page, 'iso');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    const canvas = (await page.getByLabel('3D view of the model').boundingBox())!;
    // Orbit with the mouse until the frame-rate guard lowers the resolution.
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await page.mouse.down();
    let result: { degraded: boolean; width: number; height: number; css: number[] } | null = null;
    for (let step = 1; step <= 40 && !result?.degraded; step++) {
      await page.mouse.move(
        canvas.x + canvas.width / 2 + (step % 2 ? 40 : -40),
        canvas.y + canvas.height / 2,
      );
      result = await page.evaluate(async () => {
        const viewer = (window as TrussWindow).__trussViewer!;
        const degraded = viewer.getStats().degraded;
        if (!degraded) return { degraded, width: 0, height: 0, css: [] };
        const blob = await viewer.screenshot();
        const bitmap = await createImageBitmap(blob);
        const element = document.querySelector('canvas[aria-label="3D view of the model"]')!;
        return {
          degraded,
          width: bitmap.width,
          height: bitmap.height,
          css: [element.clientWidth, element.clientHeight, devicePixelRatio],
        };
      });
    }
    await page.mouse.up();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    console.log(`screenshot while degraded: ${JSON.stringify(result)}`);
    expect(result?.degraded).toBe(true);
    const [width, height, ratio] = result!.css as [number, number, number];
    expect(result!.width).toBe(Math.round(width * Math.min(ratio, 2)));
    expect(result!.height).toBe(Math.round(height * Math.min(ratio, 2)));
  });
});

describe('screenshot sizes (issue 17)', () => {
  it('the toolbar exports a screenshot at a chosen size', async () => {
    const page = await openModel(models.cube);
    // The screenshot sizes sit in the toolbar's Inspect group.
    await page.getByRole('button', { name: 'Inspect and display', exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Screenshot 1920 × 1080' }).click();
    const file = await (await download).path();
    const image = decodePng(await readFile(file));
    console.log(`chosen-size screenshot: ${image.width} x ${image.height}`);
    expect([image.width, image.height]).toEqual([1920, 1080]);
    // The model is in it (not an empty frame).
    const background = borderColor(image);
    let covered = 0;
    for (let i = 0; i < image.data.length; i += 4 * 97) {
      if (Math.abs(image.data[i]! - background[0]) > 12) covered++;
    }
    expect(covered).toBeGreaterThan(100);
  });
});

describe('viewer papercuts on a phone (issue 17)', () => {
  const phone = { viewport: { width: 375, height: 740 }, hasTouch: true };

  it('at 375 px the toolbar is one row that fits, a tapped element opens its properties as a bottom sheet, the tree too', async () => {
    const page = await openModel(models.house, 'en', undefined, phone);
    const toolbar = page.getByRole('toolbar', { name: 'Viewer tools' });
    const row = await toolbar.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      width: element.getBoundingClientRect().width,
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    console.log(`phone toolbar: ${JSON.stringify(row)}`);
    expect(row.height).toBeLessThan(50);
    expect(row.width).toBeLessThanOrEqual(375);
    // Issue 35 item 4: no tool behind a sideways swipe; the rest is in the More menu.
    expect(row.scrollWidth).toBeLessThanOrEqual(row.clientWidth);
    for (const name of ['Model tree', 'Properties', 'Issues & comments', 'More tools']) {
      const button = (await toolbar.getByRole('button', { name }).boundingBox())!;
      expect(button.x).toBeGreaterThanOrEqual(0);
      expect(button.x + button.width).toBeLessThanOrEqual(375);
    }
    await page.screenshot({ path: await screenshotPath('papercuts-phone-toolbar') });
    await toolbar.getByRole('button', { name: 'More tools' }).click();
    const more = page.getByRole('menu');
    await more.getByRole('menuitemcheckbox', { name: 'X-ray' }).waitFor();
    await page.screenshot({ path: await screenshotPath('papercuts-phone-more-menu') });
    await more.getByRole('menuitemcheckbox', { name: 'X-ray' }).click();
    await expect
      .poll(() => withViewer(page, (viewer) => viewer.visibility.getXray(), null))
      .toBe(true);
    await expect.poll(() => page.getByRole('complementary').count()).toBe(0);

    // Tap the model where it is (a point of it above the toolbar).
    const canvas = (await page.getByLabel('3D view of the model').boundingBox())!;
    const at = await withViewer(
      page,
      (viewer, size) => {
        for (let y = size.height * 0.3; y < size.height * 0.7; y += 10) {
          for (let x = size.width * 0.3; x < size.width * 0.7; x += 10) {
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
    const selected = await withViewer(page, (viewer) => viewer.selection.get(), null);
    expect(selected).toHaveLength(1);
    const box = (await sheet.boundingBox())!;
    console.log(`properties sheet: ${JSON.stringify(box)}`);
    // A bottom sheet: full width, at the bottom, leaving the upper part of the view visible.
    expect(box.width).toBe(375);
    expect(Math.abs(box.y + box.height - 740)).toBeLessThan(2);
    expect(box.y).toBeGreaterThan(740 * 0.3);
    await expect
      .poll(() => sheet.getByText('GlobalId', { exact: true }).count())
      .toBeGreaterThan(0);
    await page.screenshot({ path: await screenshotPath('papercuts-phone-properties') });

    // The tree is a bottom sheet too, reached from the toolbar's row.
    await sheet.getByRole('button', { name: 'Close Properties' }).click();
    await page.getByRole('button', { name: 'Model tree' }).click();
    const tree = page.getByRole('complementary', { name: 'Model tree' });
    const treeBox = (await tree.boundingBox())!;
    expect(treeBox.width).toBe(375);
    expect(Math.abs(treeBox.y + treeBox.height - 740)).toBeLessThan(2);
  });
});

describe('saved views (issue 17)', () => {
  it('a member saves, lists with a thumbnail, renames and deletes views; a view link opens it, for share visitors too', async () => {
    const page = await openModel(models.house);
    await standardView(page, 'top');
    const saved = await withViewer(page, (viewer) => viewer.getViewpoint().camera, null);
    const toolbar = page.getByRole('toolbar', { name: 'Viewer tools' });
    await toolbar.getByRole('button', { name: 'Saved views' }).click();
    const dialog = page.getByRole('dialog', { name: 'Saved views' });
    await dialog.getByText('No saved views yet.').waitFor();
    await dialog.getByRole('textbox', { name: 'Name of the view' }).fill('Roof from above');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    const item = dialog.locator('li').filter({ hasText: 'Roof from above' });
    await item.waitFor();
    // The thumbnail is a picture of the view (a 320 x 200 JPEG, not blank).
    const thumb = await item.locator('img').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 16) colours.add((data[i]! << 16) | (data[i + 1]! << 8));
      return { width: img.naturalWidth, height: img.naturalHeight, colours: colours.size };
    });
    expect(thumb.width).toBe(320);
    expect(thumb.height).toBe(200);
    expect(thumb.colours).toBeGreaterThan(20);
    await page.screenshot({ path: await screenshotPath('papercuts-saved-views') });

    // Rename it.
    await item.getByRole('button', { name: 'Rename Roof from above' }).click();
    await dialog.getByRole('textbox', { name: 'Name of the view' }).last().fill('Roof plan');
    await dialog.getByRole('button', { name: 'Save the name' }).click();
    await dialog.locator('li').filter({ hasText: 'Roof plan' }).waitFor();

    // The stored list (what every project member gets).
    const auth = await login(session.server.url, session.email);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${session.server.url}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${auth.token}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    const views = (await (await api(`/api/models/${models.house.id}/views`)).json()) as Array<{
      id: string;
      name: string;
    }>;
    expect(views.map((v) => v.name)).toEqual(['Roof plan']);
    const viewId = views[0]!.id;

    // Its link opens the view on a fresh page (away from the default iso start).
    const near = (a: number[], b: number[]) => Math.hypot(...a.map((v, k) => v - b[k]!)) < 0.01;
    const linked = await page.context().newPage();
    await linked.goto(`/model/${models.house.id}?view=${viewId}`);
    await linked.waitForFunction(() => document.body.dataset.viewerState === 'loaded');
    await expect
      .poll(() => withViewer(linked, (viewer) => viewer.getViewpoint().camera.position, null))
      .toSatisfy((position: number[]) => near(position, saved.position));

    // A share visitor (signed out) sees the view and its link opens it.
    const share = (await (
      await api('/api/shares', {
        method: 'POST',
        body: JSON.stringify({ modelId: models.house.id, type: 'public', expiration: '7d' }),
      })
    ).json()) as { token: string };
    const visitorContext = await session.browser().newContext({
      baseURL: session.server.url,
      viewport: { width: 1280, height: 800 },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/share/${share.token}?view=${viewId}`);
    await visitor.waitForFunction(() => document.body.dataset.viewerState === 'loaded');
    await expect
      .poll(() => withViewer(visitor, (viewer) => viewer.getViewpoint().camera.position, null))
      .toSatisfy((position: number[]) => near(position, saved.position));
    await visitor.getByRole('button', { name: 'Saved views' }).click();
    const visitorDialog = visitor.getByRole('dialog', { name: 'Saved views' });
    await visitorDialog.locator('li').filter({ hasText: 'Roof plan' }).waitFor();
    // Read only: no name field, no rename or delete.
    expect(await visitorDialog.getByRole('textbox').count()).toBe(0);
    expect(await visitorDialog.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await visitorContext.close();

    // Delete it, after confirming.
    await dialog.getByRole('button', { name: 'Delete Roof plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Roof plan”?' });
    await confirm.getByRole('button', { name: 'Delete view' }).click();
    await dialog.getByText('No saved views yet.').waitFor();
  });
});
