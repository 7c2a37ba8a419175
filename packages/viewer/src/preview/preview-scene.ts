/**
 * What the preview draws, read from the glTF JSON (no three.js): one draw per primitive with its
 * node's world matrix, its material's colour and its instances, and the scene's world box the
 * way the engine computes it (accessor bounds through node and instance transforms), so both fit
 * the camera alike. Textured primitives are left to the engine.
 */
import type { GltfJson } from './glb-streams.ts';
import { composeTrs, IDENTITY, multiply, transformBox, type Box, type Mat4 } from './mat4.ts';

const TRIANGLES = 4;
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };

/** A vertex attribute as WebGL reads it from a bufferView. */
export interface AttributeSource {
  view: number;
  size: number;
  type: number;
  normalized: boolean;
  stride: number;
  offset: number;
}

export interface PreviewDraw {
  matrix: Mat4;
  position: AttributeSource;
  color: AttributeSource | null;
  indices: { view: number; type: number; offset: number; count: number } | null;
  /** Vertices, for a draw without indices. */
  count: number;
  /** Linear RGBA (baseColorFactor). */
  baseColor: [number, number, number, number];
  blend: boolean;
  /** The diagonal of the draw's world box: how much of the model it spans. */
  span: number;
  instances: {
    count: number;
    translation: AttributeSource | null;
    rotation: AttributeSource | null;
    scale: AttributeSource | null;
  } | null;
}

export interface PreviewScene {
  draws: PreviewDraw[];
  box: Box;
}

function attribute(json: GltfJson, index: number | undefined): AttributeSource | null {
  if (index === undefined) return null;
  const accessor = json.accessors?.[index];
  if (!accessor || accessor.bufferView === undefined || accessor.sparse) return null;
  const view = json.bufferViews?.[accessor.bufferView];
  if (!view) return null;
  const size = COMPONENTS[accessor.type as string] ?? 0;
  const bytes = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 }[
    accessor.componentType as 5120
  ];
  if (!size || !bytes) return null;
  return {
    view: accessor.bufferView,
    size,
    type: accessor.componentType,
    normalized: accessor.normalized === true,
    stride: view.byteStride ?? size * bytes,
    offset: accessor.byteOffset ?? 0,
  };
}

/** The scale a normalized integer accessor's bounds need (glTF stores them unscaled). */
function boundScale(json: GltfJson, index: number): number {
  const accessor = json.accessors[index];
  if (!accessor.normalized) return 1;
  return ({ 5120: 1 / 127, 5121: 1 / 255, 5122: 1 / 32767, 5123: 1 / 65535 } as const)[
    accessor.componentType as 5120
  ];
}

function primitiveBox(json: GltfJson, position: number): Box | null {
  const { min, max } = json.accessors[position] ?? {};
  if (!Array.isArray(min) || !Array.isArray(max) || min.length < 3) return null;
  const s = boundScale(json, position);
  return { min: [min[0] * s, min[1] * s, min[2] * s], max: [max[0] * s, max[1] * s, max[2] * s] };
}

/** Linear RGBA of a material and whether it blends; null when the engine alone can show it. */
function materialColor(
  json: GltfJson,
  index: number | undefined,
): { color: [number, number, number, number]; blend: boolean } | null {
  const material = index === undefined ? undefined : json.materials?.[index];
  const pbr = material?.pbrMetallicRoughness ?? {};
  if (pbr.baseColorTexture) return null;
  const [r = 1, g = 1, b = 1, a = 1] = (pbr.baseColorFactor as number[] | undefined) ?? [];
  return { color: [r, g, b, a], blend: material?.alphaMode === 'BLEND' };
}

/**
 * An attribute's components as numbers, `size` per element, packed (normalized integers scaled):
 * one typed array read in one pass, so that tens of thousands of instances cost a few ms even
 * before the JIT has warmed up.
 */
