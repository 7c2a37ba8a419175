/**
 * A three.js object graph (what the three loaders return) -> the converter's scene. Meshes and
 * the groups above them become elements; a BufferGeometry shared by several meshes stays one
 * scene geometry, so the writer can instance it.
 */
import {
  Color,
  Mesh,
  type BufferAttribute,
  type BufferGeometry,
  type InterleavedBufferAttribute,
  type Material,
  type Object3D,
  type Texture,
} from 'three';
import type { ImportContext } from '../importers/context.ts';
import {
  emptyScene,
  sequentialIndices,
  type SceneGeometry,
  type SceneMaterial,
  type SceneModel,
} from '../scene.ts';
import { resolveTextureUrl } from './images.ts';

type Attribute = BufferAttribute | InterleavedBufferAttribute;

function readAttribute(
  attribute: Attribute | undefined,
  size: number,
  fill = 0,
): Float32Array | null {
  if (!attribute) return null;
  const count = attribute.count;
  const out = new Float32Array(count * size);
  const getters = [attribute.getX, attribute.getY, attribute.getZ, attribute.getW];
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < size; c++) {
      out[i * size + c] = c < attribute.itemSize ? getters[c]!.call(attribute, i) : fill;
    }
  }
  return out;
}

interface MaterialInfo {
  name: string;
  color: Color;
  opacity: number;
  transparent: boolean;
  vertexColors: boolean;
  side: number;
  map: Texture | null;
  metalness?: number;
  roughness?: number;
}

interface ThreeSceneOptions {
  upAxis: 'y' | 'z';
  toMetres?: number;
  sourceUnit?: string;
}

/** Converts the loaded object graph; `ctx` resolves texture references from companions. */
export async function sceneFromThree(
  root: Object3D,
  ctx: ImportContext,
  options: ThreeSceneOptions,
): Promise<SceneModel> {
  const scene = emptyScene(options.upAxis);
  scene.toMetres = options.toMetres ?? 1;
  scene.sourceUnit = options.sourceUnit ?? 'unknown';
  root.updateMatrixWorld(true);

  const hasMesh = new Set<Object3D>();
  root.traverse((object) => {
    if (object instanceof Mesh && object.geometry?.attributes?.position) {
      for (let node: Object3D | null = object; node; node = node.parent) hasMesh.add(node);
    }
  });

  const materialIndex = new Map<Material, number>();
  const textureCache = new Map<string, Promise<SceneMaterial['texture']>>();
  const geometryIndex = new Map<string, number>();
  const elementOf = new Map<Object3D, number>();

  const addMaterial = async (
    material: Material | undefined,
    hasColors: boolean,
  ): Promise<number> => {
    const key = material ?? (null as unknown as Material);
    const known = materialIndex.get(key);
    if (known !== undefined) return known;
    const info = (material ?? {}) as Partial<MaterialInfo>;
    const color = info.color instanceof Color ? info.color : new Color(0.7, 0.7, 0.7);
    let texture: SceneMaterial['texture'] = null;
    const url = info.map?.userData?.url as string | undefined;
    if (url) {
      if (!textureCache.has(url)) textureCache.set(url, resolveTextureUrl(url, ctx.companions));
      texture = await textureCache.get(url)!;
    }
    const opacity = info.transparent ? (info.opacity ?? 1) : 1;
    const sceneMaterial: SceneMaterial = {
      name: info.name || `material-${scene.materials.length}`,
      color: [color.r, color.g, color.b, opacity],
      metallic: Math.min(1, Math.max(0, info.metalness ?? 0)),
      roughness: Math.min(1, Math.max(0, info.roughness ?? 0.8)),
      doubleSided: true,
      texture,
      vertexColors: !!info.vertexColors && hasColors,
    };
    const index = scene.materials.length;
    scene.materials.push(sceneMaterial);
    materialIndex.set(key, index);
    return index;
  };

  const addGeometry = (
    geometry: BufferGeometry,
    start: number,
    count: number,
    flipV: boolean,
  ): number => {
    const key = `${geometry.uuid}:${start}:${count}`;
    const known = geometryIndex.get(key);
    if (known !== undefined) return known;
    const positions = readAttribute(geometry.attributes.position, 3)!;
    const vertexCount = positions.length / 3;
    const fullIndex = geometry.index
      ? Uint32Array.from(geometry.index.array as ArrayLike<number>)
      : sequentialIndices(vertexCount);
    const end = Math.min(fullIndex.length, start + count);
    const uvs = readAttribute(geometry.attributes.uv, 2);
    if (uvs && flipV) for (let i = 1; i < uvs.length; i += 2) uvs[i] = 1 - uvs[i]!;
    const sceneGeometry: SceneGeometry = {
      positions,
      normals: readAttribute(geometry.attributes.normal, 3),
      uvs,
      colors: readAttribute(geometry.attributes.color, 4, 1),
      indices: fullIndex.subarray(start, end - ((end - start) % 3)),
    };
    const index = scene.geometries.length;
    scene.geometries.push(sceneGeometry);
    geometryIndex.set(key, index);
    return index;
  };

  const visit = async (object: Object3D, parent: number | null) => {
    if (!hasMesh.has(object)) return;
    const element = scene.elements.length;
    scene.elements.push({
      type: object instanceof Mesh ? 'Mesh' : object === root ? 'Scene' : object.type || 'Group',
      name: object.name || null,
      parent,
    });
    elementOf.set(object, element);
    if (object instanceof Mesh && object.geometry?.attributes?.position) {
      ctx.checkAbort();
      const geometry = object.geometry as BufferGeometry;
      const materials = Array.isArray(object.material) ? object.material : [object.material];
      const hasColors = !!geometry.attributes.color;
      const total = geometry.index ? geometry.index.count : geometry.attributes.position!.count;
      const groups =
        geometry.groups.length > 0
          ? geometry.groups
          : [{ start: 0, count: total, materialIndex: 0 }];
      for (const group of groups) {
        const material = materials[group.materialIndex ?? 0] ?? materials[0];
        const flipV = (material as Partial<MaterialInfo> | undefined)?.map?.flipY !== false;
        scene.placements.push({
          element,
          geometry: addGeometry(
            geometry,
            group.start,
            Math.min(group.count, total - group.start),
            flipV,
          ),
          material: await addMaterial(material, hasColors),
          matrix: Float64Array.from(object.matrixWorld.elements),
        });
      }
    }
    for (const child of object.children) await visit(child, element);
  };
  await visit(root, null);
  return scene;
}
