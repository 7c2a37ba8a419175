import { readChunkIndex, type BoundingBox } from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import { convertModel } from '../convert.ts';
import { houseIfc } from '../testing/house-ifc.ts';
import { readGlb } from '../testing/read-glb.ts';
import { importIfc } from '../importers/ifc.ts';
import type { ImportContext } from '../importers/context.ts';
import {
  chunkScene,
  DEFAULT_CHUNK_OPTIONS,
  planChunks,
  subsetScene,
  type ChunkOptions,
} from './chunks.ts';
import { prepareLayout, prepareScene, type PreparedScene } from './prepare.ts';
import { InstanceList } from './instance-list.ts';

const box = (x: number, y: number, size: number): BoundingBox => [x, y, 0, x + size, y + 1, 1];

/** Storeys 0 and 1 (element ids), `perStorey` small elements each, plus one big slab per storey. */
function tower(perStorey: number) {
  const parents: (number | null)[] = [null, null];
  const boxes: (BoundingBox | null)[] = [null, null];
  const triangles = [0, 0];
  for (const storey of [0, 1]) {
    parents.push(storey);
    boxes.push(box(0, storey * 3, 50));
    triangles.push(12);
    for (let i = 0; i < perStorey; i++) {
      parents.push(storey);
      boxes.push(box(i, storey * 3, 0.5));
      triangles.push(12);
    }
  }
  return { parents, storeys: [0, 1], boxes, triangles };
}

const options = (over: Partial<ChunkOptions>): ChunkOptions => ({
  minElements: 10,
  maxChunkElements: 100,
  maxChunkTriangles: 1e9,
  coarseShare: 0.2,
  coarseMaxTriangles: 1e6,
  ...over,
});

describe('planChunks', () => {
  it("makes few large chunks of the 200k tower's 3.4 M triangles by default", () => {
    // The generated tower's 3.4 M triangles, on 200 storeys of 250 elements (68 triangles each:
    // its 800 storeys of 17 would plan the same chunks, four times slower).
    const storeys = Array.from({ length: 200 }, (_, s) => s);
    const parents: (number | null)[] = storeys.map(() => null);
    const boxes: (BoundingBox | null)[] = storeys.map(() => null);
    const triangles: number[] = storeys.map(() => 0);
    for (const storey of storeys)
      for (let i = 0; i < 250; i++) {
        parents.push(storey);
        boxes.push(
          i === 0 ? [0, storey * 3, 0, 40, storey * 3 + 0.3, 20] : box(i % 40, storey * 3, 1),
        );
        triangles.push(i === 0 ? 12 : 68);
      }
    const plan = planChunks({ parents, storeys, boxes, triangles }, DEFAULT_CHUNK_OPTIONS)!;
    // Each chunk costs a request, a decode and its uploads: the coarse one and 4 more.
    expect(plan.length).toBeLessThanOrEqual(5);
    expect(plan[0]!.triangles).toBeLessThanOrEqual(DEFAULT_CHUNK_OPTIONS.coarseMaxTriangles);
    expect(plan.slice(1).every((c) => c.triangles <= DEFAULT_CHUNK_OPTIONS.maxChunkTriangles)).toBe(
      true,
    );
    expect(plan.reduce((sum, c) => sum + c.elements.length, 0)).toBe(50_000);
  });

  it('keeps a model under the threshold in one file', () => {
    expect(planChunks(tower(3), options({ minElements: 10 }))).toBeNull();
  });

  it('puts the largest elements in the coarse chunk and every element in exactly one chunk', () => {
    const input = tower(40);
    const plan = planChunks(input, options({ coarseShare: 0.05, maxChunkElements: 1000 }))!;
    // 82 drawn elements, 984 triangles: 5 % is 49 triangles, 4 elements; the two slabs first.
    expect(plan[0]!.elements).toEqual(expect.arrayContaining([2, 43]));
    expect(plan[0]!.elements).toHaveLength(4);
    const all = plan.flatMap((chunk) => chunk.elements).sort((a, b) => a - b);
    const drawn = input.triangles.flatMap((t, id) => (t > 0 ? [id] : []));
    expect(all).toEqual(drawn);
    // Both storeys fit one chunk of 1,000: one chunk after the coarse one, of no single storey.
    expect(plan).toHaveLength(2);
    expect(plan[1]!.storey).toBeNull();
  });

  it('bounds chunks by triangles too', () => {
    const plan = planChunks(
      tower(40),
      options({ coarseShare: 0.01, maxChunkElements: 1000, maxChunkTriangles: 12 * 10 }),
    )!;
    expect(plan.slice(1).every((chunk) => chunk.triangles <= 120)).toBe(true);
    expect(plan.length).toBeGreaterThanOrEqual(9);
  });

  it('gives each storey its own chunks when they do not fit together, split by volume', () => {
    const plan = planChunks(tower(40), options({ coarseShare: 0.01, maxChunkElements: 15 }))!;
    const rest = plan.slice(1);
    expect(rest.every((chunk) => chunk.elements.length <= 15)).toBe(true);
    expect(new Set(rest.map((chunk) => chunk.storey))).toEqual(new Set([0, 1]));
    // A chunk's box is its elements' box: split along x, the parts do not overlap.
    const firstStorey = rest.filter((chunk) => chunk.storey === 0);
    expect(firstStorey.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < firstStorey.length; i++)
      expect(firstStorey[i]!.bbox[0]).toBeGreaterThanOrEqual(firstStorey[i - 1]!.bbox[0]);
  });
});

