/**
 * Streams the chunks of a chunked viewable (`chunks.ts` of @truss/viewable) after its coarse
 * chunk is drawn: fetches a few at a time in priority order (chunk-priority.ts: in view, large
 * on screen, not filtered out), from as soon as the coarse chunk's index is known (`prefetch`,
 * so the requests do not queue behind the page's own on a browser's six connections), decodes
 * each once the coarse chunk is in (`start`) and hands its meshes over, the view orbitable all
 * along (each merge is one chunk's, not the model's).
 *
 * The scene is not drawn again per chunk: a frame of a big model is the expensive part on a
 * software GPU (0.4-2 s with SwiftShader, the main thread held as long), and the next chunk
 * waits for it. The stream asks for a redraw at most once per `redrawMs` (REDRAW_MS), or per four
 * times what the last one cost, and once when the last chunk is in; the camera's own frames draw
 * what is there meanwhile.
 *
 * Memory is bounded: past `budgetBytes` of geometry, the chunks that matter least (out of view,
 * small on screen) are dropped, and fetched again when the camera makes them matter.
 */
import type * as THREE from 'three';
import type { ChunkIndex, ViewableChunk } from '@truss/viewable';
import type { Vec3 } from '../api-types.ts';
import { chunkPriority } from './chunk-priority.ts';
import { nextFrame } from './loader.ts';
import type { ModelMesh } from './model.ts';

/** Chunks fetched at once (the server answers them in parallel; decoding is one at a time). */
const CONCURRENCY = 3;
/** Main-thread time chunks may take in one go before the next frame. */
const SLICE_MS = 12;
/**
 * While streaming, the scene is drawn again for new chunks at most this often (the first time
 * this long after the coarse chunk is in), and once the last chunk is in: with SwiftShader a
 * frame of a 200,000-element tower holds the main thread about 2 s (the software compositor
 * reads the canvas back), which is longer than the chunks take to stream.
 */
export const REDRAW_MS = 2500;
/** Default bound on the geometry kept (bytes of vertex, index and instance buffers). */
export const DEFAULT_BUDGET_BYTES = 768 * 1024 ** 2;
/** A dropped chunk comes back when its priority reaches this (about 1/20 of the view's height). */
const REFETCH_PRIORITY = 0.05;
/** Over the budget, a dropped chunk comes back only when this much more useful than the weakest. */
const REFETCH_MARGIN = 2;

export interface ChunkStreamHooks {
  /** The bytes of a chunk's .glb (its URL resolved beside the viewable's). */
  fetch(chunk: ViewableChunk, signal: AbortSignal): Promise<ArrayBuffer>;
  /** Decoded and prepared meshes of a chunk's bytes (ids moved into the model's range). */
  build(buffer: ArrayBuffer): Promise<ModelMesh[]>;
  /** Puts a chunk's meshes in the scene and the model. */
  add(meshes: ModelMesh[]): void;
  /** Takes them out and frees them. */
  remove(meshes: ModelMesh[]): void;
  camera(): THREE.Camera;
  hiddenStoreys(): ReadonlySet<number>;
  /** Chunks came or went: draw again (at most once per `redrawMs` while streaming). */
  changed(): void;
}

interface Resident {
  meshes: ModelMesh[];
  bytes: number;
}

export interface StreamStats {
  chunks: number;
  resident: number;
  /** Geometry bytes of the resident chunks, the coarse one included (the GPU holds the same). */
  residentBytes: number;
  budgetBytes: number;
  fetchedBytes: number;
  /** Chunks dropped under the budget so far. */
  dropped: number;
}

/** Bytes of a mesh's buffers (attributes, index): what it takes on the GPU. */
export function geometryBytes(meshes: readonly ModelMesh[]): number {
  const seen = new Set<THREE.BufferGeometry>();
  let bytes = 0;
  for (const { mesh } of meshes) {
    const geometry = mesh.geometry;
    if (seen.has(geometry)) continue;
    seen.add(geometry);
    for (const attribute of Object.values(geometry.attributes))
      bytes += (attribute as THREE.BufferAttribute).array?.byteLength ?? 0;
    bytes += geometry.index?.array.byteLength ?? 0;
    const instanced = mesh as THREE.InstancedMesh;
    if (instanced.isInstancedMesh) bytes += instanced.instanceMatrix.array.byteLength;
  }
  return bytes;
}

