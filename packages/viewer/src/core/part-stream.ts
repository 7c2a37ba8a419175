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
import { decodeGlb, fetchBytes, siblingUrl } from './loader.ts';
import type { SharedUniforms } from './materials.ts';
import { disposeModelMesh, prepareModel } from './model.ts';
import { shiftElementIds, type ModelPart } from './model-part.ts';

/** Where a chunked model's other chunks are fetched from. */
export interface StreamingSource {
  index: ChunkIndex;
  source: ViewableSource;
  fetcher: (url: string, init: RequestInit) => Promise<Response>;
  init: RequestInit;
}

/** What the stream needs of the model host. */
export interface StreamHost {
  root: THREE.Group;
  uniforms: SharedUniforms;
  clippingPlanes: THREE.Plane[];
  /** Whether ghost meshes draw now (x-ray, or elements ghosted on their own). */
  ghostsOn(): boolean;
  state(): ElementState | null;
  /** A part's meshes changed: the host's mesh list and element boxes follow. */
  meshesChanged(): void;
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
  const { index, source, fetcher, init } = streaming;
  // The part holds the coarse chunk's meshes alone now.
  const coarseBytes = geometryBytes(part.meshes);
  return new ChunkStream(
    index,
    part.translation,
    {
      fetch: (chunk, signal) =>
        fetchBytes(
          fetcher,
          siblingUrl(source.glb, chunk.file),
          { ...init, signal: init.signal ? AbortSignal.any([init.signal, signal]) : signal },
          () => undefined,
        ),
      build: async (buffer) => {
        const scene = await decodeGlb(buffer);
        scene.position.set(...part.translation);
        const meshes = prepareModel(scene, host.uniforms);
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
        host.meshesChanged();
      },
      remove: (meshes) => {
        const leaving = new Set(meshes);
        part.meshes.splice(0, part.meshes.length, ...part.meshes.filter((m) => !leaving.has(m)));
        host.meshesChanged();
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
