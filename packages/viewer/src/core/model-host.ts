/**
 * Holds the loaded models: their meshes in the scene, the per-element boxes and edges; how their
 * elements are displayed (the state texture they share, x-ray, ghosts) is `elements`
 * (element-display.ts). `load` fetches, decodes and builds a model progressively, replacing every
 * model or (append) beside those already there, its ids after theirs.
 */
import * as THREE from 'three';
import { readChunkIndex, readMetadata, type ModelMetadata } from '@truss/viewable';
import type { LoadedModelInfo, LoadProgress, Vec3, ViewableSource } from '../api-types.ts';
import { EdgesLayer } from './edges.ts';
import { ElementDisplay } from './element-display.ts';
import { chunkBox } from './chunk-priority.ts';
import type { ChunkStream, StreamStats } from './chunk-stream.ts';
import { quietMoment } from './idle.ts';
import {
  decodeGltf,
  fetchBytes,
  fetchMetadata,
  glbJson,
  nextFrame,
  throwIfAborted,
} from './loader.ts';
import { createPartStream, prefetchChunks, type StreamingSource } from './part-stream.ts';
import { createSharedUniforms } from './materials.ts';
import {
  boxOfElements,
  computeElementBoxes,
  elementBoxTable,
  growElementBoxes,
} from './element-boxes.ts';
import { ensureBoundsTree, prepareModel, type ModelMesh } from './model.ts';
import { describePart, ModelPart } from './model-part.ts';
import { addProgressively } from './progressive.ts';
import { disposeWarmUp, warmUpBatchProgram } from './program-warmup.ts';

interface LoadHooks {
  signal?: AbortSignal | undefined;
  /** Model key (unique in the viewer). */
  key: string;
  /**
   * World = file coordinates + translation; null: aligned by the stored coordinates (the
   * metadata's origin minus the reference origin, see api.ts).
   */
  translation: Vec3 | null;
  /** Keep the models already loaded (their ids stay; this one's follow them). */
  append: boolean;
  progress(progress: LoadProgress): void;
  /** Meshes and element state exist (nothing drawn yet): place the camera. */
  prepared(): void;
  /** The first slice is in the scene: draw it. */
  firstFrame(): void;
  render(): void;
  /** The view's camera: a chunked model streams what it sees first. */
  camera(): THREE.Camera;
  /** True when a newer load or dispose() superseded this one. */
  stale(): boolean;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const superseded = () => new DOMException('A newer load replaced this one.', 'AbortError');

export class ModelHost {
  readonly uniforms = createSharedUniforms();
  /** Shared by every model material (mutated in place by setClipping). */
  readonly clippingPlanes: THREE.Plane[] = [];
  parts: ModelPart[] = [];
  meshes: ModelMesh[] = [];
  box = new THREE.Box3();
  /** The element state texture, x-ray, ghosts and small elements of every model. */
  readonly elements: ElementDisplay;
  private boxes: Float32Array | null = null;
  private readonly edges: EdgesLayer;
  private edgesWanted = false;
  /** Bumped by clear(): appends started before it are stale. */
  private generation = 0;
  /** Settles once the replacing load's metadata (and so its id range) is known. */
  private reservation: Promise<void> = Promise.resolve();
  /**
   * The coordinates (converter origin) that world 0 stands for: set by the first model, so the
   * others are placed by their stored origins relative to it.
   */
  private reference: Vec3 | null = null;
  /** What warmUp compiled, kept so its program stays cached for the model's materials. */
  private warm: THREE.Mesh | null = null;

  constructor(
    private readonly root: THREE.Group,
    decorations: THREE.Group,
  ) {
    this.edges = new EdgesLayer(decorations, this.uniforms, this.clippingPlanes);
    this.elements = new ElementDisplay(this.uniforms, this);
  }

  /**
   * Starts compiling the model batches' usual program before any model is here
   * (program-warmup.ts).
   */
  warmUp(renderer: THREE.WebGLRenderer, camera: THREE.Camera, scene: THREE.Scene): void {
    this.warm ??= warmUpBatchProgram(renderer, camera, scene, this.uniforms, this.clippingPlanes);
  }

  /** The first model's metadata (storeys for walk mode, single-model callers). */
  get metadata(): ModelMetadata | null {
    return this.parts[0]?.metadata ?? null;
  }

