import * as THREE from 'three';
import type { ChunkIndex, ViewableChunk } from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import { chunkPriority } from './chunk-priority.ts';
import { ChunkStream, geometryBytes } from './chunk-stream.ts';
import type { ModelMesh } from './model.ts';

/** A row of 10 m cubes along x, chunk n at x = 20 n; chunk 0 the coarse one. */
function index(count: number): ChunkIndex {
  const chunks: ViewableChunk[] = [];
  for (let n = 0; n < count; n++)
    chunks.push({
      index: n,
      file: n === 0 ? 'model.glb' : `chunks/${n}.glb`,
      bbox: [n * 20, 0, 0, n * 20 + 10, 10, 10],
      storey: n,
      elements: 10,
      triangles: 120,
      bytes: 1000,
    });
  return { version: 1, elements: count * 10, chunks };
}

/** A camera at x = `x`, looking down -z at the row from 100 m. */
function cameraAt(x: number): THREE.PerspectiveCamera {
  const camera = new THREE.PerspectiveCamera(40, 1, 0.1, 10_000);
  camera.position.set(x, 5, 100);
  camera.lookAt(x, 5, 0);
  camera.updateMatrixWorld();
  return camera;
}

function meshOf(bytes: number): ModelMesh {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(bytes / 4), 3));
  const mesh = new THREE.Mesh(geometry);
  return { mesh, ghost: new THREE.Mesh(), instanced: false, triangles: 1, materialNames: [] };
}

const none = new Set<number>();

describe('chunkPriority', () => {
  it('puts chunks in view before those out of it, near before far, filtered storeys last', () => {
    const { chunks } = index(30);
    const view = { camera: cameraAt(100), translation: [0, 0, 0] as const, hiddenStoreys: none };
    const at = (n: number, hidden = none) =>
      chunkPriority(chunks[n]!, { ...view, translation: [0, 0, 0], hiddenStoreys: hidden });
    // Chunk 5 (x 100-110) is straight ahead; 6 beside it; 29 (x 580) out of the frustum.
    expect(at(5)).toBeGreaterThan(at(6));
    expect(at(6)).toBeGreaterThan(at(29));
    expect(at(5, new Set([5]))).toBeLessThan(at(29));
  });
});

describe('ChunkStream', () => {
  const run = async (options: {
    budget?: number;
    camera?: THREE.Camera;
    count?: number;
    redrawMs?: number;
    /** Before start(): what the stream does with prefetch() alone. */
    beforeStart?: (seen: { fetched: number[]; added: number[] }) => Promise<void>;
  }) => {
    const fetched: number[] = [];
    const added: number[] = [];
    const removed: number[] = [];
    /** Chunks added when each redraw was asked for. */
    const redraws: number[] = [];
    const byMesh = new Map<ModelMesh, number>();
    let camera = options.camera ?? cameraAt(100);
    const stream = new ChunkStream(
      index(options.count ?? 8),
      [0, 0, 0],
      {
        fetch: async (chunk) => {
          fetched.push(chunk.index);
          return new Uint32Array([chunk.index]).buffer;
        },
        build: async (buffer) => {
          const mesh = meshOf(4000);
          byMesh.set(mesh, new Uint32Array(buffer)[0]!);
          return [mesh];
        },
        add: (meshes) => added.push(...meshes.map((m) => byMesh.get(m)!)),
        remove: (meshes) => removed.push(...meshes.map((m) => byMesh.get(m)!)),
        camera: () => camera,
        hiddenStoreys: () => none,
        changed: () => redraws.push(added.length),
      },
      options.budget,
      0,
      options.redrawMs,
    );
    if (options.beforeStart) {
      stream.prefetch();
      await options.beforeStart({ fetched, added });
    }
    stream.start();
    await stream.complete;
    return {
      stream,
      fetched,
      added,
      removed,
      redraws,
      moveTo: (c: THREE.Camera) => (camera = c),
    };
  };

  it('streams every chunk but the coarse one, what the camera sees first', async () => {
    const { fetched, added, stream } = await run({});
    expect([...fetched].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The camera looks at chunk 5: it is among the first fetched and added first of them.
    expect(fetched.slice(0, 3)).toContain(5);
    expect(added[0]).toBe(5);
    expect(stream.stats()).toMatchObject({ chunks: 8, resident: 8, dropped: 0 });
    expect(stream.stats().residentBytes).toBe(7 * 4000);
    stream.stop();
  });

  it('fetches on prefetch() but builds nothing before start()', async () => {
    const { added } = await run({
      count: 8,
      beforeStart: async (seen) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        // The first ones are fetched (three at a time), none is in the scene yet.
        expect(seen.fetched.length).toBeGreaterThanOrEqual(3);
        expect(seen.added).toEqual([]);
      },
    });
    expect(added).toHaveLength(7);
  });

  it('asks for a redraw once per redrawMs while streaming, and once the last chunk is in', async () => {
    const { redraws, stream } = await run({ count: 12, redrawMs: 60_000 });
    // The coarse chunk was just drawn: the chunks wait for the last one, drawn at once.
    expect(redraws).toEqual([11]);
    expect(stream.redraws).toBe(1);
    // Without a floor, chunks are drawn as they come (until a frame's cost spaces them out).
    const every = await run({ count: 12, redrawMs: 0 });
    expect(every.redraws.length).toBeGreaterThan(1);
    expect(every.redraws.at(-1)).toBe(11);
  });

  it('drops the chunks that matter least under the budget and fetches them when they matter', async () => {
    const { stream, removed, fetched, moveTo } = await run({ budget: 3 * 4000, count: 12 });
    const stats = stream.stats();
    expect(stats.residentBytes).toBeLessThanOrEqual(3 * 4000);
    expect(stats.dropped).toBe(8);
    // Far to the right (chunks 9-11 at x 180-230) were dropped: the camera looks at 5.
    expect(removed).not.toContain(5);
    const before = fetched.length;
    moveTo(cameraAt(210));
    stream.reprioritise();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetched.slice(before)).toContain(10);
    expect(stream.stats().residentBytes).toBeLessThanOrEqual(3 * 4000);
    stream.stop();
  });
});

describe('geometryBytes', () => {
  it('counts each geometry once', () => {
    const mesh = meshOf(400);
    expect(geometryBytes([mesh, { ...mesh }])).toBe(400);
  });
});
