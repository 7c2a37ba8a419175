import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Model } from '@truss/contracts';
import type { Vec3, Viewer, Viewpoint } from '@truss/viewer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGlb } from '../../packages/converter/src/testing/read-glb.ts';
import { createAccount } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import {
  borderColor,
  convertFile,
  coveredFraction,
  decodePng,
  differingFraction,
  firstProjectId,
  login,
  signedInState,
  waitForViewerLoaded,
  type Pixels,
  type Rect,
} from './support/viewer.ts';

/**
 * The model page's 3D view, checked on its pixels: models converted by the real server, opened
 * at /model/:id in Chromium (SwiftShader), driven through the page's engine hook
 * `window.__trussViewer` and read back as PNG (the engine's screenshot: the model only, no DOM
 * overlays) or clicked with the real mouse.
 */
const samples = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
const HOUSE = path.join(samples, 'ifc/IfcOpenHouse_IFC4.ifc');
/** A unit cube (vertices 0/1 on each axis): known edge and diagonal lengths. */
const CUBE = path.join(samples, 'ply/cube_rgb_binary.ply');

type TrussWindow = Window & { __trussViewer?: Viewer };
/** The parts of the model's metadata (v2, see packages/converter/src/metadata.ts) used here. */
interface ModelMeta {
  bbox: [number, number, number, number, number, number] | null;
  strings: string[];
  elements: {
    count: number;
    type: number[];
    bbox: number[];
    bboxStep: number;
    triangles: number[];
  };
}

