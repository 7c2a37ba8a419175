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

/** Instance transforms read back for the box (the GPU reads the same bytes). */
interface InstanceBytes {
  views: (Uint8Array | null)[];
}

function instanceMatrices(
  json: GltfJson,
  attributes: GltfJson,
  { views }: InstanceBytes,
): Mat4[] | null {
  const read = (name: string, size: number): ((i: number) => number[]) | null => {
    const source = attribute(json, attributes[name]);
    if (!source) return null;
    const bytes = views[source.view];
    if (!bytes) return null;
    const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const scale = source.normalized ? boundScale(json, attributes[name]) : 1;
    const get = {
      5126: (o: number) => data.getFloat32(o, true),
      5122: (o: number) => data.getInt16(o, true),
      5120: (o: number) => data.getInt8(o),
    }[source.type as 5126];
    const width = source.type === 5126 ? 4 : source.type === 5122 ? 2 : 1;
    if (!get) return null;
    return (i) => {
      const out: number[] = [];
      for (let c = 0; c < size; c++)
        out.push(get(source.offset + i * source.stride + c * width) * scale);
      return out;
    };
  };
  const count = json.accessors[attributes.TRANSLATION ?? attributes.ROTATION ?? attributes.SCALE]
    ?.count as number | undefined;
  if (!count) return null;
  const t = attributes.TRANSLATION !== undefined ? read('TRANSLATION', 3) : null;
  const r = attributes.ROTATION !== undefined ? read('ROTATION', 4) : null;
  const s = attributes.SCALE !== undefined ? read('SCALE', 3) : null;
  const matrices: Mat4[] = [];
  for (let i = 0; i < count; i++) {
    matrices.push(
      composeTrs(
        (t?.(i) as [number, number, number]) ?? [0, 0, 0],
        (r?.(i) as [number, number, number, number]) ?? [0, 0, 0, 1],
        (s?.(i) as [number, number, number]) ?? [1, 1, 1],
      ),
    );
  }
  return matrices;
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
    const perInstance = instancing ? instanceMatrices(json, instancing, { views }) : null;
    for (const primitive of (mesh?.primitives ?? []) as GltfJson[]) {
      if ((primitive.mode ?? TRIANGLES) !== TRIANGLES) continue;
      const positionIndex = primitive.attributes?.POSITION as number | undefined;
      const position = attribute(json, positionIndex);
      if (!position || positionIndex === undefined || !views[position.view]) continue;
      const local = primitiveBox(json, positionIndex);
      if (local) {
        for (const instance of perInstance ?? [IDENTITY])
          transformBox(local, multiply(world, instance), box);
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
        instances:
          instancing && perInstance
            ? {
                count: perInstance.length,
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
 * The draw the engine's progressive build shows first (progressive.ts buildOrder): the batch
 * (not instanced) with the most triangles; an instanced one when there is none. Opaque only.
 */
export function largestBatch(draws: PreviewDraw[]): PreviewDraw[] {
  const weight = (d: PreviewDraw) => (d.indices?.count ?? d.count) * (d.instances?.count ?? 1);
  let best: PreviewDraw | null = null;
  for (const draw of draws) {
    if (draw.blend) continue;
    if (
      !best ||
      (!!best.instances && !draw.instances) ||
      (!best.instances === !draw.instances && weight(draw) > weight(best))
    )
      best = draw;
  }
  return best ? [best] : [];
}
