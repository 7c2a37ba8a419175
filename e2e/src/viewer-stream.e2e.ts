import { convertModel } from '@truss/converter';
import { houseIfc } from '@truss/converter/testing/house-ifc';
import { readGlb } from '@truss/converter/testing/read-glb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { serveEnginePage, type EnginePage } from './support/engine-page/serve.ts';

/**
 * A chunked viewable in the engine (Chromium): the coarse chunk is drawn first, the other chunks
 * follow (served slowly here, so the first frame comes clearly before them), and selection,
 * hiding and picking work on elements of the streamed chunks.
 */
interface StreamingStats {
  chunks: number;
  resident: number;
  residentBytes: number;
}
interface PageViewer {
  renderNow(): { triangles: number; drawCalls: number };
  getStreamingStats(): StreamingStats | null;
  boxOf(ids: number[]): [number[], number[]] | null;
  project(point: number[]): { x: number; y: number } | null;
  pick(x: number, y: number): { elementId: number } | null;
  navigation: { fitElements(ids: number[], animate?: boolean): void };
  selection: { set(ids: number[]): void; get(): number[] };
  visibility: { hide(ids: number[]): void; setXray(on: boolean): void };
}
type PageWindow = Window & {
  __viewer: PageViewer;
  __engine: {
    firstFrame: { triangles: number; streaming: StreamingStats | null } | null;
    triangles: number | null;
    error: string | null;
  };
};

let browser: Browser;
let engine: EnginePage;
/** Element ids drawn by the coarse chunk, and by each streamed chunk. */
let coarseIds: Set<number>;
let chunkIds: Set<number>[];

beforeAll(async () => {
  const converted = await convertModel(
    { bytes: new TextEncoder().encode(houseIfc({ storeys: 6 })), filename: 'house.ifc' },
    {
      chunking: {
        minElements: 1,
        maxChunkElements: 30,
        maxChunkTriangles: 100_000,
        coarseShare: 0.1,
      },
    },
  );
  expect(converted.chunks.length).toBeGreaterThanOrEqual(4);
  const idsOf = async (glb: Uint8Array) => {
    const ids = new Set<number>();
    for (const draw of (await readGlb(glb)).draws) for (const id of draw.elementIds) ids.add(id);
    return ids;
  };
  coarseIds = await idsOf(converted.glb);
  chunkIds = await Promise.all(converted.chunks.map(idsOf));
  engine = await serveEnginePage();
  engine.add('house/model.glb', converted.glb);
  converted.chunks.forEach((chunk, i) => engine.add(`house/chunks/${i + 1}.glb`, chunk, 400));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await engine?.close();
});

async function openLoaded(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(engine.urlFor('house/model.glb'));
  await page.waitForFunction(() => document.body.dataset.state, null, { timeout: 120_000 });
  const error = await page.evaluate(() => (window as unknown as PageWindow).__engine.error);
  expect(error).toBeNull();
  return page;
}

describe('a chunked model in the viewer', () => {
  it('draws the coarse chunk first, then every chunk', async () => {
    const page = await openLoaded();
    try {
      const { first, loaded, stats } = await page.evaluate(() => {
        const w = window as unknown as PageWindow;
        return {
          first: w.__engine.firstFrame,
          loaded: w.__engine.triangles,
          stats: w.__viewer.getStreamingStats(),
        };
      });
      // At the first frame only the coarse chunk was in: fewer triangles than in the end.
      expect(first).not.toBeNull();
      expect(first!.streaming).toMatchObject({ resident: 1, chunks: chunkIds.length + 1 });
      expect(first!.triangles).toBeGreaterThan(0);
      expect(loaded).toBeGreaterThan(first!.triangles * 2);
      expect(stats).toMatchObject({ resident: chunkIds.length + 1, chunks: chunkIds.length + 1 });
      expect(stats!.residentBytes).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('selects, picks and hides elements of the streamed chunks', async () => {
    const page = await openLoaded();
    try {
      // An element only a streamed chunk draws.
      const target = [...chunkIds[chunkIds.length - 1]!].find((id) => !coarseIds.has(id))!;
      const result = await page.evaluate((id) => {
        const viewer = (window as unknown as PageWindow).__viewer;
        viewer.navigation.fitElements([id], false);
        const box = viewer.boxOf([id]);
        if (!box) return { box: null, picked: null, afterHide: null };
        const centre = box[0].map((v, i) => (v + box[1][i]!) / 2);
        const point = viewer.project(centre)!;
        viewer.selection.set([id]);
        viewer.visibility.setXray(true);
        viewer.renderNow();
        viewer.visibility.setXray(false);
        viewer.renderNow();
        const picked = viewer.pick(point.x, point.y)?.elementId ?? null;
        viewer.visibility.hide([picked ?? id]);
        viewer.renderNow();
        const afterHide = viewer.pick(point.x, point.y)?.elementId ?? null;
        return { box, picked, afterHide, selected: viewer.selection.get() };
      }, target);
      expect(result.box).not.toBeNull();
      expect(result.selected).toEqual([target]);
      // What is under the element's centre, fitted, is in a streamed chunk.
      expect(result.picked).not.toBeNull();
      expect(chunkIds.some((ids) => ids.has(result.picked!))).toBe(true);
      expect(result.afterHide).not.toBe(result.picked);
    } finally {
      await page.close();
    }
  }, 120_000);
});
