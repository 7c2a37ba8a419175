/**
 * Spatial chunking of a big model (format: `chunks.ts` of @truss/viewable). `planChunks` decides
 * which element goes where: a coarse chunk of the largest elements (by box diagonal, up to a
 * triangle budget: slabs, long walls, the envelope, what a first frame needs to read as the
 * building), then the others by storey (consecutive storeys together up to a chunk size) and,
 * where a storey or the elements outside storeys are too many, by bounding volume (halved along
 * the longest axis). `subsetScene` cuts a prepared scene down to one chunk's elements, so each
 * chunk is written with the ordinary .glb writer and dropped before the next.
 */
import type { BoundingBox } from '@truss/viewable';
import type {
  PreparedBatch,
  PreparedInstanceGroup,
  PreparedLayout,
  PreparedScene,
} from './prepare.ts';

export interface ChunkOptions {
  /** Models with fewer elements (with geometry) stay one file. */
  minElements: number;
  /** Elements per chunk at most (a storey bigger than this is split by volume). */
  maxChunkElements: number;
  /**
   * Triangles per chunk at most (instances counted): each chunk costs a request, a decode and
   * the upload of its buffers, so chunks are few and large (a 200,000-element tower: 4 after the
   * coarse one, 1-2 MiB of .glb each); a chunk is a unit of fetching and dropping, not of
   * drawing.
   */
  maxChunkTriangles: number;
  /** Share of the model's triangles the coarse chunk may hold. */
  coarseShare: number;
  /** Upper bound on the coarse chunk's triangles (its decode time is the first frame's). */
  coarseMaxTriangles: number;
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = {
  minElements: 20_000,
  maxChunkElements: 100_000,
  maxChunkTriangles: 1_000_000,
  coarseShare: 0.2,
  coarseMaxTriangles: 150_000,
};

export interface PlannedChunk {
  elements: number[];
  storey: number | null;
  bbox: BoundingBox;
  triangles: number;
}

export interface ChunkPlanInput {
  /** Parent element per element (null: root). */
  parents: (number | null)[];
  /** Element ids of the storeys, bottom to top. */
  storeys: number[];
  boxes: (BoundingBox | null)[];
  triangles: number[];
}

/** Null when the model is small enough to stay one file; else the coarse chunk first. */
export function planChunks(
  input: ChunkPlanInput,
  options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
): PlannedChunk[] | null {
  const drawn: number[] = [];
  input.triangles.forEach((t, id) => {
    if (t > 0 && input.boxes[id]) drawn.push(id);
  });
  if (drawn.length < options.minElements) return null;

  const totalTriangles = drawn.reduce((sum, id) => sum + input.triangles[id]!, 0);
  const budget = Math.min(options.coarseMaxTriangles, totalTriangles * options.coarseShare);
  const bySize = [...drawn].sort((a, b) => diagonal(input.boxes[b]!) - diagonal(input.boxes[a]!));
  const coarse: number[] = [];
  let coarseTriangles = 0;
  for (const id of bySize) {
    const t = input.triangles[id]!;
    if (coarseTriangles + t > budget && coarse.length > 0) break;
    coarse.push(id);
    coarseTriangles += t;
  }
  const inCoarse = new Set(coarse);

  const storeyOf = storeyLookup(input.parents, input.storeys);
  const perStorey = new Map<number, number[]>();
  const loose: number[] = [];
  for (const id of drawn) {
    if (inCoarse.has(id)) continue;
    const storey = storeyOf(id);
    if (storey === null) loose.push(id);
    else {
      const list = perStorey.get(storey);
      if (list) list.push(id);
      else perStorey.set(storey, [id]);
    }
  }

  const chunks: PlannedChunk[] = [describe(coarse, null, input)];
  const trianglesOf = (ids: number[]) => ids.reduce((sum, id) => sum + input.triangles[id]!, 0);
  const fits = (count: number, triangles: number) =>
    count <= options.maxChunkElements && triangles <= options.maxChunkTriangles;
  const split = (ids: number[]) => splitByVolume(ids, input, fits);
  // Consecutive storeys share a chunk up to the size; a storey above it is split by volume.
  let pending: number[] = [];
  let pendingTriangles = 0;
  let pendingStoreys: number[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const storey = pendingStoreys.length === 1 ? pendingStoreys[0]! : null;
    chunks.push(describe(pending, storey, input));
    pending = [];
    pendingTriangles = 0;
    pendingStoreys = [];
  };
  for (const storey of input.storeys) {
    const list = perStorey.get(storey);
    if (!list) continue;
    const triangles = trianglesOf(list);
    if (!fits(list.length, triangles)) {
      flush();
      for (const part of split(list)) chunks.push(describe(part, storey, input));
      continue;
    }
    if (!fits(pending.length + list.length, pendingTriangles + triangles)) flush();
    pending.push(...list);
    pendingTriangles += triangles;
    pendingStoreys.push(storey);
  }
  flush();
  for (const part of split(loose)) chunks.push(describe(part, null, input));
  return chunks;
}

function diagonal(box: BoundingBox): number {
  return Math.hypot(box[3] - box[0], box[4] - box[1], box[5] - box[2]);
}

/** The storey an element is in (through its ancestors), null when none. */
function storeyLookup(
  parents: (number | null)[],
  storeys: number[],
): (id: number) => number | null {
  const known = new Map<number, number | null>();
  for (const storey of storeys) known.set(storey, storey);
  return (id) => {
    const path: number[] = [];
    let current: number | null = id;
    let found: number | null = null;
    while (current !== null) {
      const cached = known.get(current);
      if (cached !== undefined) {
        found = cached;
        break;
      }
      path.push(current);
      const parent: number | null = parents[current] ?? null;
      // A cycle or a self-parent (a malformed tree): no storey.
      current = parent === current || path.length > parents.length ? null : parent;
    }
    for (const step of path) known.set(step, found);
    return found;
  };
}

/** Halves a list of elements along the longest axis of their centres until each part fits. */
function splitByVolume(
  ids: number[],
  input: ChunkPlanInput,
  fits: (count: number, triangles: number) => boolean,
): number[][] {
  if (ids.length === 0) return [];
  const triangles = ids.reduce((sum, id) => sum + input.triangles[id]!, 0);
  if (ids.length === 1 || fits(ids.length, triangles)) return [ids];
  const { boxes } = input;
  const centre = (id: number, axis: number) => boxes[id]![axis]! + boxes[id]![axis + 3]!;
  const spread = [0, 1, 2].map((axis) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const id of ids) {
      const c = centre(id, axis);
      if (c < lo) lo = c;
      if (c > hi) hi = c;
    }
    return hi - lo;
  });
  const axis = spread.indexOf(Math.max(...spread));
  const sorted = [...ids].sort((a, b) => centre(a, axis) - centre(b, axis));
  const half = Math.ceil(sorted.length / 2);
  return [
    ...splitByVolume(sorted.slice(0, half), input, fits),
    ...splitByVolume(sorted.slice(half), input, fits),
  ];
}

