/**
 * Holds the loaded model: its meshes in the scene, the element state texture, the per-element
 * boxes, x-ray and edges. `load` fetches, decodes and builds the scene progressively.
 */
import * as THREE from 'three';
import { readMetadata, type ModelMetadata } from '@truss/viewable';
import type { LoadedModelInfo, LoadProgress, ViewableSource } from '../api.ts';
import { EdgesLayer } from '../extensions/edges.ts';
import { ElementState } from './element-state.ts';
import { decodeGlb, fetchBytes, fetchMetadata, nextFrame, throwIfAborted } from './loader.ts';
import { createSharedUniforms } from './materials.ts';
import {
  boxOfElements,
  computeElementBoxes,
  disposeModelMesh,
  elementCountOf,
  ensureBoundsTree,
  prepareModel,
  type ModelMesh,
} from './model.ts';
import { addProgressively } from './progressive.ts';

export interface LoadHooks {
  signal?: AbortSignal | undefined;
  progress(progress: LoadProgress): void;
  /** Meshes and element state exist (nothing drawn yet): place the camera. */
  prepared(): void;
  /** The first slice is in the scene: draw it. */
  firstFrame(): void;
  render(): void;
  /** True when a newer load or dispose() superseded this one. */
  stale(): boolean;
}

const toVec3 = (v: THREE.Vector3): [number, number, number] => [v.x, v.y, v.z];

export class ModelHost {
  readonly uniforms = createSharedUniforms();
  /** Shared by every model material (mutated in place by setClipping). */
  readonly clippingPlanes: THREE.Plane[] = [];
  meshes: ModelMesh[] = [];
  state: ElementState | null = null;
  box = new THREE.Box3();
  metadata: ModelMetadata | null = null;
  private boxes: Float32Array | null = null;
  private readonly edges: EdgesLayer;
  private edgesWanted = false;
  private xray = false;

  constructor(
    private readonly root: THREE.Group,
    decorations: THREE.Group,
  ) {
    this.edges = new EdgesLayer(decorations, this.uniforms, this.clippingPlanes);
  }

  async load(source: ViewableSource, hooks: LoadHooks): Promise<LoadedModelInfo> {
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
    hooks.progress({
      stage: 'decode',
      fraction: null,
      loadedBytes: buffer.byteLength,
      totalBytes: null,
    });
    const scene = await decodeGlb(buffer);
    performance.mark('truss:decoded');
    throwIfAborted(hooks.signal);
    if (hooks.stale()) throw new DOMException('A newer load replaced this one.', 'AbortError');

    this.clear();
    const meshes = prepareModel(scene, this.uniforms);
    this.box = new THREE.Box3().setFromObject(scene);
    this.meshes = meshes;
    this.state = new ElementState(Math.max(1, elementCountOf(meshes)));
    this.uniforms.elementState.value = this.state.texture;
    this.state.sync();
    for (const entry of meshes) {
      (entry.mesh.material as THREE.Material).clippingPlanes = this.clippingPlanes;
      (entry.ghost.material as THREE.Material).clippingPlanes = this.clippingPlanes;
    }
    hooks.prepared();
    performance.mark('truss:prepared');

    await addProgressively(
      meshes,
      (entry) => {
        if (hooks.stale()) throw new DOMException('A newer load replaced this one.', 'AbortError');
        entry.mesh.removeFromParent();
        this.root.add(entry.mesh, entry.ghost);
        entry.ghost.visible = this.xray || (this.state?.ghosted.size ?? 0) > 0;
        entry.mesh.updateMatrixWorld();
        entry.ghost.updateMatrixWorld();
      },
      {
        signal: hooks.signal,
        firstFrame: hooks.firstFrame,
        progress: (fraction) =>
          hooks.progress({
            stage: 'build',
            fraction,
            loadedBytes: buffer.byteLength,
            totalBytes: null,
          }),
      },
    );
    performance.mark('truss:built');
    if (this.edgesWanted) this.edges.set(true, meshes);
    this.metadata = readMetadata(await metadataPromise);
    performance.mark('truss:metadata');
    if (hooks.stale()) throw new DOMException('A newer load replaced this one.', 'AbortError');
    void this.buildBoundsTrees(meshes, hooks.stale);
    this.markSmallElements();

    // GLTFLoader clones a material per variant (flat, instanced): count the file's materials.
    const materials = new Set(meshes.map((m) => (m.mesh.material as THREE.Material).name));
    let triangles = 0;
    for (const m of meshes)
      triangles += m.triangles * (m.instanced ? (m.mesh as THREE.InstancedMesh).count : 1);
    return {
      elementCount: this.metadata?.elements.count ?? this.state.count,
      triangleCount: triangles,
      materialCount: materials.size,
      bbox: [toVec3(this.box.min), toVec3(this.box.max)],
      metadata: this.metadata,
    };
  }

