/**
 * glTF 2.0 (.gltf with embedded or companion resources, .glb) read with gltf-transform, then
 * re-batched like every other format. Nodes with meshes become elements; a mesh used by several
 * nodes stays one geometry (instanceable); EXT_mesh_gpu_instancing input is expanded.
 */
import {
  Logger,
  NodeIO,
  type Accessor,
  type Document,
  type Material,
  type Node,
  type Primitive,
} from '@gltf-transform/core';
import { ALL_EXTENSIONS, type InstancedMesh } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { MalformedFileError } from '../errors.ts';
import { emptyScene, sequentialIndices, type SceneMaterial, type SceneModel } from '../scene.ts';
import { sniffImage } from '../three/images.ts';
import { multiply, type Mat4 } from '../pipeline/matrix.ts';
import { findCompanion, type ImportContext } from './context.ts';

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

function readFloats(accessor: Accessor | null, size: number, fill = 0): Float32Array | null {
  if (!accessor) return null;
  const count = accessor.getCount();
  const out = new Float32Array(count * size);
  const element: number[] = [];
  for (let i = 0; i < count; i++) {
    accessor.getElement(i, element);
    for (let c = 0; c < size; c++) out[i * size + c] = element[c] ?? fill;
  }
  return out;
}

function triangleIndices(primitive: Primitive, vertexCount: number): Uint32Array | null {
  const source = primitive.getIndices()?.getArray();
  const indices = source
    ? Uint32Array.from(source as ArrayLike<number>)
    : sequentialIndices(vertexCount);
  const mode = primitive.getMode();
  if (mode === TRIANGLES) return indices;
  const list: number[] = [];
  for (let i = 2; i < indices.length; i++) {
    if (mode === TRIANGLE_STRIP) {
      if (i % 2 === 0) list.push(indices[i - 2]!, indices[i - 1]!, indices[i]!);
      else list.push(indices[i - 1]!, indices[i - 2]!, indices[i]!);
    } else if (mode === TRIANGLE_FAN) list.push(indices[0]!, indices[i - 1]!, indices[i]!);
  }
  return mode === TRIANGLE_STRIP || mode === TRIANGLE_FAN ? Uint32Array.from(list) : null;
}

async function readDocument(bytes: Uint8Array, ctx: ImportContext): Promise<Document> {
  const io = new NodeIO()
    .setLogger(new Logger(Logger.Verbosity.ERROR))
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({
      'meshopt.decoder': MeshoptDecoder,
    });
  await MeshoptDecoder.ready;
  const isGlb = bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
  if (isGlb) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const declared = bytes.length >= 12 ? view.getUint32(8, true) : -1;
    if (declared !== bytes.length) {
      throw new MalformedFileError(
        `The GLB file is truncated: its header says ${declared} bytes, it has ${bytes.length}.`,
      );
    }
    return io.readBinary(bytes);
  }
  const json = JSON.parse(new TextDecoder().decode(bytes));
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const item of [...(json.buffers ?? []), ...(json.images ?? [])] as { uri?: string }[]) {
    if (!item.uri || item.uri.startsWith('data:')) continue;
    const data = findCompanion(ctx.companions, item.uri);
    if (!data)
      throw new MalformedFileError(
        `The glTF file needs ${item.uri}, which was not uploaded with it.`,
      );
    resources[item.uri] = data as Uint8Array<ArrayBuffer>;
  }
  return io.readJSON({ json, resources });
}