  async load(source: ViewableSource, hooks: LoadHooks): Promise<LoadedModelInfo> {
    if (hooks.append) return this.loadPart(source, hooks);
    // Models added while this one loads wait for its id range (known with its metadata).
    let settle = () => {};
    this.reservation = new Promise<void>((resolve) => (settle = resolve));
    try {
      return await this.loadPart(source, hooks);
    } finally {
      settle();
    }
  }

  private async loadPart(source: ViewableSource, hooks: LoadHooks): Promise<LoadedModelInfo> {
    const generation = this.generation;
    const stale = () => hooks.stale() || (hooks.append && generation !== this.generation) || false;
    const init: RequestInit = { ...source.requestInit };
    if (hooks.signal) init.signal = hooks.signal;
    const fetcher = source.fetch ?? ((url: string, request: RequestInit) => fetch(url, request));
    const metadataPromise = source.metadata
      ? fetchMetadata(fetcher, source.metadata, init)
      : Promise.resolve(null);
    // Observed here so an early failure is not reported as unhandled; awaited below.
    metadataPromise.catch(() => undefined);
    const buffer = await fetchBytes(fetcher, source.glb, init, hooks.progress);
    // Marks on the performance timeline (no logging) let benchmarks see where load time goes.
    performance.mark('truss:fetched');
    throwIfAborted(hooks.signal);
    // A chunked viewable's first chunks are asked for now, before the decode (whose progress
    // lets the page ask for its own files).
    const peeked = readChunkIndex(glbJson(buffer));
    const prefetched = peeked ? prefetchChunks(peeked, { source, fetcher, init }) : null;
    hooks.progress({
      stage: 'decode',
      fraction: null,
      loadedBytes: buffer.byteLength,
      totalBytes: null,
    });
    const streams = (await source.decodedStreams?.catch(() => null)) ?? undefined;
    const { scene, json } = await decodeGltf(buffer, streams);
    // A chunked viewable: this was its coarse chunk, the index says where the rest is.
    const chunks = readChunkIndex(json);
    // A preview of the whole model is on screen: the first frame must not show less of it.
    const whole = streams?.drawn === true;
    // What this decode did not take is of no use to anyone.
    streams?.clear();
    performance.mark('truss:decoded');
    // An appended model needs its id range before its ids are shifted: its metadata rows and
    // the ranges of the models before it.
    const early = hooks.append ? readMetadata(await metadataPromise) : null;
    if (hooks.append) await this.reservation;
    throwIfAborted(hooks.signal);
    if (stale()) throw superseded();
    // A replacing load takes the place of every model (key included): only an append can clash.
    if (hooks.append && this.parts.some((p) => p.key === hooks.key))
      throw new Error(`A model with the key "${hooks.key}" is already loaded.`);

    if (!hooks.append) this.clear();
    const translation = this.placement(early, hooks.translation);
    scene.position.set(...translation);
    const meshes = prepareModel(scene, this.uniforms);
    const offset = hooks.append ? this.nextOffset() : 0;
    const part = new ModelPart(hooks.key, offset, translation, meshes, scene);
    if (chunks) {
      // The whole model's ids and box, not the coarse chunk's: the camera fits the building.
      part.count = Math.max(part.count, chunks.elements);
      for (const chunk of chunks.chunks) part.box.union(chunkBox(chunk, translation));
    }
    if (hooks.append) part.setMetadata(early);
    const streaming = chunks ? { index: chunks, source, fetcher, init, prefetched } : null;
    return this.build(
      part,
      buffer.byteLength,
      metadataPromise,
      { ...hooks, whole },
      stale,
      streaming,
    );
  }