function readComponents(
  json: GltfJson,
  index: number | undefined,
  views: (Uint8Array | null)[],
  size: number,
): Float64Array | null {
  const source = attribute(json, index);
  const bytes = source ? views[source.view] : null;
  const count = index === undefined ? 0 : (json.accessors?.[index]?.count as number);
  if (!source || !bytes || index === undefined || !count) return null;
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const scale = source.normalized ? boundScale(json, index) : 1;
  const { offset, stride, type } = source;
  const width = type === 5126 ? 4 : type === 5122 ? 2 : type === 5120 ? 1 : 0;
  if (!width || offset + (count - 1) * stride + size * width > bytes.byteLength) return null;
  const out = new Float64Array(count * size);
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < size; c++) {
      const at = offset + i * stride + c * width;
      out[i * size + c] =
        type === 5126
          ? data.getFloat32(at, true)
          : (type === 5122 ? data.getInt16(at, true) : data.getInt8(at)) * scale;
    }
  }
  return out;
}

/**
 * Every instance's transform (translation × rotation × scale, as the engine composes it), as the
 * 12 numbers of a 4×4 column-major matrix's first three rows, one after the other: one array,
 * not an object per instance (a tower has tens of thousands).
 */
function instanceTransforms(
  json: GltfJson,
  attributes: GltfJson,
  views: (Uint8Array | null)[],
): { count: number; affine: Float64Array } | null {
  const count = json.accessors?.[attributes.TRANSLATION ?? attributes.ROTATION ?? attributes.SCALE]
    ?.count as number | undefined;
  if (!count) return null;
  const t = readComponents(json, attributes.TRANSLATION, views, 3);
  const r = readComponents(json, attributes.ROTATION, views, 4);
  const s = readComponents(json, attributes.SCALE, views, 3);
  const affine = new Float64Array(count * 12);
  for (let i = 0; i < count; i++) {
    // composeTrs (@truss/viewable/mat4), written out: no arrays per instance.
    const [x, y, z, w] = r
      ? [r[i * 4]!, r[i * 4 + 1]!, r[i * 4 + 2]!, r[i * 4 + 3]!]
      : [0, 0, 0, 1];
    const sx = s ? s[i * 3]! : 1;
    const sy = s ? s[i * 3 + 1]! : 1;
    const sz = s ? s[i * 3 + 2]! : 1;
    const xx = 2 * x * x;
    const yy = 2 * y * y;
    const zz = 2 * z * z;
    const xy = 2 * x * y;
    const xz = 2 * x * z;
    const yz = 2 * y * z;
    const wx = 2 * w * x;
    const wy = 2 * w * y;
    const wz = 2 * w * z;
    const o = i * 12;
    affine[o] = (1 - (yy + zz)) * sx;
    affine[o + 1] = (xy + wz) * sx;
    affine[o + 2] = (xz - wy) * sx;
    affine[o + 3] = (xy - wz) * sy;
    affine[o + 4] = (1 - (xx + zz)) * sy;
    affine[o + 5] = (yz + wx) * sy;
    affine[o + 6] = (xz + wy) * sz;
    affine[o + 7] = (yz - wx) * sz;
    affine[o + 8] = (1 - (xx + yy)) * sz;
    affine[o + 9] = t ? t[i * 3]! : 0;
    affine[o + 10] = t ? t[i * 3 + 1]! : 0;
    affine[o + 11] = t ? t[i * 3 + 2]! : 0;
  }
  return { count, affine };
}

/**
 * The box of `local` through every instance's transform, in the mesh's space (as three's
 * InstancedMesh.computeBoundingBox): per instance, centre and half-extent through the matrix.
 */
function instancedBox(local: Box, { count, affine }: { count: number; affine: Float64Array }): Box {
  const out: Box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  const c = [0, 1, 2].map((a) => (local.min[a]! + local.max[a]!) / 2);
  const e = [0, 1, 2].map((a) => (local.max[a]! - local.min[a]!) / 2);
  for (let i = 0; i < count; i++) {
    const o = i * 12;
    for (let row = 0; row < 3; row++) {
      // affine[o + col * 3 + row]: column col of the 3×3 part; affine[o + 9 + row]: translation.
      const m0 = affine[o + row]!;
      const m1 = affine[o + 3 + row]!;
      const m2 = affine[o + 6 + row]!;
      const center = m0 * c[0]! + m1 * c[1]! + m2 * c[2]! + affine[o + 9 + row]!;
      const extent = Math.abs(m0) * e[0]! + Math.abs(m1) * e[1]! + Math.abs(m2) * e[2]!;
      if (center - extent < out.min[row]!) out.min[row] = center - extent;
      if (center + extent > out.max[row]!) out.max[row] = center + extent;
    }
  }
  return out;
}

