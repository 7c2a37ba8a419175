import path from 'node:path';
import type { Vec3 } from '@truss/viewer';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readGlb } from '../../packages/converter/src/testing/read-glb.ts';
import { screenshotPath } from './support/browser.ts';
import { CUBE, modelPageSession, standardView, withViewer } from './support/model-page.ts';

/**
 * The measure tool's extras on the real page (issue 35): the snap marker's kind while hovering
 * (corner, edge, face), a distance clicked between two corners with its dx/dy/dz in the panel,
 * and the picked points' coordinates, in English and Chinese; the point mode (a corner's X/Y/Z
 * from the toolbar); an element's area and volume from its quantity set in the properties panel.
 */
/** An ArchiCAD IFC2x3 export whose wall #280 has BaseQuantities (areas and volumes, in m). */
const WALLS = path.join(path.dirname(CUBE), '../ifc/ISSUE_044_test_IFCCOMPOSITEPROFILEDEF.ifc');
const session = modelPageSession('mira', { cube: CUBE, walls: WALLS });
const { openModel, models } = session;

/** The unit cube's corners, read from the converted .glb (world = file: no recentring). */
async function cubeCorners(): Promise<Vec3[]> {
  const glb = new Uint8Array(
    await (await fetch(`${session.server.url}${models.cube.viewable_url}`)).arrayBuffer(),
  );
  const corners = new Map<string, Vec3>();
  for (const draw of (await readGlb(glb)).draws) {
    for (let i = 0; i < draw.positions.length; i += 3) {
      const v: Vec3 = [draw.positions[i]!, draw.positions[i + 1]!, draw.positions[i + 2]!];
      corners.set(v.map((c) => c.toFixed(5)).join(','), v);
    }
  }
  return [...corners.values()];
}

/** Where a world point is on the page, and whether it is visible there (not covered). */
async function onScreen(page: Page, points: Vec3[]) {
  return withViewer(
    page,
    (viewer, list) => {
      const canvas = document.querySelector('canvas[aria-label]')!;
      const rect = canvas.getBoundingClientRect();
      // Picked 2 px towards the cube's middle: a ray through a silhouette corner's own pixel
      // may pass beside the cube.
      const middle = viewer.project([0.5, 0.5, 0.5])!;
      return list.map((v) => {
        const at = viewer.project(v);
        if (!at) return { v, at: null, visible: false };
        const towards = Math.hypot(middle.x - at.x, middle.y - at.y) || 1;
        const hit = viewer.pick(
          at.x + (2 * (middle.x - at.x)) / towards,
          at.y + (2 * (middle.y - at.y)) / towards,
        );
        const onTop = document.elementFromPoint(rect.left + at.x, rect.top + at.y) === canvas;
        const near = !!hit && Math.hypot(...hit.point.map((c, k) => c - v[k]!)) < 0.1;
        return { v, at: { x: rect.left + at.x, y: rect.top + at.y }, visible: onTop && near };
      });
    },
    points,
  );
}

const marker = (page: Page) => page.locator('.truss-snap-marker');

/**
 * Hovers `offset` away from a page point and waits until the snap marker shows `kind` within
 * `reach` px of the point (the marker follows the pointer a frame later).
 */
async function expectSnap(
  page: Page,
  at: { x: number; y: number },
  offset: { x: number; y: number },
  kind: 'vertex' | 'edge' | 'face',
  reach: number,
) {
  await page.mouse.move(at.x + offset.x, at.y + offset.y);
  const state = async () => {
    const box = await marker(page).boundingBox();
    const snap = await marker(page).getAttribute('data-snap');
    if (!box) return { snap, near: false };
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    return { snap, near: Math.hypot(centre.x - at.x, centre.y - at.y) < reach };
  };
  await expect.poll(state).toEqual({ snap: kind, near: true });
}

const midpoint = (a: Vec3, b: Vec3): Vec3 => [
  (a[0] + b[0]) / 2,
  (a[1] + b[1]) / 2,
  (a[2] + b[2]) / 2,
];

