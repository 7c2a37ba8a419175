/**
 * One model of the scene (the viewer holds one or several: federation, version compare). Its
 * element ids are moved into the viewer's global id space: global id = offset + metadata row,
 * written into the geometry's id attributes once, so picking, boxes, the state texture and edges
 * all see global ids without knowing there are several models.
 */
import * as THREE from 'three';
import type { ModelMetadata } from '@truss/viewable';
import type { LoadedModelInfo, Vec3 } from '../api-types.ts';
import { ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE } from './materials.ts';
import type { ChunkStream } from './chunk-stream.ts';
import { disposeModelMesh, elementCountOf, type ModelMesh } from './model.ts';

export class ModelPart {
  /** Set once the metadata arrived (the single-model `load` draws before it has it). */
  metadata: ModelMetadata | null = null;
  box = new THREE.Box3();
  /** Ids this model reserves from `offset` (geometry ids, and metadata rows once known). */
  count: number;
  /** Set when the model finished loading. */
  info: LoadedModelInfo | null = null;
  /** A chunked viewable's stream of the chunks after the coarse one (chunk-stream.ts). */
  stream: ChunkStream | null = null;

  constructor(
    readonly key: string,
    readonly offset: number,
    readonly translation: Vec3,
    readonly meshes: ModelMesh[],
    readonly root: THREE.Object3D,
  ) {
    this.count = elementCountOf(meshes);
    if (offset > 0) shiftElementIds(meshes, offset);
    this.box = new THREE.Box3().setFromObject(root);
  }

  /** First global id after this model's range. */
  get end(): number {
    return this.offset + this.count;
  }

  setMetadata(metadata: ModelMetadata | null): void {
    this.metadata = metadata;
    if (metadata) this.count = Math.max(this.count, metadata.elements.count);
  }

  contains(id: number): boolean {
    return id >= this.offset && id < this.end;
  }

  detach(): void {
    this.stream?.stop();
    for (const entry of this.meshes) {
      entry.mesh.removeFromParent();
      entry.ghost.removeFromParent();
      disposeModelMesh(entry);
    }
  }
}

/**
 * Adds `offset` to every element id attribute (as 32-bit floats: exact up to 16 M ids; the
 * converter may store them as 8/16-bit integers, which could not hold the shifted values).
 */
export function shiftElementIds(meshes: readonly ModelMesh[], offset: number): void {
  const done = new Set<THREE.BufferGeometry>();
  for (const { mesh, instanced } of meshes) {
    if (done.has(mesh.geometry)) continue;
    done.add(mesh.geometry);
    const name = instanced ? INSTANCE_ELEMENT_ATTRIBUTE : ELEMENT_ATTRIBUTE;
    const ids = mesh.geometry.getAttribute(name);
    if (!ids) continue;
    const shifted = new Float32Array(ids.count);
    for (let i = 0; i < ids.count; i++) shifted[i] = Math.round(ids.getX(i)) + offset;
    const attribute = instanced
      ? new THREE.InstancedBufferAttribute(shifted, 1)
      : new THREE.BufferAttribute(shifted, 1);
    mesh.geometry.setAttribute(name, attribute);
  }
}

const toVec3 = (v: THREE.Vector3): [number, number, number] => [v.x, v.y, v.z];

/** What a load reports of a model once it is built (its metadata in, if it has any). */
export function describePart(part: ModelPart): LoadedModelInfo {
  // GLTFLoader clones a material per variant (flat, instanced): count the file's materials.
  const materials = new Set(part.meshes.flatMap((m) => m.materialNames));
  let triangles = 0;
  for (const m of part.meshes)
    triangles += m.triangles * (m.instanced ? (m.mesh as THREE.InstancedMesh).count : 1);
  return {
    key: part.key,
    offset: part.offset,
    idCount: part.count,
    translation: [...part.translation],
    elementCount: part.metadata?.elements.count ?? part.count,
    triangleCount: triangles,
    materialCount: materials.size,
    bbox: [toVec3(part.box.min), toVec3(part.box.max)],
    metadata: part.metadata,
  };
}