function nodeMatrix(node: GltfJson): Mat4 {
  if (Array.isArray(node.matrix) && node.matrix.length === 16)
    return Float64Array.from(node.matrix);
  return composeTrs(
    node.translation ?? [0, 0, 0],
    node.rotation ?? [0, 0, 0, 1],
    node.scale ?? [1, 1, 1],
  );
}

/** The draws and the world box of the default scene; `views` are the file's bufferView bytes. */
export function readPreviewScene(json: GltfJson, views: (Uint8Array | null)[]): PreviewScene {
  const draws: PreviewDraw[] = [];
  const box: Box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  const scene = json.scenes?.[json.scene ?? 0];
  const visit = (index: number, parent: Mat4, depth: number) => {
    const node = json.nodes?.[index];
    if (!node || depth > 64) return;
    const world = multiply(parent, nodeMatrix(node));
    const mesh = node.mesh === undefined ? undefined : json.meshes?.[node.mesh];
    const instancing = node.extensions?.EXT_mesh_gpu_instancing?.attributes as GltfJson | undefined;
    const perInstance = instancing ? instanceTransforms(json, instancing, views) : null;
    for (const primitive of (mesh?.primitives ?? []) as GltfJson[]) {
      if ((primitive.mode ?? TRIANGLES) !== TRIANGLES) continue;
      const positionIndex = primitive.attributes?.POSITION as number | undefined;
      const position = attribute(json, positionIndex);
      if (!position || positionIndex === undefined || !views[position.view]) continue;
      const local = primitiveBox(json, positionIndex);
      const own: Box = {
        min: [Infinity, Infinity, Infinity],
        max: [-Infinity, -Infinity, -Infinity],
      };
      if (local) {
        transformBox(perInstance ? instancedBox(local, perInstance) : local, world, own);
        transformBox(own, IDENTITY, box);
      }
      const material = materialColor(json, primitive.material);
      if (!material) continue;
      const indexAccessor =
        primitive.indices === undefined ? undefined : json.accessors?.[primitive.indices];
      const indexView = indexAccessor ? json.bufferViews?.[indexAccessor.bufferView] : undefined;
      if (indexAccessor && (!indexView || !views[indexAccessor.bufferView])) continue;
      const color = attribute(json, primitive.attributes?.COLOR_0);
      draws.push({
        matrix: world,
        position,
        color: color && views[color.view] ? color : null,
        indices: indexAccessor
          ? {
              view: indexAccessor.bufferView,
              type: indexAccessor.componentType,
              offset: indexAccessor.byteOffset ?? 0,
              count: indexAccessor.count,
            }
          : null,
        count: json.accessors[positionIndex].count,
        baseColor: material.color,
        blend: material.blend,
        span: local ? Math.hypot(...own.max.map((max, axis) => max - own.min[axis]!)) : 0,
        instances:
          instancing && perInstance
            ? {
                count: perInstance.count,
                translation: attribute(json, instancing.TRANSLATION),
                rotation: attribute(json, instancing.ROTATION),
                scale: attribute(json, instancing.SCALE),
              }
            : null,
      });
    }
    for (const child of (node.children ?? []) as number[]) visit(child, world, depth + 1);
  };
  for (const root of (scene?.nodes ?? []) as number[]) visit(root, IDENTITY, 0);
  return { draws, box };
}

/**
 * The one draw the preview shows: the opaque batch that spans most of the model, which is its
 * shell (walls, slabs, roof) in a building; the batch with the most triangles was furniture in
 * Duplex, a pale cluster in the middle of an empty view. Batches before instanced groups (doors,
 * windows alone look like debris); more triangles breaks a tie.
 */
export function widestBatch(draws: PreviewDraw[]): PreviewDraw[] {
  const triangles = (d: PreviewDraw) => (d.indices?.count ?? d.count) * (d.instances?.count ?? 1);
  let best: PreviewDraw | null = null;
  for (const draw of draws) {
    if (draw.blend) continue;
    const better =
      !best ||
      (!!best.instances && !draw.instances) ||
      (!best.instances === !draw.instances &&
        (draw.span > best.span || (draw.span === best.span && triangles(draw) > triangles(best))));
    if (better) best = draw;
  }
  return best ? [best] : [];
}
