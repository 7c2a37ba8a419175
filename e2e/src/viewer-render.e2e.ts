import type { Viewpoint } from '@truss/viewer';
import { describe, expect, it } from 'vitest';
import {
  coveredOutside,
  elementBox,
  elementsOfType,
  HOUSE,
  magentaShare,
  modelPageSession,
  projectedRect,
  shot,
  standardView,
  withViewer,
  type TrussWindow,
} from './support/model-page.ts';
import { borderColor, coveredFraction, decodePng, differingFraction } from './support/viewer.ts';

/**
 * The model page's 3D view, checked on its pixels: models converted by the real server, opened
 * at /model/:id in Chromium (SwiftShader), driven through the page's engine hook
 * `window.__trussViewer` and read back as PNG (the engine's screenshot: the model only, no DOM
 * overlays) or clicked with the real mouse. This file: what the view draws (fit all, loading the
 * engine, the frame-rate guard, isolate, viewpoints); the tools are in viewer-tools.e2e.ts, the
 * panels in viewer-panels.e2e.ts.
 */
const session = modelPageSession('vera', { house: HOUSE });
const { openModel, metadataOf, models } = session;

describe('viewer: pixels of the model page', () => {
  it('a converted model renders in the middle of the view after fit all, the corners stay background', async () => {
    const page = await openModel(models.house);
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
    const meta = await metadataOf(models.house);
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

  it('the model page asks for the engine (three.js) once, as soon as its first picture is drawn, before the app', async () => {
    const page = await openModel(models.house);
    const requests = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = (pattern: RegExp) => entries.filter((entry) => pattern.test(entry.name));
      return {
        three: find(/\/assets\/three-[\w-]+\.js$/).map((e) => e.startTime),
        app: find(/\/assets\/start-[\w-]+\.js$/).map((e) => e.startTime),
        viewable: find(/\/viewable\.glb$/).map((e) => e.responseEnd),
        preview: performance.getEntriesByName('truss:preview')[0]?.startTime ?? null,
      };
    });
    // One request, once the three-free preview has drawn the model (three.js's download and
    // compiling held the preview up when index.html asked for it at once, and its links did when
    // added before the draw), and before the app's.
    expect(requests.three).toHaveLength(1);
    expect(requests.preview).not.toBeNull();
    expect(requests.viewable).toHaveLength(1);
    expect(requests.three[0]).toBeGreaterThanOrEqual(requests.preview!);
    expect(requests.app).toHaveLength(1);
    expect(requests.three[0]).toBeLessThan(requests.app[0]!);
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
    const page = await openModel(models.house);
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
    const page = await openModel(models.house);
    await standardView(page, 'iso');
    const full = await shot(page);
    const background = borderColor(full);
    const fullCovered = coveredFraction(full, background);
    // The door (a small element), painted magenta, then isolated.
    const meta = await metadataOf(models.house);
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

  it('a viewpoint saved and restored after changing camera, visibility and section reproduces the image', async () => {
    const page = await openModel(models.house);
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
