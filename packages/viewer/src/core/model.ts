/**
 * The loaded model: the converter's batch meshes and instanced meshes, prepared for the engine
 * (element id attributes renamed, materials patched, a ghost twin per mesh for x-ray). The
 * per-element boxes computed from that geometry are in element-boxes.ts.
 */
import * as THREE from 'three';
import { computeBoundsTree, disposeBoundsTree } from 'three-mesh-bvh';
import {
  ELEMENT_ATTRIBUTE,
  INSTANCE_ELEMENT_ATTRIBUTE,
  ghostMaterial,
  modelMaterial,
  tableMaterial,
  type SharedUniforms,
} from './materials.ts';
import {
  BAKE_VERTEX_LIMIT,
  MaterialTable,
  bakeInstances,
  fitsGrid,
  isTransparent,
  mergeGeometries,
  mergeKey,
  mergeable,
  sameInstances,
} from './merge.ts';
import { denormalizing, rawView, setBounds } from './attribute-view.ts';

export interface ModelMesh {
  mesh: THREE.Mesh;
  ghost: THREE.Mesh;
  instanced: boolean;
  triangles: number;
  /** Names of the file's materials this mesh draws (several when merged). */
  materialNames: string[];
}

/** Element id of a vertex (batches) or instance (instanced meshes) of a prepared mesh. */
export function elementIdOf(mesh: THREE.Mesh, faceVertex: number, instanceId?: number): number {
  if ((mesh as THREE.InstancedMesh).isInstancedMesh && instanceId !== undefined) {
    const ids = mesh.geometry.getAttribute(INSTANCE_ELEMENT_ATTRIBUTE);
    return ids ? Math.round(ids.getX(instanceId)) : 0;
  }
  const ids = mesh.geometry.getAttribute(ELEMENT_ATTRIBUTE);
  return ids ? Math.round(ids.getX(faceVertex)) : 0;
}

function triangleCount(geometry: THREE.BufferGeometry): number {
  const count = geometry.index ? geometry.index.count : geometry.getAttribute('position').count;
  return Math.floor(count / 3);
}

/** Renames the glTF id attribute to the engine's and gives the geometry an index. */
function normaliseGeometry(mesh: THREE.Mesh): void {
  const geometry = mesh.geometry;
  const instanced = (mesh as THREE.InstancedMesh).isInstancedMesh === true;
  const [from, to] = instanced
    ? ['_ELEMENT_ID', INSTANCE_ELEMENT_ATTRIBUTE]
    : ['_element_id', ELEMENT_ATTRIBUTE];
  const ids = geometry.getAttribute(from);
  if (ids) {
    geometry.deleteAttribute(from);
    geometry.setAttribute(to, ids);
  }
  if (!geometry.index) {
    const count = geometry.getAttribute('position').count;
    const index = new (count > 65535 ? Uint32Array : Uint16Array)(count);
    for (let i = 0; i < count; i++) index[i] = i;
    geometry.setIndex(new THREE.BufferAttribute(index, 1));
  }
}

const isInstanced = (mesh: THREE.Mesh): mesh is THREE.InstancedMesh =>
  (mesh as THREE.InstancedMesh).isInstancedMesh === true;

/**
 * Small instance groups (merge.ts, BAKE_VERTEX_LIMIT) written out into the largest batch's
 * space, so they join its draw; the others are returned as they are.
 */
function bakeSmallGroups(meshes: THREE.Mesh[]): THREE.Mesh[] {
  const vertices = (mesh: THREE.Mesh) => mesh.geometry.getAttribute('position').count;
  let reference: THREE.Mesh | null = null;
  for (const mesh of meshes) {
    if (isInstanced(mesh) || !mergeable(mesh)) continue;
    if (!reference || vertices(mesh) > vertices(reference)) reference = mesh;
  }
  if (!reference) return meshes;
  const small = (mesh: THREE.Mesh): mesh is THREE.InstancedMesh =>
    isInstanced(mesh) && mergeable(mesh) && mesh.count * vertices(mesh) <= BAKE_VERTEX_LIMIT;
  const groups = meshes.filter(small);
  // A small group reaching outside the batch's quantization grid (a generated tower's doors and
  // windows: three groups, three draws more) cannot be written into it as integers: the batch
  // then holds floats (same values, same transform), and every small group joins it. Known
  // before baking, so each group is baked once (baking is most of a load's prepare on models
  // with many small groups).
  if (!groups.every((mesh) => fitsGrid(mesh, reference))) floatPositions(meshes, reference);
  const baked = new Map<THREE.Mesh, THREE.Mesh | null>();
  for (const mesh of groups)
    baked.set(mesh, bakeInstances(mesh, reference, ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE));
  return meshes.map((mesh) => {
    const result = baked.get(mesh);
    if (!result) return mesh;
    reference.parent?.add(result);
    result.matrix.copy(reference.matrix);
    result.matrixWorld.copy(reference.matrixWorld);
    mesh.removeFromParent();
    mesh.geometry.dispose();
    return result;
  });
}