  private async build(
    part: ModelPart,
    bytes: number,
    metadataPromise: Promise<unknown>,
    hooks: LoadHooks & { whole: boolean },
    stale: () => boolean,
    streaming: StreamingSource | null = null,
  ): Promise<LoadedModelInfo> {
    const gone = () => stale() || !this.parts.includes(part);
    this.parts.push(part);
    this.meshes = this.parts.flatMap((p) => p.meshes);
    this.updateBox();
    this.boxes = null;
    this.elements.grow(this.nextOffset());
    for (const entry of part.meshes) {
      (entry.mesh.material as THREE.Material).clippingPlanes = this.clippingPlanes;
      (entry.ghost.material as THREE.Material).clippingPlanes = this.clippingPlanes;
    }
    // Made now, started once the coarse chunk is in: its figures exist from the first frame.
    const stream = streaming
      ? createPartStream(part, streaming, {
          root: this.root,
          uniforms: this.uniforms,
          clippingPlanes: this.clippingPlanes,
          ghostsOn: () => this.elements.ghostsOn(),
          state: () => this.elements.state,
          meshesAdded: (meshes) => {
            const known = this.boxes !== null;
            this.meshes = this.parts.flatMap((p) => p.meshes);
            // Computed with the first chunk, then a chunk at a time: never all at once after the
            // load (a 100-200 ms task on the 200k tower).
            if (known) growElementBoxes(this.elementBoxes(), meshes);
            else this.elementBoxes();
          },
          meshesRemoved: () => {
            this.meshes = this.parts.flatMap((p) => p.meshes);
            this.boxes = null;
          },
          camera: () => hooks.camera(),
          render: () => hooks.render(),
          gone,
        })
      : null;
    part.stream = stream;
    hooks.prepared();
    performance.mark('truss:prepared');
    // Fetching goes on (for the camera just placed) while the coarse chunk is built; building
    // the chunks waits for it.
    stream?.prefetch();

    await addProgressively(
      part.meshes,
      (entry) => {
        if (gone()) throw superseded();
        entry.mesh.removeFromParent();
        this.root.add(entry.mesh, entry.ghost);
        entry.ghost.visible = this.elements.ghostsOn();
        entry.mesh.updateMatrixWorld();
        entry.ghost.updateMatrixWorld();
      },
      {
        signal: hooks.signal,
        whole: hooks.whole,
        // Under a preview, the engine's first frame is the same picture: drawn with the next
        // animation frame, so the load does not wait on the GPU, still busy with the preview
        // (a software renderer takes 100-200 ms for it; three's first draw asks the GPU process
        // about its programs and waits for it).
        firstFrame: hooks.whole
          ? () => void nextFrame().then(() => (gone() ? undefined : hooks.firstFrame()))
          : hooks.firstFrame,
        progress: (fraction) =>
          hooks.progress({ stage: 'build', fraction, loadedBytes: bytes, totalBytes: null }),
      },
    );
    performance.mark('truss:built');
    // The other chunks stream while the metadata arrives and the coarse chunk is finished.
    stream?.start();
    if (this.edgesWanted) this.edges.set(true, this.meshes);
    if (!part.metadata) {
      const metadata = readMetadata(await metadataPromise);
      part.setMetadata(metadata);
      if (this.reference === null && metadata)
        this.reference = sub(metadata.origin, part.translation);
    }
    performance.mark('truss:metadata');
    if (gone()) throw superseded();
    // The boxes so far stay: the metadata's rows add elements, not geometry (elementBoxes).
    this.elements.grow(this.nextOffset());
    if (stream) await this.finishStream(part, stream, hooks, gone);
    void this.afterLoad(part.meshes, gone);

    part.info = describePart(part);
    return part.info;
  }

  /**
   * Resolves once every chunk was in the scene: the model is loaded. The view is drawn and
   * orbitable all along.
   */
  private async finishStream(
    part: ModelPart,
    stream: ChunkStream,
    hooks: LoadHooks,
    gone: () => boolean,
  ): Promise<void> {
    const abort = () => stream.stop();
    hooks.signal?.addEventListener('abort', abort, { once: true });
    try {
      await stream.complete;
    } finally {
      hooks.signal?.removeEventListener('abort', abort);
    }
    performance.mark('truss:streamed');
    if (gone()) throw superseded();
    if (this.edgesWanted) this.edges.set(true, this.meshes);
  }

  /** The camera moved: chunked models fetch what now matters. */
  cameraMoved(): void {
    for (const part of this.parts) part.stream?.reprioritise();
  }

  /** Streaming figures of the chunked models (null when none is chunked). */
  streamStats(): StreamStats | null {
    const streams = this.parts.flatMap((p) => (p.stream ? [p.stream.stats()] : []));
    if (streams.length === 0) return null;
    return streams.reduce((sum, s) => ({
      chunks: sum.chunks + s.chunks,
      resident: sum.resident + s.resident,
      residentBytes: sum.residentBytes + s.residentBytes,
      budgetBytes: sum.budgetBytes + s.budgetBytes,
      fetchedBytes: sum.fetchedBytes + s.fetchedBytes,
      dropped: sum.dropped + s.dropped,
    }));
  }