describe('subsetScene', () => {
  it('keeps only the triangles and instances of the given elements, re-indexed', () => {
    const prepared = {
      batches: [
        {
          material: 0,
          positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 5, 5, 6, 5, 5, 5, 6, 5]),
          normals: null,
          uvs: null,
          colors: null,
          elementIds: new Uint32Array([1, 1, 1, 2, 2, 2]),
          indices: new Uint32Array([0, 1, 2, 3, 4, 5]),
        },
      ],
      instanceGroups: [
        {
          parts: [
            {
              material: 0,
              geometry: { positions: new Float32Array(9), indices: new Uint32Array([0, 1, 2]) },
            },
          ],
          instances: InstanceList.of(
            [1, 2, 2],
            [1, 2, 3].map((x) => ({
              translation: [x, 0, 0],
              rotation: [0, 0, 0, 1],
              scale: [1, 1, 1],
            })),
          ),
        },
      ],
      triangles: 4,
      instances: 3,
    } as unknown as PreparedScene;
    const sub = subsetScene(prepared, [2]);
    expect(Array.from(sub.batches[0]!.positions)).toEqual([5, 5, 5, 6, 5, 5, 5, 6, 5]);
    expect(Array.from(sub.batches[0]!.indices)).toEqual([0, 1, 2]);
    expect(Array.from(sub.batches[0]!.elementIds)).toEqual([2, 2, 2]);
    const kept = sub.instanceGroups[0]!.instances;
    expect([...kept.elements]).toEqual([2, 2]);
    expect([kept.trs(0).translation, kept.trs(1).translation]).toEqual([
      [2, 0, 0],
      [3, 0, 0],
    ]);
    expect(sub.triangles).toBe(3);
    expect(subsetScene(prepared, [7]).batches).toHaveLength(0);
  });
});

describe('chunkScene', () => {
  it("builds a chunk's batches equal to the whole model's batches cut by subsetScene", async () => {
    const bytes = new TextEncoder().encode(houseIfc({ storeys: 3 }));
    const ctx: ImportContext = {
      filename: 'house.ifc',
      companions: new Map(),
      progress: () => undefined,
      checkAbort: () => undefined,
      maxTriangles: Infinity,
    };
    const whole = prepareScene(await importIfc(bytes, ctx));
    const layout = prepareLayout(await importIfc(bytes, ctx));
    const drawn = whole.elementTriangles.flatMap((t, id) => (t > 0 ? [id] : []));
    expect(drawn.length).toBeGreaterThan(6);
    // Every other element (so batches lose vertices from their middle), a few, none.
    for (const elements of [drawn.filter((_, i) => i % 2 === 0), drawn.slice(-3), [-1]]) {
      const cut = subsetScene(whole, elements);
      const built = chunkScene(layout, elements);
      expect(built.batches.length).toBe(cut.batches.length);
      built.batches.forEach((batch, b) => expect(batch).toEqual(cut.batches[b]));
      expect(built.instanceGroups).toEqual(cut.instanceGroups);
      expect([built.triangles, built.instances]).toEqual([cut.triangles, cut.instances]);
    }
    expect([...layout.batchesOf()]).toEqual(whole.batches);
  }, 60_000);
});

describe('a chunked conversion', () => {
  it('writes the coarse chunk with the index and chunks that draw every element once', async () => {
    const bytes = new TextEncoder().encode(houseIfc({ storeys: 4 }));
    const whole = await convertModel({ bytes, filename: 'house.ifc' }, { chunking: false });
    const chunked = await convertModel(
      { bytes, filename: 'house.ifc' },
      {
        chunking: {
          minElements: 1,
          maxChunkElements: 20,
          maxChunkTriangles: 100_000,
          coarseShare: 0.1,
        },
      },
    );
    expect(whole.chunks).toEqual([]);
    expect(readChunkIndex((await readGlb(whole.glb)).json)).toBeNull();
    const coarse = await readGlb(chunked.glb);
    const index = readChunkIndex(coarse.json)!;
    expect(index.elements).toBe(whole.metadata.elements.count);
    expect(index.chunks).toHaveLength(chunked.chunks.length + 1);
    expect(index.chunks[0]!.file).toBe('model.glb');
    expect(index.chunks.slice(1).map((c) => c.file)).toEqual(
      chunked.chunks.map((_, i) => `chunks/${i + 1}.glb`),
    );
    expect(index.chunks.slice(1).map((c) => c.bytes)).toEqual(chunked.chunks.map((c) => c.length));
    // Every chunk draws its listed elements, and together they draw what the whole file draws.
    const drawnBy = (draws: { elementIds: Uint32Array; indices: Uint32Array }[]) => {
      const triangles = new Map<number, number>();
      for (const draw of draws)
        for (let t = 0; t < draw.indices.length; t += 3) {
          const id = draw.elementIds[draw.indices[t]!]!;
          triangles.set(id, (triangles.get(id) ?? 0) + 1);
        }
      return triangles;
    };
    const union = new Map<number, number>();
    const chunkDraws = [coarse, ...(await Promise.all(chunked.chunks.map((c) => readGlb(c))))];
    chunkDraws.forEach(({ draws }, n) => {
      const mine = drawnBy(draws);
      expect(mine.size).toBe(index.chunks[n]!.elements);
      for (const [id, count] of mine) {
        expect(union.has(id)).toBe(false);
        union.set(id, count);
      }
    });
    expect(union).toEqual(drawnBy((await readGlb(whole.glb)).draws));
    // The same metadata but for the draw count (each chunk draws its own batches).
    expect(chunked.metadata.stats.drawBatches).toBeGreaterThan(whole.metadata.stats.drawBatches);
    const { stats: wholeStats, ...wholeRest } = whole.metadata;
    const { stats: chunkedStats, ...chunkedRest } = chunked.metadata;
    expect(chunkedRest).toEqual(wholeRest);
    expect({ ...chunkedStats, drawBatches: 0 }).toEqual({ ...wholeStats, drawBatches: 0 });
  }, 60_000);
});