/**
 * The positions of `reference` and of every plain mesh drawn with it (same transform, same
 * integer encoding: the batch node's other materials) as floats of the same values, so they
 * still merge into one draw. Normalized encodings are left as they are. False when nothing changed.
 */
function floatPositions(meshes: THREE.Mesh[], reference: THREE.Mesh): boolean {
  const position = reference.geometry.getAttribute('position');
  if (position.normalized || position.array instanceof Float32Array) return false;
  const key = mergeKey(reference).split('|').slice(2).join('|');
  for (const mesh of meshes) {
    if (isInstanced(mesh) || !mergeable(mesh)) continue;
    if (mergeKey(mesh).split('|').slice(2).join('|') !== key) continue;
    const from = mesh.geometry.getAttribute('position');
    const values = new Float32Array(from.count * 3);
    const { array, stride, offset } = rawView(from);
    const { divisor, min } = denormalizing(from);
    for (let v = 0; v < from.count; v++)
      for (let c = 0; c < 3; c++) {
        const raw = array[v * stride + offset + c]!;
        values[v * 3 + c] = divisor === 1 ? raw : Math.max(raw / divisor, min);
      }
    mesh.geometry.setAttribute('position', new THREE.BufferAttribute(values, 3));
  }
  return true;
}

const sourceMaterial = (mesh: THREE.Mesh): THREE.Material =>
  Array.isArray(mesh.material) ? mesh.material[0]! : mesh.material;

/**
 * Groups the meshes that may share a draw (merge.ts): per node transform, opacity and instances.
 * Meshes with a texture or vertex colours stay alone.
 */
function mergeGroups(meshes: THREE.Mesh[]): THREE.Mesh[][] {
  const groups = new Map<string, THREE.Mesh[][]>();
  const out: THREE.Mesh[][] = [];
  for (const mesh of meshes) {
    if (!mergeable(mesh)) {
      out.push([mesh]);
      continue;
    }
    const key = mergeKey(mesh);
    const candidates = groups.get(key) ?? [];
    groups.set(key, candidates);
    const instanced = (mesh as THREE.InstancedMesh).isInstancedMesh === true;
    const group = candidates.find(
      (g) => !instanced || sameInstances(g[0] as THREE.InstancedMesh, mesh as THREE.InstancedMesh),
    );
    if (group) group.push(mesh);
    else {
      const created = [mesh];
      candidates.push(created);
      out.push(created);
    }
  }
  return out;
}

/** One mesh drawing every mesh of `group` through the material table (or the mesh itself). */
function mergeGroup(
  group: THREE.Mesh[],
  tableTexture: () => THREE.Texture,
  uniforms: SharedUniforms,
  indices: Map<THREE.Material, number>,
): THREE.Mesh {
  const first = group[0]!;
  const instanced = (first as THREE.InstancedMesh).isInstancedMesh === true;
  const { geometry, mixedNormals, smooth } = mergeGeometries(
    group.map((mesh) => ({
      geometry: mesh.geometry,
      material: indices.get(sourceMaterial(mesh))!,
    })),
    instanced ? null : ELEMENT_ATTRIBUTE,
  );
  const material = tableMaterial(tableTexture(), uniforms, {
    transparent: isTransparent(sourceMaterial(first)),
    smooth,
    mixedNormals,
  });
  let mesh: THREE.Mesh;
  if (instanced) {
    const source = first as THREE.InstancedMesh;
    const ids = first.geometry.getAttribute(INSTANCE_ELEMENT_ATTRIBUTE);
    if (ids) geometry.setAttribute(INSTANCE_ELEMENT_ATTRIBUTE, ids);
    const merged = new THREE.InstancedMesh(geometry, material, source.count);
    merged.instanceMatrix = source.instanceMatrix;
    mesh = merged;
  } else mesh = new THREE.Mesh(geometry, material);
  mesh.name = first.name;
  mesh.matrixWorld.copy(first.matrixWorld);
  first.parent?.add(mesh);
  for (const part of group) {
    part.removeFromParent();
    part.geometry.dispose();
  }
  return mesh;
}

/**
 * Walks the glTF scene: renames `_element_id` / `_ELEMENT_ID` to the engine's attribute names,
 * merges the primitives of a node into one opaque and one transparent mesh over the model's
 * material table (merge.ts), swaps the other materials for patched ones and creates the ghost
 * twins. Does not add anything to a scene.
 */
