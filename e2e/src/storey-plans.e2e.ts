import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sheet, StoreyPlan } from '@truss/contracts';
import type { VectorSheet } from '@truss/viewable';
import type { SheetViewer } from '@truss/viewer/sheet';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import { modelPageSession, withViewer } from './support/model-page.ts';
import { readFile } from 'node:fs/promises';
import { decodePng, login, uploadVersion, waitForViewerLoaded } from './support/viewer.ts';

/**
 * IFC storey plans in the 3D view, through the real path: Duplex uploaded and converted (one
 * plan per storey), opened on the model page in en and zh-CN. The minimap shows the storey the
 * camera is on, its dot and cone follow the camera, a click on a wall in the plan selects that
 * wall in 3D and a 3D selection is drawn blue on the plan.
 */
type SheetWindow = Window & { __trussSheet?: SheetViewer };

const samples = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
/** The margin the plan is fitted in on the minimap's canvas, CSS pixels (PlanMinimap). */
const MARGIN = 8;

describe('storey plans: the minimap in the 3D view', () => {
  const session = modelPageSession('plans', {
    duplex: path.join(samples, 'ifc/duplex.ifc'),
    versioned: path.join(samples, 'ifc/duplex.ifc'),
  });

  async function api<T>(url: string): Promise<T> {
    const auth = await login(session.server.url, session.email);
    const response = await fetch(`${session.server.url}${url}`, {
      headers: { authorization: `Bearer ${auth.token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  const minimap = (page: Page) => page.locator('[data-plan-minimap]');
  const marker = async (page: Page) =>
    (await minimap(page).getAttribute('data-marker'))!.split(',').map(Number) as [number, number];

  /** Camera at eye height `y`, at (x, z), looking towards (tx, tz). */
  const look = (page: Page, at: [number, number, number], to: [number, number, number]) =>
    withViewer(
      page,
      (viewer, { at, to }) => {
        const viewpoint = viewer.getViewpoint();
        viewer.setViewpoint(
          { ...viewpoint, camera: { ...viewpoint.camera, position: at, target: to } },
          { animate: false },
        );
      },
      { at, to },
    );

  /** Plan point -> a canvas's CSS pixels (fitSheet of @truss/viewable, margin 8). */
  function toCanvas(
    canvas: { width: number; height: number },
    bounds: VectorSheet['bounds'],
    x: number,
    y: number,
  ): [number, number] {
    const w = bounds[2] - bounds[0];
    const h = bounds[3] - bounds[1];
    const scale = Math.min((canvas.width - 2 * MARGIN) / w, (canvas.height - 2 * MARGIN) / h);
    const ox = (canvas.width - w * scale) / 2 - bounds[0] * scale;
    const oy = (canvas.height + h * scale) / 2 + bounds[1] * scale;
    return [ox + x * scale, oy - y * scale];
  }

  it.each([
    ['en', 'Storey minimap', 'Storey shown in the minimap'],
    ['zh-CN', '楼层小地图', '小地图显示的楼层'],
  ] as const)('follows the camera and selects both ways (%s)', async (locale, label, select) => {
    const model = session.models.duplex;
    const plans = await api<StoreyPlan[]>(`/api/models/${model.id}/plans`);
    expect(plans.map((p) => p.name)).toEqual(['T/FDN', 'Level 1', 'Level 2', 'Roof']);
    const sheets = await api<Sheet[]>(`/api/models/${model.id}/sheets`);
    const level1 = sheets.find((s) => s.name === 'Level 1')!;
    const level2 = sheets.find((s) => s.name === 'Level 2')!;

    const page = await session.openModel(model, locale);
    // The minimap is asked for from the toolbar's Navigate group.
    await page
      .getByRole('button', { name: locale === 'en' ? 'Navigate' : '导航', exact: true })
      .click();
    await page.getByRole('button', { name: label, exact: true }).click();
    const map = page.getByRole('region', { name: label });
    await map.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('combobox', { name: select }).count()).toBe(1);

    // Standing on level 1 at (2, 3) looking along +z (down the plan), then at (7, 14).
    await look(page, [2, 1.6, 3], [2, 1.6, 10]);
    await expect.poll(() => minimap(page).getAttribute('data-storey')).toBe(level1.id);
    await expect.poll(async () => (await marker(page))[0]).toBeGreaterThan(0);
    const first = await marker(page);
    await page.screenshot({ path: await screenshotPath(`storey-plans-minimap-${locale}`) });
    await look(page, [7, 1.6, 14], [7, 1.6, 5]);
    await expect.poll(async () => (await marker(page))[0]).toBeGreaterThan(first[0] + 20);
    const second = await marker(page);
    // Further along +z is further down the plan.
    expect(second[1]).toBeGreaterThan(first[1] + 50);
    // Up on level 2 the minimap switches storey.
    await look(page, [7, 4.7, 14], [7, 4.7, 5]);
    await expect.poll(() => minimap(page).getAttribute('data-storey')).toBe(level2.id);
    await look(page, [2, 1.6, 3], [2, 1.6, 10]);
    await expect.poll(() => minimap(page).getAttribute('data-storey')).toBe(level1.id);

    // A click on a cut wall of the plan selects that wall in 3D.
    const plan = (await (
      await fetch(`${session.server.url}${level1.content_url}`)
    ).json()) as VectorSheet;
    const wallLayer = level1.layers.findIndex((l) => l.name === 'IfcWallStandardCase');
    const wall = plan.paths
      .filter((p) => p.layer === wallLayer && p.closed && p.fill && p.points.length === 8)
      .map((p) => {
        const xs = p.points.filter((_, i) => i % 2 === 0);
        const ys = p.points.filter((_, i) => i % 2 === 1);
        const size = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
        return {
          p,
          size,
          x: (Math.min(...xs) + Math.max(...xs)) / 2,
          y: (Math.min(...ys) + Math.max(...ys)) / 2,
        };
      })
      .sort((a, b) => b.size - a.size)[0]!;
    const canvas = map.locator('canvas');
    const box = (await canvas.boundingBox())!;
    // A tall plan gets a tall minimap.
    expect(box.height).toBeGreaterThan(box.width);
    const [cx, cy] = toCanvas(box, plan.bounds, wall.x, wall.y);
    await page.mouse.click(box.x + cx, box.y + cy);
    await expect
      .poll(() => withViewer(page, (viewer) => viewer.selection.get(), null))
      .toEqual([wall.p.element]);
    await expect
      .poll(() => minimap(page).getAttribute('data-selected'))
      .toBe(String(wall.p.element));

    // Selected in 3D: drawn blue on the plan.
    const door = plan.paths.find((p) => level1.layers[p.layer]!.name === 'IfcDoor')!.element!;
    await withViewer(page, (viewer, id) => viewer.selection.set([id]), door);
    await expect.poll(() => minimap(page).getAttribute('data-selected')).toBe(String(door));
    const png = decodePng(
      Buffer.from(
        (await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())).replace(
          /^data:image\/png;base64,/,
          '',
        ),
        'base64',
      ),
    );
    let blue = 0;
    for (let i = 0; i < png.data.length; i += 4)
      if (png.data[i]! < 70 && Math.abs(png.data[i + 1]! - 0x63) < 40 && png.data[i + 2]! > 200)
        blue++;
    expect(blue).toBeGreaterThan(10);
    await page.screenshot({ path: await screenshotPath(`storey-plans-selected-${locale}`) });

    // The plans in the sheet view beside the 3D view, from the toolbar's Navigate group.
    await page
      .getByRole('button', { name: locale === 'en' ? 'Navigate' : '导航', exact: true })
      .click();
    await page
      .getByRole('button', {
        name: locale === 'en' ? 'Storey plans beside the 3D view' : '在三维视图旁显示楼层平面图',
      })
      .click();
    await page.waitForFunction(() => document.body.dataset.sheetState === 'loaded', null, {
      timeout: 60_000,
    });
    // It opens on the minimap's storey.
    await expect
      .poll(() => page.locator('[aria-current="true"]').textContent())
      .toContain('Level 1');
    await page.evaluate(() => (window as SheetWindow).__trussSheet!.whenSharp());
    await page.screenshot({ path: await screenshotPath(`storey-plans-beside-${locale}`) });
    // A click on the wall in the sheet view selects it in 3D too.
    await withViewer(page, (viewer) => viewer.selection.clear(), null);
    const [sx, sy] = await page.evaluate(
      ({ x, y }) => {
        const sheet = (window as SheetWindow).__trussSheet!;
        const view = sheet.view();
        const rect = sheet.canvas.getBoundingClientRect();
        return [rect.left + view.x + x * view.scale, rect.top + view.y - y * view.scale];
      },
      { x: wall.x, y: wall.y },
    );
    await page.mouse.click(sx!, sy!);
    await expect
      .poll(() => withViewer(page, (viewer) => viewer.selection.get(), null))
      .toEqual([wall.p.element]);
    await page.context().close();
  });

  it("shows an older version's own plans, not the current version's", async () => {
    // Version 2 of a Duplex model is example.ifc (2 storeys); version 1 keeps Duplex's 4.
    const model = session.models.versioned;
    const auth = await login(session.server.url, session.email);
    const versions = await uploadVersion(
      session.server.url,
      auth.token,
      model,
      await readFile(path.join(samples, 'ifc/example.ifc')),
      'duplex.ifc',
    );
    expect(versions.every((v) => v.status === 'ready')).toBe(true);
    const page = await session.openModel(model, 'en');
    const storeys = async (url: string) => {
      await page.goto(url);
      await waitForViewerLoaded(page);
      await page.getByRole('button', { name: 'Navigate', exact: true }).click();
      await page.getByRole('button', { name: 'Storey minimap', exact: true }).click();
      const select = page.getByRole('combobox', { name: 'Storey shown in the minimap' });
      await select.waitFor({ timeout: 30_000 });
      // The first option follows the camera's storey; the others name the plans.
      return (await select.locator('option').allTextContents()).slice(1);
    };
    expect(await storeys(`/model/${model.id}?version=1`)).toEqual([
      'T/FDN',
      'Level 1',
      'Level 2',
      'Roof',
    ]);
    expect((await storeys(`/model/${model.id}`)).length).toBe(2);
    await page.context().close();
  });
});