describe('measure extras on the model page', () => {
  it.each(['en', 'zh-CN'] as const)(
    'snaps to corners, edges and faces with their own marker and shows dx/dy/dz and coordinates (%s)',
    async (locale) => {
      const corners = await cubeCorners();
      expect(corners).toHaveLength(8);
      const page = await openModel(models.cube, locale);
      await standardView(page, 'iso');
      const seen = (await onScreen(page, corners)).filter((c) => c.visible);
      expect(seen.length).toBeGreaterThanOrEqual(3);
      // Two visible corners one edge apart: the edge's middle is far from any corner on screen.
      const pairs = seen.flatMap((a, i) => seen.slice(i + 1).map((b) => [a, b] as const));
      const [a, b] = pairs.find(
        ([p, q]) => Math.abs(Math.hypot(...p.v.map((c, k) => c - q.v[k]!)) - 1) < 1e-4,
      )!;
      expect(a && b).toBeTruthy();
      // A face whose four corners are all in view: its centre is on it, away from its edges.
      const faces = [0, 1, 2].flatMap((axis) =>
        [0, 1].map((side) => corners.filter((c) => Math.abs(c[axis]! - side) < 1e-4)),
      );
      const visibleKeys = new Set(seen.map((s) => s.v.join(',')));
      const face = faces.find((f) => f.every((c) => visibleKeys.has(c.join(','))))!;
      const faceCentre: Vec3 = [0, 1, 2].map(
        (k) => face.reduce((sum, c) => sum + c[k]!, 0) / 4,
      ) as Vec3;
      const [edgeMid, centre] = await onScreen(page, [midpoint(a.v, b.v), faceCentre]);

      await withViewer(page, (viewer) => viewer.measure.start('distance'), null);
      // 4 px off a corner: the marker is a square on the corner itself.
      await expectSnap(page, a.at!, { x: 4, y: -3 }, 'vertex', 1.5);
      // 4 px off an edge's middle: a diamond on the edge.
      await expectSnap(page, edgeMid!.at!, { x: 0, y: 4 }, 'edge', 4.5);
      // The middle of a face: a dot under the pointer.
      await expectSnap(page, centre!.at!, { x: 0, y: 0 }, 'face', 1.5);
      // The marker's look differs by kind (shape and colour).
      const looks = await page.evaluate(() => {
        const el = document.querySelector<HTMLElement>('.truss-snap-marker')!;
        return { radius: el.style.borderRadius, color: el.style.borderColor };
      });
      expect(looks).toEqual({ radius: '50%', color: 'rgb(37, 99, 235)' });

      // Hover a corner, shoot the page with the marker on it, then measure corner to corner.
      await expectSnap(page, b.at!, { x: -3, y: 4 }, 'vertex', 1.5);
      await page.mouse.click(a.at!.x + 4, a.at!.y - 3);
      await expectSnap(page, b.at!, { x: -3, y: 4 }, 'vertex', 1.5);
      await page.screenshot({ path: await screenshotPath(`measure-extras-snap-${locale}`) });
      await page.mouse.click(b.at!.x - 3, b.at!.y + 4);

      const [measured] = await withViewer(page, (viewer) => viewer.measure.list(), null);
      expect(measured?.kind).toBe('distance');
      expect(Math.abs(measured!.value - 1)).toBeLessThan(0.001);
      // The cube is a PLY (Y-up, metres): the components are the world's differences.
      const expected = [0, 1, 2].map((k) => measured!.points[1]![k]! - measured!.points[0]![k]!);
      const panel = page.locator('[data-measure-panel]');
      for (const [i, axis] of (['x', 'y', 'z'] as const).entries()) {
        const text = await panel.locator(`[data-measure-component="${axis}"]`).textContent();
        const value = Number(text!.replace(' m', ''));
        expect(Math.abs(value - expected[i]!)).toBeLessThan(0.0006);
      }
      // One component is the whole edge, the other two are zero.
      expect(expected.map((d) => Math.round(Math.abs(d))).sort()).toEqual([0, 0, 1]);

      // Selecting it lists its points in the model's coordinates and unit.
      await panel.locator('[data-measure-item] button[aria-expanded]').first().click();
      const points = panel.locator('[data-measure-points]');
      await expect.poll(() => points.getAttribute('data-unit')).toBe('m');
      const caption = await points.locator('caption').textContent();
      expect(caption).toBe(locale === 'en' ? 'Point coordinates (m)' : '点坐标（m）');
      const rows = await points
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) =>
            Array.from(tr.querySelectorAll('td')).map((td) => Number(td.textContent)),
          ),
        );
      expect(rows).toHaveLength(2);
      rows.forEach((row, i) =>
        row.forEach((value, k) =>
          expect(Math.abs(value - measured!.points[i]![k]!)).toBeLessThan(0.0006),
        ),
      );
      const labels = await panel.locator('dt').allTextContents();
      expect(labels).toEqual(['Δx', 'Δy', 'Δz']);
      const legend = await panel.textContent();
      expect(legend).toContain(locale === 'en' ? 'Snaps to' : '捕捉到');
      await page.screenshot({ path: await screenshotPath(`measure-extras-panel-${locale}`) });
    },
    120_000,
  );

  it.each(['en', 'zh-CN'] as const)(
    'point mode from the toolbar: a snapped corner with its X/Y/Z in the model unit (%s)',
    async (locale) => {
      const corners = await cubeCorners();
      const page = await openModel(models.cube, locale);
      await standardView(page, 'iso');
      const [corner] = (await onScreen(page, corners)).filter((c) => c.visible);
      expect(corner).toBeTruthy();
      // The toolbar's Measure menu offers Point beside Distance, Angle and Area.
      await page
        .getByRole('toolbar')
        .getByRole('button', { name: locale === 'en' ? 'Measure' : '测量' })
        .first()
        .click();
      const items = await page.getByRole('menuitemcheckbox').allTextContents();
      expect(items).toEqual(
        locale === 'en' ? ['Point', 'Distance', 'Angle', 'Area'] : ['点', '距离', '角度', '面积'],
      );
      await page.getByRole('menuitemcheckbox', { name: locale === 'en' ? 'Point' : '点' }).click();
      await expect
        .poll(() => withViewer(page, (viewer) => viewer.getTool(), null))
        .toBe('measure-point');
      // 4 px off the corner: snapped onto it, as a distance's ends are.
      await expectSnap(page, corner!.at!, { x: 4, y: -3 }, 'vertex', 1.5);
      await page.mouse.click(corner!.at!.x + 4, corner!.at!.y - 3);
      const [point] = await withViewer(page, (viewer) => viewer.measure.list(), null);
      expect(point?.kind).toBe('point');
      point!.points[0]!.forEach((c, k) => expect(Math.abs(c - corner!.v[k]!)).toBeLessThan(1e-6));

      // The panel: X, Y, Z in the model's unit (the cube is a PLY in metres, Y up: its own axes).
      const coordinates = page.locator('[data-measure-panel] [data-measure-coordinates]');
      await expect.poll(() => coordinates.getAttribute('data-unit')).toBe('m');
      expect(await coordinates.getAttribute('aria-label')).toBe(
        locale === 'en' ? 'Coordinates (m)' : '坐标（m）',
      );
      expect(await coordinates.locator('dt').allTextContents()).toEqual(['X', 'Y', 'Z']);
      const texts = await coordinates.locator('dd').allTextContents();
      expect(texts).toEqual(
        corner!.v.map((c) => `${Math.abs(c) < 5e-4 ? '0.000' : c.toFixed(3)} m`),
      );
      const kind = page.locator('[data-measure-panel] [data-measure-item] button').first();
      expect(await kind.textContent()).toContain(locale === 'en' ? 'Point' : '点');
      // The label in the view reads the same coordinates.
      const label = page.locator('.truss-measure-label');
      const numbers = corner!.v.map((c) => (Math.abs(c) < 5e-4 ? '0.000' : c.toFixed(3)));
      await expect
        .poll(() => label.textContent())
        .toBe(`X ${numbers[0]} · Y ${numbers[1]} · Z ${numbers[2]} m`);
      await page.screenshot({ path: await screenshotPath(`measure-extras-point-${locale}`) });
    },
    120_000,
  );

  it.each(['en', 'zh-CN'] as const)(
    "shows a wall's net area and volume from its quantity set with units (%s)",
    async (locale) => {
      const response = await fetch(`${session.server.url}${models.walls.metadata_url}`);
      const metadata = (await response.json()) as { elements: { expressId: number[] } };
      const wall = metadata.elements.expressId.indexOf(280);
      expect(wall).toBeGreaterThanOrEqual(0);
      const page = await openModel(models.walls, locale);
      await withViewer(page, (viewer, id) => viewer.selection.set([id]), wall);
      const summary = page.locator('[data-quantities]');
      await summary.waitFor();
      // BaseQuantities: NetSideArea 2.91563478924, NetVolume 0.249286723059 (file units: m).
      expect(await summary.locator('dt').allTextContents()).toEqual(
        locale === 'en' ? ['Area', 'Volume'] : ['面积', '体积'],
      );
      expect(await summary.locator('dd').allTextContents()).toEqual(['2.9156 m²', '0.2493 m³']);
      expect(await summary.locator('[data-quantity="NetSideArea"]').getAttribute('title')).toBe(
        locale === 'en' ? 'From BaseQuantities: NetSideArea' : '来自 BaseQuantities：NetSideArea',
      );
      await page.screenshot({ path: await screenshotPath(`measure-extras-quantities-${locale}`) });
    },
    120_000,
  );
});