  /** Picking BVHs, a few per frame after loading, so the first pick does not pay for them. */
  private async buildBoundsTrees(meshes: ModelMesh[], stale: () => boolean): Promise<void> {
    for (const entry of meshes) {
      if (stale() || !entry.mesh.parent) return;
      const started = performance.now();
      ensureBoundsTree(entry.mesh);
      if (performance.now() - started > 8) await nextFrame();
    }
  }

  elementBoxes(): Float32Array {
    if (!this.boxes) this.boxes = computeElementBoxes(this.meshes, this.state?.count ?? 0);
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

  /** Box of the visible elements (the whole model when nothing is hidden). */
  visibleBox(): THREE.Box3 {
    const state = this.state;
    if (!state || (state.hidden.size === 0 && state.isolated === null)) return this.box.clone();
    const visible = [...this.drawnElementIds()].filter((id) => state.isVisible(id));
    const box = this.elementsBox(visible);
    return box.isEmpty() ? this.box.clone() : box;
  }

  /**
   * Marks elements smaller than a fraction of the model (box diagonal) for the frame-rate guard.
   * Cheap enough to run once after loading (one pass over the element boxes).
   */
  markSmallElements(fraction = 0.004): void {
    const state = this.state;
    if (!state) return;
    const limit = this.box.getSize(new THREE.Vector3()).length() * fraction;
    const boxes = this.elementBoxes();
    state.small.clear();
    for (const id of this.drawnElementIds()) {
      const o = id * 6;
      const diagonal = Math.hypot(
        boxes[o + 3]! - boxes[o]!,
        boxes[o + 4]! - boxes[o + 1]!,
        boxes[o + 5]! - boxes[o + 2]!,
      );
      if (diagonal < limit) state.small.add(id);
    }
    state.sync();
  }

  setXray(on: boolean): void {
    this.xray = on;
    this.uniforms.xrayOn.value = on ? 1 : 0;
    this.#showGhosts();
  }

  /** Ghost meshes draw in x-ray mode and while some element is ghosted on its own. */
  #showGhosts(): void {
    const on = this.xray || (this.state?.ghosted.size ?? 0) > 0;
    for (const entry of this.meshes) entry.ghost.visible = on;
  }

  /** Replaces the elements ghosted one by one (FLAG_GHOST). */
  setGhosted(ids: Iterable<number>): void {
    const state = this.state;
    if (!state) return;
    const touched = [...state.ghosted];
    state.ghosted.clear();
    for (const id of ids) state.ghosted.add(id);
    state.sync([...touched, ...state.ghosted]);
    this.#showGhosts();
  }

  getXray(): boolean {
    return this.xray;
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

  /** Removes the current model from the scene and frees its GPU resources. */
  clear(): void {
    this.edges.clear();
    for (const entry of this.meshes) {
      entry.mesh.removeFromParent();
      entry.ghost.removeFromParent();
      disposeModelMesh(entry);
    }
    this.meshes = [];
    this.state?.dispose();
    this.state = null;
    this.uniforms.elementState.value = null;
    this.boxes = null;
    this.box = new THREE.Box3();
    this.metadata = null;
  }

  dispose(): void {
    this.clear();
    this.edges.dispose();
  }
}
