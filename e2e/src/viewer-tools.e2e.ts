import type { Vec3 } from '@truss/viewer';
import { describe, expect, it } from 'vitest';
import { readGlb } from '../../packages/converter/src/testing/read-glb.ts';
import {
  CUBE,
  elementsOfType,
  HOUSE,
  modelPageSession,
  shot,
  standardView,
  withViewer,
} from './support/model-page.ts';
import { borderColor, coveredFraction, type Rect } from './support/viewer.ts';

/**
 * The model page's tools, checked on the engine's pixels and with the real mouse (see
 * viewer-render.e2e.ts): a section plane, a section box around a selected element, distances
 * measured with vertex snap and their labels.
 */
const session = modelPageSession('vera', { house: HOUSE, cube: CUBE });
const { openModel, metadataOf, models } = session;

describe('viewer: pixels of the model page', () => {
  it('a section plane removes the pixels on its far side, the near side stays', async () => {
    const page = await openModel(models.house);
    await standardView(page, 'top');
    const before = await shot(page);
    const background = borderColor(before);
    const meta = await metadataOf(models.house);
    const [x0, y0, z0, x1, y1, z1] = meta.bbox!;
    const centre: Vec3 = [(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2];
    // Which screen side is -x (the side the plane cuts away: normal (1,0,0) through the centre).
    const [minusX, plusX] = await withViewer(
      page,
      (viewer, c) => [
        viewer.project([c[0] - 1, c[1], c[2]])!,
        viewer.project([c[0] + 1, c[1], c[2]])!,
      ],
      centre,
    );
    const split = await withViewer(page, (viewer, c) => viewer.project(c)!, centre);
    const w = before.width;
    const h = before.height;
    const band = 6;
    // Assumes the top view shows the x axis left-right (checked: the projections differ in x).
    expect(Math.abs(plusX.x - minusX.x)).toBeGreaterThan(Math.abs(plusX.y - minusX.y));
    const cutOnLeft = minusX.x < plusX.x;
    const left: Rect = { x: 0, y: 0, width: split.x - band, height: h };
    const right: Rect = { x: split.x + band, y: 0, width: w - split.x - band, height: h };
    const [cutRect, keptRect] = cutOnLeft ? [left, right] : [right, left];
    const cutBefore = coveredFraction(before, background, cutRect);
    const keptBefore = coveredFraction(before, background, keptRect);

    const planes = await withViewer(
      page,
      (viewer, c) => {
        viewer.section.addPlane(c, [1, 0, 0]);
        viewer.renderNow();
        return viewer.section.get().planes;
      },
      centre,
    );
    expect(planes).toHaveLength(1);
    const after = await shot(page);
    const cutAfter = coveredFraction(after, background, cutRect);
    const keptAfter = coveredFraction(after, background, keptRect);
    console.log(
      `section: removed side ${(cutBefore * 100).toFixed(1)} % -> ${(cutAfter * 100).toFixed(2)} %, kept side ${(keptBefore * 100).toFixed(1)} % -> ${(keptAfter * 100).toFixed(1)} %`,
    );
    expect(cutBefore).toBeGreaterThan(0.1);
    expect(cutAfter).toBeLessThan(0.005);
    expect(keptAfter).toBeGreaterThan(keptBefore * 0.8);
  });

  it('a section box made with an element selected fits around that element and cuts the rest', async () => {
    const page = await openModel(models.house);
    await standardView(page, 'iso');
    const before = await shot(page);
    const background = borderColor(before);
    // The door, selected as a user would before choosing Section box.
    const [door] = elementsOfType(await metadataOf(models.house), 'IfcDoor');
    expect(door).toBeDefined();
    const chosen = await withViewer(
      page,
      (viewer, id) => {
        viewer.selection.set([id]);
        return { id, box: viewer.boxOf([id])! };
      },
      door!,
    );
    expect(chosen).not.toBeNull();
    await page.getByRole('button', { name: 'Section', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Section box' }).click();
    const box = await withViewer(page, (viewer) => viewer.section.get().box, null);
    expect(box).not.toBeNull();
    const [min, max] = chosen!.box;
    const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    for (let axis = 0; axis < 3; axis++) {
      // Around the element, with a small margin (2 % of its diagonal), not around the house.
      expect(box!.min[axis]).toBeLessThan(min[axis]!);
      expect(box!.max[axis]).toBeGreaterThan(max[axis]!);
      expect(min[axis]! - box!.min[axis]!).toBeLessThan(0.05 * diagonal);
      expect(box!.max[axis]! - max[axis]!).toBeLessThan(0.05 * diagonal);
    }
    await withViewer(page, (viewer) => viewer.selection.clear(), null);
    await standardView(page, 'iso');
    const after = await shot(page);
    const all = { x: 0, y: 0, width: after.width, height: after.height };
    const coveredBefore = coveredFraction(before, background, all);
    const coveredAfter = coveredFraction(after, background, all);
    console.log(
      `section box around door ${chosen!.id}: ${(coveredBefore * 100).toFixed(1)} % -> ${(coveredAfter * 100).toFixed(1)} % of the view covered`,
    );
    expect(coveredAfter).toBeGreaterThan(0);
    expect(coveredAfter).toBeLessThan(coveredBefore * 0.5);
  });

  it('a distance measured between two vertices of a unit cube, clicked on screen, reads right within 1 mm', async () => {
    const glb = new Uint8Array(
      await (await fetch(`${session.server.url}${models.cube.viewable_url}`)).arrayBuffer(),
    );
    const { draws } = await readGlb(glb);
    const vertices = new Map<string, Vec3>();
    for (const draw of draws) {
      for (let i = 0; i < draw.positions.length; i += 3) {
        const v: Vec3 = [draw.positions[i]!, draw.positions[i + 1]!, draw.positions[i + 2]!];
        vertices.set(v.map((c) => c.toFixed(5)).join(','), v);
      }
    }
    expect(vertices.size).toBe(8);

    const page = await openModel(models.cube);
    await standardView(page, 'iso');
    // The corners the camera sees (picking at their projection lands on them) and that are not
    // under the toolbar or another overlay (the canvas is what a click there reaches).
    const visible = await withViewer(
      page,
      (viewer, list) => {
        const canvas = document.querySelector('canvas[aria-label="3D view of the model"]')!;
        const rect = canvas.getBoundingClientRect();
        return list
          .map((v) => ({ v, at: viewer.project(v) }))
          .filter(({ v, at }) => {
            if (!at) return false;
            const hit = viewer.pick(at.x, at.y);
            const onTop = document.elementFromPoint(rect.left + at.x, rect.top + at.y);
            return (
              onTop === canvas && !!hit && Math.hypot(...hit.point.map((c, k) => c - v[k]!)) < 0.05
            );
          });
      },
      [...vertices.values()],
    );
    expect(visible.length).toBeGreaterThanOrEqual(2);
    const [a, b] = [visible[0]!, visible[1]!];
    const expected = Math.hypot(...a.v.map((c, k) => c - b.v[k]!));
    // The sample is a unit cube: an edge (1 m) or a face diagonal (1.414 m).
    expect([1, Math.SQRT2, Math.sqrt(3)].some((d) => Math.abs(d - expected) < 0.001)).toBe(true);

    // Click 4 px off each corner: the vertex snap must pull the point onto it.
    const box = (await page.getByLabel('3D view of the model').boundingBox())!;
    await withViewer(page, (viewer) => viewer.measure.start('distance'), null);
    for (const { at } of [a, b]) {
      const towardsCentre = (v: number, c: number) => v + Math.sign(c - v) * 4;
      await page.mouse.click(
        box.x + towardsCentre(at!.x, box.width / 2),
        box.y + towardsCentre(at!.y, box.height / 2),
      );
    }
    const measurements = await withViewer(page, (viewer) => viewer.measure.list(), null);
    expect(measurements).toHaveLength(1);
    const measured = measurements[0]!;
    console.log(`measured ${measured.value} m between two cube corners, expected ${expected} m`);
    expect(measured.kind).toBe('distance');
    expect(Math.abs(measured.value - expected)).toBeLessThan(0.001);
    const label = page.locator(`[data-measurement-id="${measured.id}"]`);
    await expect.poll(() => label.textContent()).toBe(`${expected.toFixed(3)} m`);
  });

  it('labels of measurements on the same spot are moved apart, not stacked', async () => {
    const page = await openModel(models.cube);
    await standardView(page, 'iso');
    // Three distances along the same edge: three labels at (nearly) one place.
    const labels = await withViewer(
      page,
      (viewer) => {
        viewer.measure.add('distance', [
          [0, 0, 0],
          [1, 0, 0],
        ]);
        viewer.measure.add('distance', [
          [0, 0, 0],
          [1, 0, 0],
        ]);
        viewer.measure.add('distance', [
          [0.1, 0, 0],
          [0.9, 0, 0],
        ]);
        viewer.renderNow();
        return Array.from(document.querySelectorAll('[data-measurement-id]')).map((label) => {
          const r = label.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        });
      },
      null,
    );
    expect(labels).toHaveLength(3);
    for (const [i, a] of labels.entries()) {
      expect(a.width).toBeGreaterThan(0);
      for (const b of labels.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x ||
          b.x + b.width <= a.x ||
          a.y + a.height <= b.y ||
          b.y + b.height <= a.y;
        expect(apart, JSON.stringify({ a, b })).toBe(true);
      }
    }
  });
});