  /**
   * The translation of a model about to be placed: the given one, else its stored origin minus
   * the reference (0 for the first model, which sets the reference when its metadata is known).
   */
  private placement(metadata: ModelMetadata | null, given: Vec3 | null): Vec3 {
    if (!this.parts.length) this.reference = null;
    const origin = metadata?.origin ?? null;
    const translation: Vec3 =
      given ?? (origin && this.reference ? sub(origin, this.reference) : [0, 0, 0]);
    if (this.reference === null && origin) this.reference = sub(origin, translation);
    return translation;
  }

  private nextOffset(): number {
    return this.parts.reduce((end, p) => Math.max(end, p.end), 0);
  }

  private updateBox(): void {
    this.box = new THREE.Box3();
    for (const part of this.parts) this.box.union(part.box);
  }

  /**
   * What only the frames after loading need, from the next frame on (not between the last batch
   * and the load's end, where it held up the page's start): the small elements for the frame-rate
   * guard (a pass over every vertex for the element boxes, and the state texture again), then, at
   * a quiet moment (idle.ts), the picking BVHs, a few per frame, so the first pick does not pay
   * for them (a pick before then builds what it needs itself).
   */
  private async afterLoad(meshes: ModelMesh[], stale: () => boolean): Promise<void> {
    await nextFrame();
    if (stale()) return;
    this.elements.markSmallElements();
    // One mesh's BVH may take 200 ms on a slow machine: at a quiet moment, not in the middle
    // of the page's start (which follows the load's end).
    await quietMoment();
    for (const entry of meshes) {
      if (stale() || !entry.mesh.parent) return;
      const started = performance.now();
      ensureBoundsTree(entry.mesh);
      if (performance.now() - started > 8) await nextFrame();
    }
  }

  partOf(id: number): ModelPart | null {
    return this.parts.find((p) => p.contains(id)) ?? null;
  }

  /** Kept up to date as chunks come in (growElementBoxes); computed again when meshes leave. */
  elementBoxes(): Float32Array {
    const count = this.elements.state?.count ?? 0;
    if (!this.boxes) this.boxes = computeElementBoxes(this.meshes, count);
    // More ids than when they were computed (the metadata's rows): the new ones draw nothing yet.
    else if (this.boxes.length !== count * 6) this.boxes = elementBoxTable(count, this.boxes);
    return this.boxes;
  }

  /** Ids of the elements that draw something. */
  *drawnElementIds(): Iterable<number> {
    const boxes = this.elementBoxes();
    for (let id = 0; id * 6 < boxes.length; id++)
      if (boxes[id * 6]! <= boxes[id * 6 + 3]!) yield id;
  }

  elementsBox(ids: Iterable<number>): THREE.Box3 {
    return boxOfElements(this.elementBoxes(), ids);
  }

  setEdges(on: boolean): void {
    this.edgesWanted = on;
    this.edges.set(
      on,
      this.meshes.filter((m) => m.mesh.parent),
    );
  }

  edgesOn(): boolean {
    return this.edgesWanted;
  }

  /** Removes one model (its ids leave every state set); false when no model has that key. */
  remove(key: string): boolean {
    const part = this.parts.find((p) => p.key === key);
    if (!part) return false;
    this.edges.clear();
    part.detach();
    this.parts = this.parts.filter((p) => p !== part);
    this.meshes = this.parts.flatMap((p) => p.meshes);
    this.elements.forget((id) => part.contains(id));
    this.boxes = null;
    this.updateBox();
    if (this.edgesWanted) this.edges.set(true, this.meshes);
    if (!this.parts.length) this.clear();
    return true;
  }

  /** Removes every model from the scene and frees their GPU resources. */
  clear(): void {
    this.generation++;
    this.edges.clear();
    for (const part of this.parts) part.detach();
    this.parts = [];
    this.meshes = [];
    this.elements.clear();
    this.boxes = null;
    this.box = new THREE.Box3();
  }

  dispose(): void {
    this.clear();
    this.edges.dispose();
    disposeWarmUp(this.warm);
    this.warm = null;
  }
}
