/**
 * A chunked model's stream (chunk-stream.ts) wired into the model host: chunks fetched beside the
 * model's .glb, decoded and prepared like it (same shared uniforms: selection, x-ray, colours and
 * visibility reach them through the element state), their ids moved into the model's range, put
 * into the scene and the model part, and freed when dropped.
 */
import type * as THREE from 'three';
import type { ChunkIndex } from '@truss/viewable';
import type { ViewableSource } from '../api-types.ts';
import { ChunkStream, DEFAULT_BUDGET_BYTES, geometryBytes } from './chunk-stream.ts';
import type { ElementState } from './element-state.ts';
import { decodeGlb, decodeInWorker, fetchBytes, siblingUrl } from './loader.ts';
import type { SharedUniforms } from './materials.ts';
import { disposeModelMesh, prepareModel, type ModelMesh } from './model.ts';
import { shiftElementIds, type ModelPart } from './model-part.ts';

/** Where a chunked model's other chunks are fetched from. */
export interface StreamingSource {
  index: ChunkIndex;
  source: ViewableSource;
  fetcher: (url: string, init: RequestInit) => Promise<Response>;
  init: RequestInit;
  /** Chunks asked for before the stream existed (prefetchChunks), by index. */
  prefetched?: Map<number, Promise<ArrayBuffer>> | null;
}

/** Chunks asked for as soon as the coarse chunk's bytes are in (before its decode). */
export const PREFETCH_CHUNKS = 4;

function fetchChunk(
  streaming: Omit<StreamingSource, 'index' | 'prefetched'>,
  file: string,
  signal: AbortSignal | null,
): Promise<ArrayBuffer> {
  const { source, fetcher, init } = streaming;
  const signals = [init.signal, signal].filter((s): s is AbortSignal => !!s);
  return fetchBytes(
    fetcher,
    siblingUrl(source.glb, file),
    {
      ...init,
      // Ahead of the page's own files, which are asked for as the coarse chunk decodes.
      priority: 'high',
      ...(signals.length ? { signal: AbortSignal.any(signals) } : {}),
    },
    () => undefined,
  );
}

/**
 * The first chunks of a chunked viewable (in the index's order: bottom storeys first), asked for
 * the moment the coarse chunk's index is known: on a browser's six connections per host they
 * would otherwise wait for the page's files, asked for while the coarse chunk decodes.
 */
export function prefetchChunks(
  index: ChunkIndex,
  streaming: Omit<StreamingSource, 'index' | 'prefetched'>,
  count = PREFETCH_CHUNKS,
): Map<number, Promise<ArrayBuffer>> {
  const prefetched = new Map<number, Promise<ArrayBuffer>>();
  for (const chunk of index.chunks) {
    if (chunk.index === 0) continue;
    if (prefetched.size >= count) break;
    const bytes = fetchChunk(streaming, chunk.file, null);
    // Observed here: a load given up before the stream takes it must not report it unhandled.
    bytes.catch(() => undefined);
    prefetched.set(chunk.index, bytes);
  }
  return prefetched;
}

/** What the stream needs of the model host. */
export interface StreamHost {
  root: THREE.Group;
  uniforms: SharedUniforms;
  clippingPlanes: THREE.Plane[];
  /** Whether ghost meshes draw now (x-ray, or elements ghosted on their own). */
  ghostsOn(): boolean;
  state(): ElementState | null;
  /** A chunk's meshes joined the part: the host's mesh list and element boxes follow. */
  meshesAdded(meshes: ModelMesh[]): void;
  /** Meshes left the part (dropped chunks). */
  meshesRemoved(): void;
  camera(): THREE.Camera;
  render(): void;
  /** The load was superseded or the model removed. */
  gone(): boolean;
}

export function createPartStream(
  part: ModelPart,
  streaming: StreamingSource,
  host: StreamHost,
): ChunkStream {
  const { index, prefetched } = streaming;
  // The part holds the coarse chunk's meshes alone now.
  const coarseBytes = geometryBytes(part.meshes);
  return new ChunkStream(
    index,
    part.translation,
    {
      fetch: (chunk, signal) => {
        const early = prefetched?.get(chunk.index);
        prefetched?.delete(chunk.index);
        return early ?? fetchChunk(streaming, chunk.file, signal);
      },
      build: async (buffer) => {
        decodeInWorker();
        const started = performance.now();
        const scene = await decodeGlb(buffer);
        const decoded = performance.now();
        scene.position.set(...part.translation);
        const meshes = prepareModel(scene, host.uniforms);
        // On the performance timeline (no logging): where a chunk's main-thread time goes.
        performance.measure('truss:chunk-decode', { start: started, end: decoded });
        performance.measure('truss:chunk-prepare', { start: decoded, end: performance.now() });
        if (part.offset > 0) shiftElementIds(meshes, part.offset);
        return meshes;
      },
      add: (meshes) => {
        if (host.gone()) return;
        const ghosts = host.ghostsOn();
        for (const entry of meshes) {
          (entry.mesh.material as THREE.Material).clippingPlanes = host.clippingPlanes;
          (entry.ghost.material as THREE.Material).clippingPlanes = host.clippingPlanes;
          host.root.add(entry.mesh, entry.ghost);
          entry.ghost.visible = ghosts;
          entry.mesh.updateMatrixWorld();
          entry.ghost.updateMatrixWorld();
          part.meshes.push(entry);
        }
        host.meshesAdded(meshes);
      },
      remove: (meshes) => {
        const leaving = new Set(meshes);
        part.meshes.splice(0, part.meshes.length, ...part.meshes.filter((m) => !leaving.has(m)));
        host.meshesRemoved();
        for (const entry of meshes) {
          entry.mesh.removeFromParent();
          entry.ghost.removeFromParent();
          disposeModelMesh(entry);
        }
      },
      camera: () => host.camera(),
      // A storey a filter hides (its own element hidden or isolated away) streams last.
      hiddenStoreys: () => {
        const state = host.state();
        const hidden = new Set<number>();
        if (!state) return hidden;
        for (const chunk of index.chunks)
          if (chunk.storey !== null && !state.isVisible(chunk.storey + part.offset))
            hidden.add(chunk.storey);
        return hidden;
      },
      changed: () => host.render(),
    },
    DEFAULT_BUDGET_BYTES,
    coarseBytes,
  );
}
