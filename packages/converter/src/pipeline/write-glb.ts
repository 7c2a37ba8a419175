/**
 * Writes the prepared scene as ONE .glb, directly (no intermediate glTF document):
 *
 * - node `batches`: one mesh, one primitive per material; per-vertex `_ELEMENT_ID`;
 * - one `EXT_mesh_gpu_instancing` node per instance group (a primitive per part, one set of
 *   TRANSLATION / ROTATION / SCALE / `_ELEMENT_ID` per instance);
 * - `KHR_mesh_quantization`: positions are UNSIGNED_SHORT on a grid whose origin and step are the
 *   `batches` node's translation and scale (for instanced meshes they are folded into each
 *   instance's transform); normals (only for smooth geometry: flat-shaded geometry has none and
 *   the viewer derives them) are octahedral-filtered bytes;
 * - `EXT_meshopt_compression` on every vertex, index and instance stream (vertex cache and fetch
 *   order optimised first), with the flagged fallback buffer that holds no bytes. Streams of the
 *   same kind share one bufferView, so the JSON stays small however many meshes there are.
 *
 * The steps: materials on first use (glb-materials.ts); per primitive, vertex order, quantizing
 * and encoding (glb-geometry.ts); instance transforms per group; then compressing every stream
 * and writing the container (glb-builder.ts).
 */
import { MeshoptEncoder } from 'meshoptimizer';
import type { SceneMaterial } from '../scene.ts';
import {
  ARRAY_BUFFER,
  BYTE,
  ELEMENT_ARRAY_BUFFER,
  FLOAT,
  GlbBuilder,
  SHORT,
  Stream,
  UNSIGNED_BYTE,
  UNSIGNED_INT,
  UNSIGNED_SHORT,
  type Json,
} from './glb-builder.ts';
import {
  colorBytes,
  encodeNormals,
  gridFor,
  instanceTransforms,
  optimise,
  partMesh,
  quantizePositions,
  vertexIds,
  type Grid,
  type InstanceTransforms,
  type MeshData,
} from './glb-geometry.ts';
import { GlbMaterials } from './glb-materials.ts';
import type { PreparedBatch, PreparedInstanceGroup, PreparedScene } from './prepare.ts';

interface WrittenGlb {
  glb: Uint8Array;
  drawBatches: number;
  materials: number;
}

export async function writeGlb(
  prepared: PreparedScene,
  materials: SceneMaterial[],
  elementCount: number,
  generator: string,
  /** Put in the glTF's `asset.extras` (the chunk index of a chunked model's coarse chunk). */
  assetExtras?: Json,
): Promise<WrittenGlb> {
  await MeshoptEncoder.ready;
  const writer = new GlbWriter(materials, elementCount, generator);
  if (assetExtras) writer.setAssetExtras(assetExtras);
  writer.addBatches(prepared.batches);
  prepared.instanceGroups.forEach((group, index) => writer.addInstanceGroup(group, index));
  return writer.finish();
}

/** Vertex streams shared by every mesh and instance streams, one bufferView each. */
function createStreams() {
  return {
    position: new Stream(8, 'ATTRIBUTES', 8, ARRAY_BUFFER),
    id: new Stream(4, 'ATTRIBUTES', 4, ARRAY_BUFFER),
    normal: new Stream(4, 'ATTRIBUTES', 4, ARRAY_BUFFER, 'OCTAHEDRAL'),
    uv: new Stream(8, 'ATTRIBUTES', 8, ARRAY_BUFFER),
    color: new Stream(4, 'ATTRIBUTES', 4, ARRAY_BUFFER),
    index16: new Stream(2, 'TRIANGLES', undefined, ELEMENT_ARRAY_BUFFER),
    index32: new Stream(4, 'TRIANGLES', undefined, ELEMENT_ARRAY_BUFFER),
    translation: new Stream(12, 'ATTRIBUTES', undefined, undefined),
    rotation: new Stream(8, 'ATTRIBUTES', undefined, undefined, 'QUATERNION'),
    scale: new Stream(12, 'ATTRIBUTES', undefined, undefined),
    instanceId: new Stream(4, 'ATTRIBUTES', undefined, undefined),
  };
}

/** One .glb being written: add the batches, then each instance group, then finish. */
class GlbWriter {
  private readonly builder = new GlbBuilder();
  private readonly streams = createStreams();
  private readonly materials: GlbMaterials;
  /** Element ids above 65,535 need FLOAT attributes. */
  private readonly wideIds: boolean;
  private readonly root: Json = { name: 'model', children: [] };
  private drawBatches = 0;
  private instanced = false;

  constructor(materials: SceneMaterial[], elementCount: number, generator: string) {
    this.builder.json.asset.generator = generator;
    this.materials = new GlbMaterials(this.builder, materials);
    this.wideIds = elementCount > 0xffff;
    this.builder.json.nodes.push(this.root);
  }

  setAssetExtras(extras: Json): void {
    this.builder.json.asset.extras = extras;
  }

  /** The `batches` node: one mesh on one grid, one primitive per batch. */
  addBatches(batches: PreparedBatch[]): void {
    if (batches.length === 0) return;
    const grid = gridFor(batches.map((b) => b.positions));
    const primitives = batches.map((batch) =>
      this.primitive(
        batch,
        grid,
        batch.material,
        !!batch.uvs && this.materials.textured(batch.material),
      ),
    );
    this.addNode(
      { name: 'batches', primitives },
      { name: 'batches', translation: grid.origin, scale: [grid.step, grid.step, grid.step] },
    );
  }