let server: RunningServer;
let browser: Browser;
let email: string;
let house: Model;
let cube: Model;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  email = `vera-${Date.now()}@example.com`;
  const auth = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  house = await convertFile(server.url, auth.token, projectId, HOUSE);
  cube = await convertFile(server.url, auth.token, projectId, CUBE);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function openModel(
  model: Model,
  locale: 'en' | 'zh-CN' = 'en',
  user: string = email,
): Promise<Page> {
  const auth = await login(server.url, user);
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale,
    storageState: signedInState(server.url, auth),
  });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/model/${model.id}`);
  await waitForViewerLoaded(page);
  return page;
}

/** Runs `fn` with the page's engine (`fn` is sent as text: it sees only its arguments). */
function withViewer<A, R>(page: Page, fn: (viewer: Viewer, arg: A) => R, arg: A): Promise<R> {
  return page.evaluate(
    ({ source, arg }) => {
      const viewer = (window as TrussWindow).__trussViewer;
      if (!viewer) throw new Error('window.__trussViewer is not set');
      const run = new Function(`return (${source})`)() as (v: Viewer, a: unknown) => unknown;
      return run(viewer, arg);
    },
    { source: fn.toString(), arg: arg as unknown },
  ) as Promise<R>;
}

/** The engine's PNG of the current view (model only), decoded. */
async function shot(page: Page): Promise<Pixels> {
  const base64 = await page.evaluate(async () => {
    const blob = await (window as TrussWindow).__trussViewer!.screenshot();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  });
  return decodePng(Buffer.from(base64, 'base64'));
}

/** Fit the whole model from the given standard view, without animation or view cube. */
async function standardView(page: Page, view: 'iso' | 'top' | 'front'): Promise<void> {
  await withViewer(
    page,
    (viewer, v) => {
      viewer.navigation.setViewCubeVisible(false);
      viewer.navigation.setStandardView(v, false);
      viewer.navigation.fitAll(false);
      viewer.renderNow();
    },
    view,
  );
}

async function metadataOf(model: Model): Promise<ModelMeta> {
  const response = await fetch(`${server.url}${model.metadata_url}`);
  return (await response.json()) as ModelMeta;
}

function corners(min: Vec3, max: Vec3): Vec3[] {
  const out: Vec3[] = [];
  for (const x of [min[0], max[0]])
    for (const y of [min[1], max[1]]) for (const z of [min[2], max[2]]) out.push([x, y, z]);
  return out;
}

/** Screen rectangle (CSS px = screenshot px) around the projection of a world box. */
async function projectedRect(page: Page, min: Vec3, max: Vec3, margin = 3): Promise<Rect> {
  const points = await withViewer(
    page,
    (viewer, list) => list.map((p) => viewer.project(p)),
    corners(min, max),
  );
  const xs = points.map((p) => p!.x);
  const ys = points.map((p) => p!.y);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, width: Math.max(...xs) + margin - x, height: Math.max(...ys) + margin - y };
}

/** Ids of the elements of an IFC type that have geometry. */
function elementsOfType(meta: ModelMeta, type: string): number[] {
  const index = meta.strings.indexOf(type);
  const ids: number[] = [];
  meta.elements.type.forEach((t, id) => {
    if (t === index && meta.elements.triangles[id]! > 0) ids.push(id);
  });
  return ids;
}

/** Union of the elements' bounding boxes. */
function unionBox(meta: ModelMeta, ids: number[]): [Vec3, Vec3] {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const id of ids) {
    const [a, b] = elementBox(meta, id);
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, a[k]!);
      max[k] = Math.max(max[k]!, b[k]!);
    }
  }
  return [min, max];
}

function elementBox(meta: ModelMeta, id: number): [Vec3, Vec3] {
  const b = meta.elements.bbox.slice(id * 6, id * 6 + 6).map((v) => v * meta.elements.bboxStep);
  return [
    [b[0]!, b[1]!, b[2]!],
    [b[3]!, b[4]!, b[5]!],
  ];
}

/** Of the pixels that are not background, the share that is magenta (any shade of it). */
function magentaShare(image: Pixels, background: [number, number, number]): number {
  let magenta = 0;
  let covered = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    const isBackground =
      Math.abs(r - background[0]) <= 12 &&
      Math.abs(g - background[1]) <= 12 &&
      Math.abs(b - background[2]) <= 12;
    if (isBackground) continue;
    covered++;
    if (r > g + 40 && b > g + 40) magenta++;
  }
  return covered === 0 ? 0 : magenta / covered;
}

/** Fraction of `rect`'s complement (the rest of the image) that is covered. */
function coveredOutside(image: Pixels, background: [number, number, number], rect: Rect): number {
  const total = coveredFraction(image, background) * image.width * image.height;
  const inside = coveredFraction(image, background, rect) * rect.width * rect.height;
  return (total - inside) / (image.width * image.height - rect.width * rect.height);
}

describe('viewer: pixels of the model page', () => {
  it('a converted model renders in the middle of the view after fit all, the corners stay background', async () => {
    const page = await openModel(house);
    await standardView(page, 'iso');
    const image = await shot(page);
    const background = borderColor(image);
    const w = image.width;
    const h = image.height;
    const centre = coveredFraction(image, background, {
      x: w * 0.4,
      y: h * 0.4,
      width: w * 0.2,
      height: h * 0.2,
    });
    const corner = (x: number, y: number) =>
      coveredFraction(image, background, { x, y, width: w * 0.08, height: h * 0.08 });
    const corners = [
      corner(0, 0),
      corner(w * 0.92, 0),
      corner(0, h * 0.92),
      corner(w * 0.92, h * 0.92),
    ];
    console.log(
      `house: centre ${(centre * 100).toFixed(1)} % covered, corners ${corners.map((c) => (c * 100).toFixed(1)).join(' / ')} %, background rgb(${background.join(',')})`,
    );
    expect(centre).toBeGreaterThan(0.5);
    for (const c of corners) expect(c).toBeLessThan(0.02);

    // The model's projected bounding box holds the drawing; nothing is drawn outside it.
    const meta = await metadataOf(house);
    const [x0, y0, z0, x1, y1, z1] = meta.bbox!;
    const box = await projectedRect(page, [x0, y0, z0], [x1, y1, z1]);
    expect(coveredFraction(image, background, box)).toBeGreaterThan(0.2);
    expect(coveredOutside(image, background, box)).toBeLessThan(0.002);

    // What the page shows on screen (the canvas) has the model in the middle too.
    const canvas = page.getByLabel('3D view of the model');
    const onScreen = decodePng(await canvas.screenshot());
    const sw = onScreen.width;
    const sh = onScreen.height;
    expect(
      coveredFraction(onScreen, borderColor(onScreen), {
        x: sw * 0.4,
        y: sh * 0.4,
        width: sw * 0.2,
        height: sh * 0.2,
      }),
    ).toBeGreaterThan(0.5);
  });

  it('the model page fetches the engine (three.js) from index.html, beside the app, not after it', async () => {
    const page = await openModel(house);
    const requests = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = (pattern: RegExp) => entries.filter((entry) => pattern.test(entry.name));
      return {
        three: find(/\/assets\/three-[\w-]+\.js$/).map((e) => e.startTime),
        // Module scripts (the app's entry) run only after the HTML is parsed.
        parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
          .domInteractive,
        links: document.querySelectorAll('link[rel="modulepreload"][href*="/three-"]').length,
      };
    });
    // One request, started while the HTML was still being parsed, so before the app's entry
    // could run (a lazy route's import only starts once the entry has run: after parsing). The
    // entry's own arrival is no yardstick: the preload scanner may fetch it first.
    expect(requests.links).toBe(1);
    expect(requests.three).toHaveLength(1);
    expect(requests.three[0]).toBeLessThan(requests.parsed);
    // Other pages do not download the engine up front.
    // (The inline script runs while the HTML is parsed, so 'load' is late enough.)
    await page.goto('/models', { waitUntil: 'load' });
    const other = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        links: document.querySelectorAll('link[rel="modulepreload"][href*="/three-"]').length,
        // The app itself is asked for while the HTML is parsed there (only a model page holds it
        // back for its early view).
        app: entries
          .filter((e) => /\/assets\/start-[\w-]+\.js$/.test(e.name))
          .map((e) => e.startTime),
        parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
          .domInteractive,
      };
    });
    expect(other.links).toBe(0);
    expect(other.app).toHaveLength(1);
    expect(other.app[0]).toBeLessThan(other.parsed);
  });

  it('the frame-rate guard draws simpler while an orbit is slow and at full quality once still', async () => {
    const page = await openModel(house);
    const box = (await page.locator('canvas').first().boundingBox())!;
    await page.evaluate(() => {
      // A slow GPU: the browser grants the next animation frame only 120 ms after the last.
      let last = 0;
      window.requestAnimationFrame = (callback) => {
        const wait = Math.max(0, last + 120 - performance.now());
        return window.setTimeout(() => {
          last = performance.now();
          callback(last);
        }, wait);
      };
      window.cancelAnimationFrame = (handle) => window.clearTimeout(handle);
      (window as { __degradedSeen?: boolean }).__degradedSeen = false;
      window.setInterval(() => {
        if ((window as TrussWindow).__trussViewer!.getStats().degraded)
          (window as { __degradedSeen?: boolean }).__degradedSeen = true;
      }, 5);
    });
    expect(await withViewer(page, (viewer) => viewer.getStats().degraded, null)).toBe(false);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    // Moves far apart, as when slow frames hold up input: each frame looks like the only one.
    for (let step = 1; step <= 6; step++) {
      await page.mouse.move(x + step * 40, y + step * 8);
      await page.waitForTimeout(200);
    }
    await page.mouse.up();
    expect(await page.evaluate(() => (window as { __degradedSeen?: boolean }).__degradedSeen)).toBe(
      true,
    );
    // Still again: full quality returns by itself.
    await expect
      .poll(() => withViewer(page, (viewer) => viewer.getStats().degraded, null), {
        timeout: 5_000,
      })
      .toBe(false);
  });

  it('isolate leaves only the chosen element visible', async () => {
    const page = await openModel(house);
    await standardView(page, 'iso');
    const full = await shot(page);
    const background = borderColor(full);
    const fullCovered = coveredFraction(full, background);
    // The door (a small element), painted magenta, then isolated.
    const meta = await metadataOf(house);
    const [id] = elementsOfType(meta, 'IfcDoor');
    expect(id).toBeDefined();
    await withViewer(
      page,
      (viewer, element) => {
        viewer.visibility.setColors(new Map([[element, 0xff00ff]]));
        viewer.visibility.isolate([element]);
        viewer.renderNow();
      },
      id!,
    );
    const isolated = await shot(page);
    const isolatedCovered = coveredFraction(isolated, background);
    const magenta = magentaShare(isolated, background);
    console.log(
      `isolate door ${id}: covered ${(fullCovered * 100).toFixed(1)} % -> ${(isolatedCovered * 100).toFixed(2)} %, ${(magenta * 100).toFixed(1)} % of it magenta`,
    );
    expect(isolatedCovered).toBeGreaterThan(0.0005);
    expect(isolatedCovered).toBeLessThan(fullCovered * 0.2);
    expect(magenta).toBeGreaterThan(0.85);
    // Drawn only where the element projects.
    const [min, max] = elementBox(meta, id!);
    const rect = await projectedRect(page, min, max);
    expect(coveredOutside(isolated, background, rect)).toBeLessThan(0.001);
    expect(await withViewer(page, (viewer) => viewer.visibility.getIsolated(), null)).toEqual([id]);

    // Fit to it: the door alone fills the middle of the view, still all magenta.
    await withViewer(
      page,
      (viewer, element) => {
        viewer.navigation.fitElements([element], false);
        viewer.renderNow();
      },
      id!,
    );
    const fitted = await shot(page);
    const fittedCovered = coveredFraction(fitted, background);
    console.log(`fit to the door: ${(fittedCovered * 100).toFixed(1)} % covered`);
    expect(fittedCovered).toBeGreaterThan(isolatedCovered * 5);
    expect(magentaShare(fitted, background)).toBeGreaterThan(0.85);
  });

  it('a section plane removes the pixels on its far side, the near side stays', async () => {
    const page = await openModel(house);
    await standardView(page, 'top');
    const before = await shot(page);
    const background = borderColor(before);
    const meta = await metadataOf(house);
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

  it('colours the model by a property chosen in the properties panel, with a legend', async () => {
    const page = await openModel(house);
    await standardView(page, 'iso');
    const plain = await shot(page);
    const [wall] = elementsOfType(await metadataOf(house), 'IfcWallStandardCase');
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

  it('a section box made with an element selected fits around that element and cuts the rest', async () => {
    const page = await openModel(house);
    await standardView(page, 'iso');
    const before = await shot(page);
    const background = borderColor(before);
    // The door, selected as a user would before choosing Section box.
    const [door] = elementsOfType(await metadataOf(house), 'IfcDoor');
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
      await (await fetch(`${server.url}${cube.viewable_url}`)).arrayBuffer(),
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

    const page = await openModel(cube);
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
    const page = await openModel(cube);
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

  it('a viewpoint saved and restored after changing camera, visibility and section reproduces the image', async () => {
    const page = await openModel(house);
    await standardView(page, 'iso');
    const saved: Viewpoint = await withViewer(page, (viewer) => viewer.getViewpoint(), null);
    const original = await shot(page);

    await withViewer(
      page,
      (viewer, size) => {
        const hit = viewer.pick(size.w / 2, size.h / 2);
        if (hit) {
          viewer.visibility.hide([hit.elementId]);
          viewer.selection.set([hit.elementId]);
        }
        viewer.section.addPlane(hit?.point ?? [0, 0, 0], [0, -1, 0]);
        viewer.visibility.setXray(true);
        viewer.navigation.setStandardView('left', false);
        viewer.renderNow();
      },
      { w: original.width, h: original.height },
    );
    const changed = await shot(page);
    expect(differingFraction(original, changed)).toBeGreaterThan(0.05);

    // The viewpoint went through JSON (page -> test -> page), as a link or a comment stores it.
    await withViewer(
      page,
      (viewer, viewpoint) => {
        viewer.setViewpoint(viewpoint, { animate: false });
        viewer.renderNow();
      },
      JSON.parse(JSON.stringify(saved)) as Viewpoint,
    );
    const restored = await shot(page);
    const difference = differingFraction(original, restored);
    console.log(`viewpoint restored: ${(difference * 100).toFixed(3)} % of pixels differ`);
    expect(difference).toBeLessThan(0.01);
    expect(await withViewer(page, (viewer) => viewer.getViewpoint(), null)).toEqual(saved);
  });
});

describe('viewer: the model page with tree, properties and a section (screenshots)', () => {
  it('shows the tree, the properties of a clicked element and a section, in English and Chinese', async () => {
    const zhEmail = `wei-${Date.now()}@example.com`;
    const zhAuth = await createAccount(server.url, zhEmail, 'zh-CN');
    const zhHouse = await convertFile(
      server.url,
      zhAuth.token,
      await firstProjectId(server.url, zhAuth.token),
      HOUSE,
    );
    for (const [locale, model, user] of [
      ['en', house, email],
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
