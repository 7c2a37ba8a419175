import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertModel } from '@truss/converter';
import { houseIfc } from '@truss/converter/testing/house-ifc';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { serveEnginePage, type EnginePage } from './support/engine-page/serve.ts';

/**
 * The viewer's draw-call budget, materials + 10, measured where it counts: the engine in Chromium
 * drawing what the converter wrote. Every IFC sample, every multi-material sample of the other
 * formats, and a generated 4-storey glazed house with 17 materials (the kind of model that drew
 * 30 calls for 17 materials).
 */
const samples =
  process.env.TRUSS_SAMPLES_DIR ??
  fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
const COMPANION = /\.(mtl|png|jpe?g|tga)$/i;
const FILES = [
  ...readdirSync(path.join(samples, 'ifc')).map((name) => `ifc/${name}`),
  'gltf/OrientationTest.gltf',
  'obj/hundred_cubes.obj',
  'fbx/spider.fbx',
  '3ds/cube_hierarchy.3ds',
  'step/as1_pe_203.stp',
];

async function convert(file: string) {
  const folder = path.join(samples, path.dirname(file));
  const companions = new Map(
    readdirSync(folder)
      .filter((name) => COMPANION.test(name))
      .map((name) => [name, new Uint8Array(readFileSync(path.join(folder, name)))]),
  );
  return convertModel({
    bytes: path.join(samples, file),
    filename: path.basename(file),
    companions,
  });
}

let browser: Browser;
let engine: EnginePage;

beforeAll(async () => {
  engine = await serveEnginePage();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await engine?.close();
});

async function drawCalls(name: string): Promise<{ drawCalls: number; materialCount: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(engine.urlFor(name));
    await page.waitForFunction(() => document.body.dataset.state, null, { timeout: 120_000 });
    const result = await page.evaluate(
      () =>
        (
          window as unknown as {
            __engine: { drawCalls: number; materialCount: number; error: string | null };
          }
        ).__engine,
    );
    if (result.error) throw new Error(`${name}: ${result.error}`);
    return result;
  } finally {
    await page.close();
  }
}

describe('draw calls in the viewer: at most materials + 10', () => {
  it.each(FILES)(
    '%s',
    async (file) => {
      const result = await convert(file);
      engine.add(file, result.glb);
      const drawn = await drawCalls(file);
      console.log(
        `${file}: ${drawn.drawCalls} draw calls, ${result.stats.materials} materials, ${result.stats.drawBatches} .glb primitives`,
      );
      expect(drawn.drawCalls).toBeGreaterThan(0);
      expect(drawn.drawCalls).toBeLessThanOrEqual(result.stats.materials + 10);
    },
    300_000,
  );

  it('a generated 4-storey glazed house with 17 materials', async () => {
    const result = await convertModel({
      bytes: new TextEncoder().encode(houseIfc({ storeys: 4 })),
      filename: 'house.ifc',
    });
    engine.add('house.glb', result.glb);
    const drawn = await drawCalls('house.glb');
    console.log(`house: ${drawn.drawCalls} draw calls, ${result.stats.materials} materials`);
    expect(result.stats.materials).toBe(17);
    expect(drawn.drawCalls).toBeLessThanOrEqual(result.stats.materials + 10);
  }, 300_000);
});