  /** One instanced node: a primitive per part, the instances' transforms and element ids. */
  addInstanceGroup(group: PreparedInstanceGroup, index: number): void {
    this.instanced = true;
    // One grid for all parts so they share the instance transforms.
    const grid = gridFor(group.parts.map((part) => part.geometry.positions));
    const primitives = group.parts.map(({ geometry, material }) =>
      this.primitive(
        partMesh(geometry),
        grid,
        material,
        !!geometry.uvs && this.materials.textured(material),
      ),
    );
    const attributes = this.instanceAttributes(instanceTransforms(group, grid, this.wideIds));
    this.addNode(
      { primitives },
      { name: `instanced-${index}`, extensions: { EXT_mesh_gpu_instancing: { attributes } } },
    );
  }

  /** Compresses every stream and writes the container. */
  finish(): WrittenGlb {
    const { builder, root, streams } = this;
    builder.flush(Object.values(streams));
    if (root.children.length === 0) delete root.children;
    const used = ['KHR_mesh_quantization', 'EXT_meshopt_compression'];
    if (this.instanced) used.unshift('EXT_mesh_gpu_instancing');
    builder.json.extensionsUsed = used;
    builder.json.extensionsRequired = used;
    return {
      glb: builder.finish(),
      drawBatches: this.drawBatches,
      materials: this.materials.count,
    };
  }

  /** The mesh and a node drawing it (`mesh` set after its name), child of the root. */
  private addNode(
    mesh: { name?: string; primitives: Json[] },
    node: Json & { name: string },
  ): void {
    const { json } = this.builder;
    this.drawBatches += mesh.primitives.length;
    json.meshes.push(mesh);
    const { name, ...placement } = node;
    json.nodes.push({ name, mesh: json.meshes.length - 1, ...placement });
    this.root.children.push(json.nodes.length - 1);
  }

  /** Writes one primitive's streams on a grid; returns the glTF primitive. */
  private primitive(mesh: MeshData, grid: Grid, material: number, textured: boolean): Json {
    const { builder, streams } = this;
    const data = optimise(mesh);
    const count = data.positions.length / 3;
    const attributes: Json = {};
    const { quantized, min, max } = quantizePositions(data.positions, grid);
    attributes.POSITION = builder.accessor(
      streams.position,
      streams.position.add(new Uint8Array(quantized.buffer)),
      UNSIGNED_SHORT,
      count,
      'VEC3',
      { min, max },
    );
    if (data.normals) {
      attributes.NORMAL = builder.accessor(
        streams.normal,
        streams.normal.add(encodeNormals(data.normals, count)),
        BYTE,
        count,
        'VEC3',
        { normalized: true },
      );
    }
    if (data.uvs && textured) {
      const { uvs } = data;
      attributes.TEXCOORD_0 = builder.accessor(
        streams.uv,
        streams.uv.add(new Uint8Array(uvs.buffer, uvs.byteOffset, uvs.byteLength)),
        FLOAT,
        count,
        'VEC2',
      );
    }
    if (data.colors) {
      attributes.COLOR_0 = builder.accessor(
        streams.color,
        streams.color.add(colorBytes(data.colors, count)),
        UNSIGNED_BYTE,
        count,
        'VEC4',
        { normalized: true },
      );
    }
    if (data.elementIds) {
      attributes._ELEMENT_ID = builder.accessor(
        streams.id,
        streams.id.add(vertexIds(data.elementIds, count, this.wideIds)),
        this.wideIds ? FLOAT : UNSIGNED_SHORT,
        count,
        'SCALAR',
      );
    }
    return {
      attributes,
      indices: this.indices(data, count),
      material: this.materials.index(material),
    };
  }

  /** UNSIGNED_SHORT indices when the primitive has at most 65,535 vertices. */
  private indices(data: MeshData, vertexCount: number): number {
    const small = vertexCount <= 0xffff;
    const stream = small ? this.streams.index16 : this.streams.index32;
    stream.align(small ? 2 : 4);
    const indexBytes = small ? Uint16Array.from(data.indices) : data.indices;
    return this.builder.accessor(
      stream,
      stream.add(new Uint8Array(indexBytes.buffer, indexBytes.byteOffset, indexBytes.byteLength)),
      small ? UNSIGNED_SHORT : UNSIGNED_INT,
      data.indices.length,
      'SCALAR',
    );
  }

  /** The EXT_mesh_gpu_instancing attributes of a group's instances. */
  private instanceAttributes(transforms: InstanceTransforms): Json {
    const { builder, streams } = this;
    const count = transforms.ids.length;
    const attributes: Json = {
      TRANSLATION: builder.accessor(
        streams.translation,
        streams.translation.add(new Uint8Array(transforms.translations.buffer)),
        FLOAT,
        count,
        'VEC3',
      ),
      ROTATION: builder.accessor(
        streams.rotation,
        streams.rotation.add(MeshoptEncoder.encodeFilterQuat(transforms.rotations, count, 8, 16)),
        SHORT,
        count,
        'VEC4',
        { normalized: true },
      ),
      SCALE: builder.accessor(
        streams.scale,
        streams.scale.add(new Uint8Array(transforms.scales.buffer)),
        FLOAT,
        count,
        'VEC3',
      ),
    };
    streams.instanceId.align(4);
    attributes._ELEMENT_ID = builder.accessor(
      streams.instanceId,
      streams.instanceId.add(new Uint8Array(transforms.ids.buffer)),
      this.wideIds ? FLOAT : UNSIGNED_SHORT,
      count,
      'SCALAR',
    );
    return attributes;
  }
}