function describe(elements: number[], storey: number | null, input: ChunkPlanInput): PlannedChunk {
  const bbox: BoundingBox = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  let triangles = 0;
  for (const id of elements) {
    const box = input.boxes[id]!;
    for (let c = 0; c < 3; c++) {
      if (box[c]! < bbox[c]!) bbox[c] = box[c]!;
      if (box[c + 3]! > bbox[c + 3]!) bbox[c + 3] = box[c + 3]!;
    }
    triangles += input.triangles[id]!;
  }
  return { elements: [...elements].sort((a, b) => a - b), storey, bbox, triangles };
}

/**
 * The prepared scene reduced to some elements: their triangles of each batch (vertices
 * re-indexed, the rest dropped) and their instances of each group (groups without any left
 * out). Boxes, triangle counts and hashes stay whole (the metadata is the whole model's).
 */
export function subsetScene(
  prepared: PreparedScene,
  elements: Iterable<number>,
  /** The subset's batches when already cut (chunkScene). */
  cut?: PreparedBatch[],
): PreparedScene {
  const keep = new Set(elements);
  const batches: PreparedBatch[] =
    cut ?? prepared.batches.map((batch) => subsetBatch(batch, keep)).filter((b) => b !== null);
  let triangles = 0;
  for (const batch of batches) triangles += batch.indices.length / 3;
  const instanceGroups: PreparedInstanceGroup[] = [];
  let instances = 0;
  for (const group of prepared.instanceGroups) {
    const kept = group.instances.filter((element) => keep.has(element));
    if (kept.length === 0) continue;
    instanceGroups.push({ parts: group.parts, instances: kept });
    instances += kept.length;
    for (const part of group.parts) triangles += (part.geometry.indices.length / 3) * kept.length;
  }
  return { ...prepared, batches, instanceGroups, triangles, instances };
}

/**
 * One chunk of a prepared layout: the same as `subsetScene` of the whole prepared scene (same
 * batches, vertices in the same order), but only this chunk's batches are ever built.
 */
export function chunkScene(layout: PreparedLayout, elements: Iterable<number>): PreparedScene {
  const keep = new Set(elements);
  const { batchesOf, materials: _materials, ...rest } = layout;
  const batches: PreparedBatch[] = [];
  for (const batch of batchesOf((element) => keep.has(element))) {
    // Vertices in the order the chunk's triangles first use them, as subsetScene orders them.
    const compact = subsetBatch(batch, keep);
    if (compact) batches.push(compact);
  }
  return subsetScene({ ...rest, batches: [] }, keep, batches);
}

function subsetBatch(batch: PreparedBatch, keep: Set<number>): PreparedBatch | null {
  const { indices, elementIds } = batch;
  const remap = new Int32Array(elementIds.length).fill(-1);
  // Typed, not a growing number[]: a 3-million-triangle batch's indices as JS numbers and their
  // copies while the array grows were the write stage's peak.
  const kept = new Uint32Array(indices.length);
  let keptCount = 0;
  let vertexCount = 0;
  for (let t = 0; t < indices.length; t += 3) {
    // A triangle belongs to the element of its first vertex (one element per vertex).
    if (!keep.has(elementIds[indices[t]!]!)) continue;
    for (let k = 0; k < 3; k++) {
      const v = indices[t + k]!;
      if (remap[v] === -1) remap[v] = vertexCount++;
      kept[keptCount++] = remap[v]!;
    }
  }
  if (keptCount === 0) return null;
  const order = new Uint32Array(vertexCount);
  remap.forEach((to, from) => {
    if (to >= 0) order[to] = from;
  });
  const pick = (source: Float32Array | null, size: number) => {
    if (!source) return null;
    const out = new Float32Array(vertexCount * size);
    for (let i = 0; i < vertexCount; i++)
      for (let c = 0; c < size; c++) out[i * size + c] = source[order[i]! * size + c]!;
    return out;
  };
  const ids = new Uint32Array(vertexCount);
  for (let i = 0; i < vertexCount; i++) ids[i] = elementIds[order[i]!]!;
  return {
    material: batch.material,
    positions: pick(batch.positions, 3)!,
    normals: pick(batch.normals, 3),
    uvs: pick(batch.uvs, 2),
    colors: pick(batch.colors, 4),
    elementIds: ids,
    indices: kept.slice(0, keptCount),
  };
}
