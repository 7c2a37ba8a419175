/**
 * Writes the prepared scene as ONE .glb: a "batches" mesh with one primitive per material, one
 * EXT_mesh_gpu_instancing node per instance group, then meshopt reordering, KHR_mesh_quantization
 * and EXT_meshopt_compression (gltf-transform writes the flagged fallback buffer).
 */
import {
  Document,
  Logger,
  NodeIO,
  type Accessor,
  type Material,
  type Node,
} from '@gltf-transform/core';
import {
  EXTMeshGPUInstancing,
  EXTMeshoptCompression,
  KHRMeshQuantization,
} from '@gltf-transform/extensions';
import { quantize, reorder } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import type { SceneMaterial } from '../scene.ts';
import type { PreparedBatch, PreparedInstanceGroup, PreparedScene } from './prepare.ts';

export interface WrittenGlb {
  glb: Uint8Array;
  drawBatches: number;
  materials: number;
}

/** Element ids are UNSIGNED_SHORT when they fit; glTF forbids UNSIGNED_INT attributes, so FLOAT above. */
function elementIdArray(ids: Uint32Array, elementCount: number): Uint16Array | Float32Array {
  return elementCount <= 0xffff ? Uint16Array.from(ids) : Float32Array.from(ids);
}

export async function writeGlb(
  prepared: PreparedScene,
  materials: SceneMaterial[],
  elementCount: number,
  generator: string,
): Promise<WrittenGlb> {
  await MeshoptEncoder.ready;
  // gltf-transform logs routine notes ("prune: Removed ...") at info level: keep only errors.
  const doc = new Document().setLogger(new Logger(Logger.Verbosity.ERROR));
  doc.getRoot().getAsset().generator = generator;
  const buffer = doc.createBuffer();
  const accessor = (
    array: Float32Array | Uint16Array | Uint32Array,
    type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4',
  ) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);

  const materialCache = new Map<number, Material>();
  const gltfMaterial = (index: number): Material => {
    let material = materialCache.get(index);
    if (material) return material;
    const source = materials[index]!;
    material = doc
      .createMaterial(source.name)
      .setBaseColorFactor(source.color)
      .setMetallicFactor(source.metallic)
      .setRoughnessFactor(source.roughness)
      .setDoubleSided(source.doubleSided)
      .setAlphaMode(source.color[3] < 0.999 ? 'BLEND' : 'OPAQUE');
    if (source.texture) {
      const texture = doc
        .createTexture(source.name)
        .setImage(source.texture.image)
        .setMimeType(source.texture.mimeType);
      material.setBaseColorTexture(texture);
    }
    materialCache.set(index, material);
    return material;
  };

  const scene = doc.createScene('model');
  const root = doc.createNode('model');
  scene.addChild(root);
  let drawBatches = 0;

  if (prepared.batches.length > 0) {
    const mesh = doc.createMesh('batches');
    for (const batch of prepared.batches) {
      mesh.addPrimitive(
        batchPrimitive(doc, batch, accessor, gltfMaterial(batch.material), elementCount),
      );
      drawBatches++;
    }
    root.addChild(doc.createNode('batches').setMesh(mesh));
  }

  if (prepared.instanceGroups.length > 0) {
    const instancing = doc.createExtension(EXTMeshGPUInstancing).setRequired(true);
    prepared.instanceGroups.forEach((group, index) => {
      const node = instanceNode(doc, group, index, accessor, gltfMaterial(group.material));
      const count = group.instances.length;
      const t = new Float32Array(count * 3);
      const r = new Float32Array(count * 4);
      const s = new Float32Array(count * 3);
      const ids = new Uint32Array(count);
      group.instances.forEach((instance, i) => {
        t.set(instance.trs.translation, i * 3);
        r.set(instance.trs.rotation, i * 4);
        s.set(instance.trs.scale, i * 3);
        ids[i] = instance.element;
      });
      const batch = instancing
        .createInstancedMesh()
        .setAttribute('TRANSLATION', accessor(t, 'VEC3'))
        .setAttribute('ROTATION', accessor(r, 'VEC4'))
        .setAttribute('SCALE', accessor(s, 'VEC3'))
        .setAttribute('_ELEMENT_ID', accessor(elementIdArray(ids, elementCount), 'SCALAR'));
      node.setExtension('EXT_mesh_gpu_instancing', batch);
      root.addChild(node);
      drawBatches++;
    });
  }

  await doc.transform(
    reorder({ encoder: MeshoptEncoder, target: 'size' }),
    quantize({
      // Element ids must stay exact integers: only geometry attributes are quantized.
      pattern: /^(POSITION|NORMAL|TEXCOORD_\d+|COLOR_\d+)$/,
      quantizePosition: 16,
      quantizeNormal: 8,
      quantizeTexcoord: 14,
      quantizeColor: 8,
      cleanup: false,
    }),
  );
  doc.createExtension(KHRMeshQuantization).setRequired(true);
  doc
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });

  const io = new NodeIO()
    .setLogger(new Logger(Logger.Verbosity.ERROR))
    .registerExtensions([EXTMeshGPUInstancing, EXTMeshoptCompression, KHRMeshQuantization])
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  const glb = await io.writeBinary(doc);
  return { glb, drawBatches, materials: materialCache.size };
}

type MakeAccessor = (
  array: Float32Array | Uint16Array | Uint32Array,
  type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4',
) => Accessor;

function batchPrimitive(
  doc: Document,
  batch: PreparedBatch,
  accessor: MakeAccessor,
  material: Material,
  elementCount: number,
) {
  const primitive = doc
    .createPrimitive()
    .setMaterial(material)
    .setAttribute('POSITION', accessor(batch.positions, 'VEC3'))
    .setAttribute('NORMAL', accessor(batch.normals, 'VEC3'))
    .setAttribute('_ELEMENT_ID', accessor(elementIdArray(batch.elementIds, elementCount), 'SCALAR'))
    .setIndices(accessor(batch.indices, 'SCALAR'));
  if (batch.uvs) primitive.setAttribute('TEXCOORD_0', accessor(batch.uvs, 'VEC2'));
  if (batch.colors) primitive.setAttribute('COLOR_0', accessor(batch.colors, 'VEC4'));
  return primitive;
}

function instanceNode(
  doc: Document,
  group: PreparedInstanceGroup,
  index: number,
  accessor: MakeAccessor,
  material: Material,
): Node {
  const { geometry } = group;
  const primitive = doc
    .createPrimitive()
    .setMaterial(material)
    .setAttribute('POSITION', accessor(geometry.positions, 'VEC3'))
    .setAttribute('NORMAL', accessor(geometry.normals!, 'VEC3'))
    .setIndices(accessor(geometry.indices, 'SCALAR'));
  if (geometry.uvs && material.getBaseColorTexture()) {
    primitive.setAttribute('TEXCOORD_0', accessor(geometry.uvs, 'VEC2'));
  }
  if (geometry.colors) primitive.setAttribute('COLOR_0', accessor(geometry.colors, 'VEC4'));
  const mesh = doc.createMesh(`instanced-${index}`).addPrimitive(primitive);
  return doc.createNode(`instanced-${index}`).setMesh(mesh);
}