export async function importGltf(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  let doc: Document;
  try {
    doc = await readDocument(bytes, ctx);
  } catch (error) {
    if (error instanceof MalformedFileError) throw error;
    throw new MalformedFileError(`The glTF file could not be read: ${(error as Error).message}`);
  }
  ctx.progress('parse', 1);
  const scene = emptyScene('y');
  scene.sourceUnit = 'm';
  const root = doc.getRoot();
  const gltfScene = root.getDefaultScene() ?? root.listScenes()[0];
  if (!gltfScene) return scene;

  const materialIndex = new Map<Material | null, number>();
  const addMaterial = (material: Material | null, hasColors: boolean): number => {
    const known = materialIndex.get(material);
    if (known !== undefined) return known;
    const texture = material?.getBaseColorTexture();
    const image = texture?.getImage();
    const sceneMaterial: SceneMaterial = {
      name: material?.getName() || `material-${scene.materials.length}`,
      color: (material?.getBaseColorFactor() ?? [1, 1, 1, 1]) as SceneMaterial['color'],
      metallic: material?.getMetallicFactor() ?? 0,
      roughness: material?.getRoughnessFactor() ?? 1,
      doubleSided: material?.getDoubleSided() ?? false,
      texture: image ? sniffImage(image) : null,
      vertexColors: hasColors,
    };
    if (material?.getAlphaMode() === 'OPAQUE') sceneMaterial.color[3] = 1;
    materialIndex.set(material, scene.materials.length);
    scene.materials.push(sceneMaterial);
    return scene.materials.length - 1;
  };

  const geometryIndex = new Map<Primitive, number>();
  const addGeometry = (primitive: Primitive): number | null => {
    const known = geometryIndex.get(primitive);
    if (known !== undefined) return known;
    const positions = readFloats(primitive.getAttribute('POSITION'), 3);
    if (!positions) return null;
    const indices = triangleIndices(primitive, positions.length / 3);
    if (!indices) return null;
    geometryIndex.set(primitive, scene.geometries.length);
    scene.geometries.push({
      positions,
      normals: readFloats(primitive.getAttribute('NORMAL'), 3),
      uvs: readFloats(primitive.getAttribute('TEXCOORD_0'), 2),
      colors: readFloats(primitive.getAttribute('COLOR_0'), 4, 1),
      indices,
    });
    return scene.geometries.length - 1;
  };

  const hasMesh = (node: Node): boolean => !!node.getMesh() || node.listChildren().some(hasMesh);
  const visit = (node: Node, parent: number | null) => {
    if (!hasMesh(node)) return;
    ctx.checkAbort();
    const element = scene.elements.length;
    const mesh = node.getMesh();
    scene.elements.push({
      type: mesh ? 'Mesh' : 'Node',
      name: node.getName() || mesh?.getName() || null,
      parent,
    });
    if (mesh) {
      const world = Float64Array.from(node.getWorldMatrix());
      for (const matrix of instanceMatrices(node, world)) {
        for (const primitive of mesh.listPrimitives()) {
          const geometry = addGeometry(primitive);
          if (geometry === null) continue;
          const material = addMaterial(
            primitive.getMaterial(),
            !!primitive.getAttribute('COLOR_0'),
          );
          scene.placements.push({ element, geometry, material, matrix });
        }
      }
    }
    for (const child of node.listChildren()) visit(child, element);
  };
  scene.elements.push({ type: 'Scene', name: gltfScene.getName() || null, parent: null });
  for (const node of gltfScene.listChildren()) visit(node, 0);
  return scene;
}

/** World matrices of a node's EXT_mesh_gpu_instancing instances, or just the node's own. */
function instanceMatrices(node: Node, world: Mat4): Mat4[] {
  const batch = node.getExtension<InstancedMesh>('EXT_mesh_gpu_instancing');
  if (!batch) return [world];
  const t = batch.getAttribute('TRANSLATION');
  const r = batch.getAttribute('ROTATION');
  const s = batch.getAttribute('SCALE');
  const count = (t ?? r ?? s)?.getCount() ?? 0;
  const matrices: Mat4[] = [];
  const tv: number[] = [],
    rv: number[] = [],
    sv: number[] = [];
  for (let i = 0; i < count; i++) {
    const [x, y, z] = t ? t.getElement(i, tv) : [0, 0, 0];
    const [qx, qy, qz, qw] = r ? r.getElement(i, rv) : [0, 0, 0, 1];
    const [sx, sy, sz] = s ? s.getElement(i, sv) : [1, 1, 1];
    const m = new Float64Array([
      (1 - 2 * (qy! * qy! + qz! * qz!)) * sx!,
      2 * (qx! * qy! + qz! * qw!) * sx!,
      2 * (qx! * qz! - qy! * qw!) * sx!,
      0,
      2 * (qx! * qy! - qz! * qw!) * sy!,
      (1 - 2 * (qx! * qx! + qz! * qz!)) * sy!,
      2 * (qy! * qz! + qx! * qw!) * sy!,
      0,
      2 * (qx! * qz! + qy! * qw!) * sz!,
      2 * (qy! * qz! - qx! * qw!) * sz!,
      (1 - 2 * (qx! * qx! + qy! * qy!)) * sz!,
      0,
      x!,
      y!,
      z!,
      1,
    ]);
    matrices.push(multiply(world, m));
  }
  return matrices;
}