export function prepareModel(root: THREE.Object3D, uniforms: SharedUniforms): ModelMesh[] {
  root.updateMatrixWorld(true);
  const found: THREE.Mesh[] = [];
  root.traverse((object) => {
    if ((object as THREE.Mesh).isMesh) found.push(object as THREE.Mesh);
  });
  for (const mesh of found) normaliseGeometry(mesh);
  const groups = mergeGroups(bakeSmallGroups(found));

  const table = new MaterialTable();
  const indices = new Map<THREE.Material, number>();
  for (const group of groups) {
    if (group.length === 1 && !mergeable(group[0]!)) continue;
    for (const mesh of group) {
      const source = sourceMaterial(mesh) as THREE.MeshStandardMaterial;
      if (!indices.has(source))
        indices.set(source, table.index(source.color ?? new THREE.Color(0xcccccc), source.opacity));
    }
  }
  let texture: THREE.Texture | null = null;
  const tableTexture = () => (texture ??= table.texture());

  const materials = new Map<THREE.Material, THREE.Material>();
  const ghost = ghostMaterial(uniforms);
  const meshes: ModelMesh[] = [];
  for (const group of groups) {
    const names = [...new Set(group.map((mesh) => sourceMaterial(mesh).name))];
    const sources = new Set(group.map(sourceMaterial));
    let mesh: THREE.Mesh;
    if (group.length === 1 && !mergeable(group[0]!)) {
      mesh = group[0]!;
      const source = sourceMaterial(mesh);
      let material = materials.get(source);
      if (!material) materials.set(source, (material = modelMaterial(source, uniforms)));
      mesh.material = material;
      mesh.matrix.copy(mesh.matrixWorld);
    } else {
      mesh = mergeGroup(group, tableTexture, uniforms, indices);
      mesh.matrix.copy(mesh.matrixWorld);
    }
    for (const source of sources) source.dispose();
    const instanced = (mesh as THREE.InstancedMesh).isInstancedMesh === true;
    const geometry = mesh.geometry;
    // Merged and baked geometry has none yet (the loader's carry the accessors' bounds).
    if (!geometry.boundingBox || !geometry.boundingSphere) setBounds(geometry);
    // The loader re-parents meshes under the engine's model root: bake the world transform.
    mesh.matrixAutoUpdate = false;
    const twin = instanced
      ? new THREE.InstancedMesh(geometry, ghost, (mesh as THREE.InstancedMesh).count)
      : new THREE.Mesh(geometry, ghost);
    if (instanced) {
      (twin as THREE.InstancedMesh).instanceMatrix = (mesh as THREE.InstancedMesh).instanceMatrix;
    }
    twin.matrixAutoUpdate = false;
    twin.matrix.copy(mesh.matrixWorld);
    twin.matrixWorld.copy(mesh.matrixWorld);
    twin.visible = false;
    twin.renderOrder = 10;
    twin.raycast = () => {};
    meshes.push({
      mesh,
      ghost: twin,
      instanced,
      triangles: triangleCount(geometry),
      materialNames: names,
    });
  }
  return meshes;
}

/** Builds the picking BVH of a mesh's geometry once (instanced meshes share one per geometry). */
export function ensureBoundsTree(mesh: THREE.Mesh): void {
  const geometry = mesh.geometry as THREE.BufferGeometry & { boundsTree?: unknown };
  if (!geometry.boundsTree) computeBoundsTree.call(geometry);
}

export function disposeModelMesh(entry: ModelMesh): void {
  const geometry = entry.mesh.geometry as THREE.BufferGeometry & { boundsTree?: unknown };
  if (geometry.boundsTree) disposeBoundsTree.call(geometry);
  geometry.dispose();
  const material = entry.mesh.material as THREE.Material & { map?: THREE.Texture | null };
  material.map?.dispose();
  // A merged mesh's material table (shared by the model's merged meshes: disposing twice is
  // harmless).
  (material.userData.materialTable as THREE.Texture | undefined)?.dispose();
  material.dispose();
  (entry.ghost.material as THREE.Material).dispose();
  if (entry.instanced) (entry.mesh as THREE.InstancedMesh).dispose();
}

/** Largest element id in the model's attributes, + 1. */
export function elementCountOf(meshes: ModelMesh[]): number {
  let max = -1;
  for (const { mesh, instanced } of meshes) {
    const ids = mesh.geometry.getAttribute(
      instanced ? INSTANCE_ELEMENT_ATTRIBUTE : ELEMENT_ATTRIBUTE,
    );
    if (!ids) continue;
    if (ids.normalized) {
      for (let i = 0; i < ids.count; i++) max = Math.max(max, ids.getX(i));
      continue;
    }
    const { array, stride, offset } = rawView(ids);
    for (let i = 0; i < ids.count; i++) {
      const id = array[i * stride + offset]!;
      if (id > max) max = id;
    }
  }
  return Math.round(max) + 1;
}
