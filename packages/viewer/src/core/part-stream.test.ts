import type { ChunkIndex } from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import { PREFETCH_CHUNKS, prefetchChunks } from './part-stream.ts';

function index(count: number): ChunkIndex {
  return {
    version: 1,
    elements: count * 10,
    chunks: Array.from({ length: count }, (_, n) => ({
      index: n,
      file: n === 0 ? 'model.glb' : `chunks/${n}.glb`,
      bbox: [0, 0, 0, 1, 1, 1],
      storey: null,
      elements: 10,
      triangles: 12,
      bytes: 100,
    })),
  };
}

describe('prefetchChunks', () => {
  it("asks for the first chunks at once, beside the model's .glb, ahead of the page's files", async () => {
    const asked: { url: string; priority: RequestPriority | undefined }[] = [];
    const fetcher = async (url: string, init: RequestInit) => {
      asked.push({ url, priority: init.priority });
      return new Response(new Uint8Array([Number(/(\d+)\.glb/.exec(url)![1])]));
    };
    const prefetched = prefetchChunks(index(8), {
      source: { glb: '/api/models/m/viewable.glb?v=1' },
      fetcher,
      init: {},
    });
    expect([...prefetched.keys()]).toEqual([1, 2, 3, 4].slice(0, PREFETCH_CHUNKS));
    expect(asked.map((a) => a.url)).toEqual(
      [1, 2, 3, 4].map((n) => `/api/models/m/chunks/${n}.glb?v=1`),
    );
    expect(asked.every((a) => a.priority === 'high')).toBe(true);
    expect(new Uint8Array(await prefetched.get(3)!)[0]).toBe(3);
  });

  it('asks for no more chunks than there are, and a failed one rejects only when taken', async () => {
    const prefetched = prefetchChunks(index(3), {
      source: { glb: '/m/model.glb' },
      fetcher: async () => new Response(null, { status: 500 }),
      init: {},
    });
    expect([...prefetched.keys()]).toEqual([1, 2]);
    await expect(prefetched.get(1)!).rejects.toThrow(/HTTP 500/);
  });
});