export class ChunkStream {
  private readonly resident = new Map<number, Resident>();
  private readonly inFlight = new Set<number>();
  private readonly controller = new AbortController();
  private fetchedBytes = 0;
  private dropped = 0;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Settles when every chunk has been in the scene once (the model is loaded). */
  readonly complete: Promise<void>;
  private settleComplete!: () => void;
  private failComplete!: (error: unknown) => void;
  private everLoaded = new Set<number>();
  /** Every chunk was in once: later arrivals are refetches, drawn at once. */
  private loadedOnce = false;
  /** Geometry bytes of the dropped chunks (what fetching one again would add). */
  private readonly droppedBytes = new Map<number, number>();
  /** Opened by start(): until then chunks are fetched (prefetch) but not built. */
  private openGate!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.openGate = resolve));
  /** When the stream last asked for a redraw, and the timer of the one it put off. */
  private lastRedraw = -Infinity;
  private redrawTimer: ReturnType<typeof setTimeout> | null = null;
  /** Redraws asked for by the stream (one per `redrawMs` at most, and the last). */
  redraws = 0;
  /** What the last redraw cost (until the frame after it: the main thread waits for a GPU's). */
  private redrawCost = 0;

  constructor(
    private readonly index: ChunkIndex,
    private readonly translation: Vec3,
    private readonly hooks: ChunkStreamHooks,
    private readonly budgetBytes = DEFAULT_BUDGET_BYTES,
    /** Geometry bytes of the coarse chunk (always kept, outside the budget). */
    private readonly coarseBytes = 0,
    private readonly redrawMs = REDRAW_MS,
  ) {
    this.complete = new Promise<void>((resolve, reject) => {
      this.settleComplete = resolve;
      this.failComplete = reject;
    });
    this.complete.catch(() => undefined);
  }

  /** The streamed chunks (the coarse chunk, index 0, is the model's own .glb). */
  private get streamed(): ViewableChunk[] {
    return this.index.chunks.filter((chunk) => chunk.index > 0);
  }

  /**
   * Starts fetching (best first, for the camera as it is) without building anything: called as
   * soon as the coarse chunk's index is read, so the chunks' requests go out before the page's.
   */
  prefetch(): void {
    this.running ??= this.loop().catch((error: unknown) => {
      if (!this.controller.signal.aborted) this.failComplete(error);
    });
  }

  /** The coarse chunk is in: chunks go into the scene as they arrive (fetching starts if not yet). */
  start(): void {
    this.prefetch();
    // The coarse chunk was just drawn: the next redraw waits its turn.
    if (this.lastRedraw === -Infinity) this.lastRedraw = performance.now();
    this.openGate();
    if (this.streamed.length === 0) this.settleComplete();
  }

  /** The camera or a filter changed: fetch what now matters (dropped chunks included). */
  reprioritise(): void {
    this.wake?.();
  }

  stop(): void {
    this.controller.abort();
    this.openGate();
    this.wake?.();
    if (this.redrawTimer) clearTimeout(this.redrawTimer);
    this.redrawTimer = null;
  }

  /**
   * Chunks came or went: a redraw now when the last one the stream asked for is `redrawMs` old,
   * else one then (several chunks in one frame); `now` (the last chunk) at once.
   */
  private redraw(now: boolean): void {
    // A frame that costs much (a software GPU) is drawn less often: at most a quarter of the time.
    const interval = Math.max(this.redrawMs, 4 * this.redrawCost);
    const due = this.lastRedraw + interval - performance.now();
    if (!now && due > 0) {
      this.redrawTimer ??= setTimeout(() => {
        this.redrawTimer = null;
        if (!this.controller.signal.aborted) this.redraw(true);
      }, due);
      return;
    }
    if (this.redrawTimer) clearTimeout(this.redrawTimer);
    this.redrawTimer = null;
    const asked = performance.now();
    this.lastRedraw = asked;
    this.redraws++;
    this.hooks.changed();
    // Drawn on the next animation frame; the one after it comes once that frame is out.
    void nextFrame()
      .then(() => nextFrame())
      .then(() => {
        this.redrawCost = performance.now() - asked;
        this.lastRedraw = performance.now();
      });
  }

  stats(): StreamStats {
    let residentBytes = this.coarseBytes;
    for (const r of this.resident.values()) residentBytes += r.bytes;
    return {
      chunks: this.index.chunks.length,
      resident: this.resident.size + 1,
      residentBytes,
      budgetBytes: this.budgetBytes,
      fetchedBytes: this.fetchedBytes,
      dropped: this.dropped,
    };
  }

  private priority(chunk: ViewableChunk): number {
    return chunkPriority(chunk, {
      camera: this.hooks.camera(),
      translation: this.translation,
      hiddenStoreys: this.hooks.hiddenStoreys(),
    });
  }

  /**
   * Chunks to fetch next, best first: never loaded ones, or dropped ones that matter again: large
   * enough on screen, and either room in the budget for them or more useful than a resident
   * chunk by a margin (so a chunk is not fetched only to be dropped again).
   */
  private wanted(): ViewableChunk[] {
    const candidates: { chunk: ViewableChunk; score: number }[] = [];
    let used = 0;
    let weakest = Infinity;
    for (const [index, r] of this.resident) {
      used += r.bytes;
      weakest = Math.min(weakest, this.priority(this.index.chunks[index]!));
    }
    for (const chunk of this.streamed) {
      if (this.resident.has(chunk.index) || this.inFlight.has(chunk.index)) continue;
      const score = this.priority(chunk);
      const bytes = this.droppedBytes.get(chunk.index);
      if (bytes !== undefined) {
        if (score < REFETCH_PRIORITY) continue;
        if (used + bytes > this.budgetBytes && score < weakest * REFETCH_MARGIN) continue;
      }
      candidates.push({ chunk, score });
    }
    return candidates.sort((a, b) => b.score - a.score).map((c) => c.chunk);
  }

  private async loop(): Promise<void> {
    const { signal } = this.controller;
    // Fetched ahead of being built (compressed bytes, small): built in turn, best first.
    const ready: { chunk: ViewableChunk; buffer: ArrayBuffer }[] = [];
    let notify: (() => void) | null = null;
    let fetching = 0;
    let gateOpen = false;
    void this.gate.then(() => {
      gateOpen = true;
      notify?.();
    });
    const pump = () => {
      for (const chunk of this.wanted()) {
        if (fetching >= CONCURRENCY) break;
        this.inFlight.add(chunk.index);
        fetching++;
        this.hooks
          .fetch(chunk, signal)
          .then((buffer) => {
            this.fetchedBytes += buffer.byteLength;
            ready.push({ chunk, buffer });
          })
          .catch((error: unknown) => {
            this.inFlight.delete(chunk.index);
            if (!signal.aborted) this.failComplete(error);
          })
          .finally(() => {
            fetching--;
            notify?.();
          });
      }
    };
    let sliceStarted = -Infinity;
    while (!signal.aborted) {
      pump();
      if (ready.length === 0 || !gateOpen) {
        if (this.inFlight.size === 0) {
          // Nothing to fetch: wait for the camera (or stop) to give a reason.
          await new Promise<void>((resolve) => (this.wake = resolve));
          this.wake = null;
          continue;
        }
        await new Promise<void>((resolve) => (notify = resolve));
        notify = null;
        continue;
      }
      // Best of what arrived first (the camera may have moved since it was asked for).
      ready.sort((a, b) => this.priority(b.chunk) - this.priority(a.chunk));
      const { chunk, buffer } = ready.shift()!;
      // Chunks that arrive together go in within one slice (the redraw is put off apart).
      if (performance.now() - sliceStarted > SLICE_MS) {
        await nextFrame();
        sliceStarted = performance.now();
      }
      if (signal.aborted) return;
      const meshes = await this.hooks.build(buffer);
      if (signal.aborted) return;
      this.inFlight.delete(chunk.index);
      this.hooks.add(meshes);
      this.resident.set(chunk.index, { meshes, bytes: geometryBytes(meshes) });
      this.droppedBytes.delete(chunk.index);
      this.everLoaded.add(chunk.index);
      this.evict();
      const last = this.everLoaded.size === this.streamed.length;
      // The last chunk of the load is drawn at once; so is a chunk fetched again later (the
      // camera moved to where it was dropped).
      this.redraw(last || this.loadedOnce);
      if (last) {
        this.loadedOnce = true;
        this.settleComplete();
      }
    }
  }

  /**
   * Drops the least useful chunks while over the budget: the one just added too when it is the
   * least useful (it was drawn once; it comes back when the camera makes it matter).
   */
  private evict(): void {
    let total = 0;
    for (const r of this.resident.values()) total += r.bytes;
    if (total <= this.budgetBytes) return;
    const ranked = [...this.resident.keys()]
      .map((index) => ({ index, score: this.priority(this.index.chunks[index]!) }))
      .sort((a, b) => a.score - b.score);
    for (const { index } of ranked) {
      if (total <= this.budgetBytes) break;
      const r = this.resident.get(index)!;
      this.hooks.remove(r.meshes);
      this.resident.delete(index);
      this.droppedBytes.set(index, r.bytes);
      total -= r.bytes;
      this.dropped++;
    }
  }
}
