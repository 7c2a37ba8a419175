/**
 * Turns an importer's scene into what the writer needs: everything in metres, Y up, recentred;
 * repeated geometry split out as instance groups; the rest merged into one batch per material
 * with a per-vertex element id (batches.ts: built whole, or per chunk from the layout);
 * per-element bounding boxes and triangle counts.
 */
import type { BoundingBox } from '@truss/viewable';
import type { SceneGeometry, SceneModel } from '../scene.ts';
import {
  decompose,
  multiply,
  scaling,
  translation,
  zUpToYUp,
  type Mat4,
  type Trs,
} from './matrix.ts';
import { planDraws, withFaceNormals } from './draw-budget.ts';
import { GeometryHasher } from './geometry-hash.ts';
import { dedupeGeometries, sanitizeGeometry } from './sanitize.ts';
import { buildBatches, type BatchInput } from './batches.ts';
import { InstanceList } from './instance-list.ts';

export interface PreparedBatch {
  material: number;
  positions: Float32Array;
  /** Null when every geometry in the batch is flat-shaded (the viewer derives flat normals). */
  normals: Float32Array | null;
  uvs: Float32Array | null;
  colors: Float32Array | null;
  elementIds: Uint32Array;
  indices: Uint32Array;
}

export interface PreparedInstancePart {
  material: number;
  geometry: SceneGeometry;
}

/**
 * Geometry drawn at several places: one GPU-instanced node. Its parts (a window's frame and
 * glass, say) are the (geometry, material) pairs placed with exactly the same transforms for
 * the same elements, so they share one set of instance transforms.
 */
export interface PreparedInstanceGroup {
  parts: PreparedInstancePart[];
  instances: InstanceList;
}

export interface PreparedScene {
  batches: PreparedBatch[];
  instanceGroups: PreparedInstanceGroup[];
  elementBoxes: (BoundingBox | null)[];
  elementTriangles: number[];
  /** Per element, the stable hash of its triangles in world coordinates ('' without any). */
  elementGeometryHashes: string[];
  bbox: BoundingBox | null;
  origin: [number, number, number];
  triangles: number;
  instances: number;
}

interface PrepareOptions {
  /** A (geometry, material) pair placed at least this often becomes an instance group. */
  minInstances: number;
  /**
   * Upper bound on instanced (geometry, material) pairs. Each is a draw call on top of the one
   * batch per material, and the viewer's budget is materials + 10: the few pairs that save the
   * most stay instanced, the rest are merged into the batches (more vertices, far fewer draws;
   * on the samples it moved Duplex from 76 to 27 draws and its .glb from 111 to 91 KiB).
   */
  maxInstanceGroups: number;
  /**
   * Draws on top of one per material (instanced pairs, and materials drawn by both smooth and
   * flat geometry): the viewer's budget is materials + 10 (draw-budget.ts).
   */
  maxExtraDraws: number;
  /** Recentre when the model's centre is farther than this from the origin (metres). */
  recentreBeyond: number;
}

export const DEFAULT_PREPARE_OPTIONS: PrepareOptions = {
  minInstances: 4,
  maxInstanceGroups: 8,
  maxExtraDraws: 10,
  recentreBeyond: 1000,
};

function emptyBox(): BoundingBox {
  return [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
}

function growBox(box: BoundingBox, x: number, y: number, z: number): void {
  if (x < box[0]) box[0] = x;
  if (y < box[1]) box[1] = y;
  if (z < box[2]) box[2] = z;
  if (x > box[3]) box[3] = x;
  if (y > box[4]) box[4] = y;
  if (z > box[5]) box[5] = z;
}

function localBox(positions: Float32Array): BoundingBox {
  const box = emptyBox();
  for (let i = 0; i + 2 < positions.length; i += 3) {
    growBox(box, positions[i]!, positions[i + 1]!, positions[i + 2]!);
  }
  return box;
}

/** Box of the 8 transformed corners of a local box (exact for axis-aligned transforms). */
function transformBox(box: BoundingBox, m: Mat4, into: BoundingBox): void {
  for (let corner = 0; corner < 8; corner++) {
    const x = corner & 1 ? box[3] : box[0];
    const y = corner & 2 ? box[4] : box[1];
    const z = corner & 4 ? box[5] : box[2];
    growBox(
      into,
      m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
      m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
      m[2]! * x + m[6]! * y + m[10]! * z + m[14]!,
    );
  }
}

/**
 * A prepared scene whose batches are built when asked for (batches.ts), whole or for some
 * elements: everything else (instance groups, boxes, triangle counts, hashes, origin) is here.
 */
export interface PreparedLayout extends Omit<PreparedScene, 'batches'> {
  /** The batches in order, each built as the iteration reaches it (see buildBatches). */
  batchesOf(include?: (element: number) => boolean): Generator<PreparedBatch>;
  /** Materials the model draws (in its batches and instance groups). */
  materials: number;
}

export function prepareScene(
  scene: SceneModel,
  options: PrepareOptions = DEFAULT_PREPARE_OPTIONS,
): PreparedScene {
  const { batchesOf, materials: _materials, ...prepared } = prepareLayout(scene, options);
  return { ...prepared, batches: [...batchesOf()] };
}

export function prepareLayout(
  scene: SceneModel,
  options: PrepareOptions = DEFAULT_PREPARE_OPTIONS,
): PreparedLayout {
  scene.geometries = scene.geometries.map(sanitizeGeometry);
  dedupeGeometries(scene);

  let root = scaling(scene.toMetres);
  if (scene.upAxis === 'z') root = multiply(zUpToYUp(), root);
  const worldMatrices = scene.placements.map((p) => (p.matrix ? multiply(root, p.matrix) : root));
  const geometryBoxes = scene.geometries.map((g) => localBox(g.positions));

  // Model box from transformed local boxes decides the origin shift before anything is baked.
  const modelBox = emptyBox();
  scene.placements.forEach((p, i) => {
    if (scene.geometries[p.geometry]!.indices.length > 0) {
      transformBox(geometryBoxes[p.geometry]!, worldMatrices[i]!, modelBox);
    }
  });
  const hasGeometry = Number.isFinite(modelBox[0]);
  const centre = hasGeometry
    ? [0, 1, 2].map((axis) => (modelBox[axis]! + modelBox[axis + 3]!) / 2)
    : [0, 0, 0];
  const far = centre.some((value) => Math.abs(value!) > options.recentreBeyond);
  const origin: [number, number, number] = far
    ? [Math.round(centre[0]!), Math.round(centre[1]!), Math.round(centre[2]!)]
    : [0, 0, 0];
  const elementGeometryHashes = hashElements(scene, worldMatrices);
  const shift = translation(-origin[0], -origin[1], -origin[2]);
  const matrices = far ? worldMatrices.map((m) => multiply(shift, m)) : worldMatrices;

  // Instance groups: (geometry, material) pairs placed often enough, largest savings first.
  const groups = new Map<string, number[]>();
  scene.placements.forEach((p, i) => {
    if (scene.geometries[p.geometry]!.indices.length === 0) return;
    const key = `${p.geometry}/${p.material}`;
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  });
  const sorted = [...groups.values()]
    .filter((list) => list.length >= options.minInstances)
    .map((list) => ({ list, trs: list.map((i) => decompose(matrices[i]!)) }))
    .filter((group) => group.trs.every((trs) => trs !== null))
    .map((group) => ({ list: group.list, savings: savings(scene, group.list), data: group.trs }))
    .sort((a, b) => b.savings - a.savings)
    .slice(0, options.maxInstanceGroups);
  const faceNormalGeometry = faceNormalCache(scene);
  const plan = planDraws(
    scene,
    sorted,
    options.maxExtraDraws,
    (index) => faceNormalGeometry(index).positions.length / 3,
  );
  const candidates = plan.candidates.map(({ list, data }) => ({ list, trs: data }));
  const instanced = new Set<number>();
  // Candidates placed for the same elements with the same matrices become parts of one group.
  const bySignature = new Map<string, PreparedInstanceGroup>();
  const instanceGroups: PreparedInstanceGroup[] = [];
  for (const { list, trs } of candidates) {
    const first = scene.placements[list[0]!]!;
    list.forEach((i) => instanced.add(i));
    const part = { material: first.material, geometry: scene.geometries[first.geometry]! };
    const signature = placementSignature(scene, matrices, list);
    const existing = bySignature.get(signature);
    if (existing) {
      existing.parts.push(part);
      continue;
    }
    const group: PreparedInstanceGroup = {
      parts: [part],
      // Candidates with a transform that did not decompose were left out above.
      instances: InstanceList.of(
        list.map((i) => scene.placements[i]!.element),
        trs as Trs[],
      ),
    };
    bySignature.set(signature, group);
    instanceGroups.push(group);
  }

  const elementBoxes: (BoundingBox | null)[] = scene.elements.map(() => null);
  const elementTriangles = scene.elements.map(() => 0);
  const bbox = emptyBox();
  let triangles = 0;
  let instances = 0;
  scene.placements.forEach((p, i) => {
    const geometry = scene.geometries[p.geometry]!;
    if (geometry.indices.length === 0) return;
    const box = emptyBox();
    transformBox(geometryBoxes[p.geometry]!, matrices[i]!, box);
    const current = elementBoxes[p.element];
    if (current) {
      growBox(current, box[0], box[1], box[2]);
      growBox(current, box[3], box[4], box[5]);
    } else elementBoxes[p.element] = box;
    growBox(bbox, box[0], box[1], box[2]);
    growBox(bbox, box[3], box[4], box[5]);
    elementTriangles[p.element] = elementTriangles[p.element]! + geometry.indices.length / 3;
    triangles += geometry.indices.length / 3;
    if (instanced.has(i)) instances++;
  });

  const input = batchInput(scene, {
    root,
    shift: far ? shift : null,
    instanced,
    faceNormalMaterials: plan.faceNormalMaterials,
    faceNormalGeometry,
  });
  const drawn = new Set<number>();
  scene.placements.forEach((p, i) => {
    if (!instanced.has(i) && input.geometryOf(p).indices.length > 0) drawn.add(p.material);
  });
  for (const group of instanceGroups) for (const part of group.parts) drawn.add(part.material);
  return {
    batchesOf: batchesOf(input),
    materials: drawn.size,
    instanceGroups,
    elementBoxes,
    elementTriangles,
    elementGeometryHashes,
    bbox: hasGeometry ? bbox : null,
    origin,
    triangles,
    instances,
  };
}

/*
 * The closures the layout keeps are made in the small functions below, not in prepareLayout: V8
 * gives all of a function's closures one context holding every variable any of them uses, so a
 * closure kept from prepareLayout kept its per-placement matrices (emptied by hand before) and
 * its instance candidates' lists and keys (2 MiB of the 50k tower's live heap, 5 of the 200k's).
 */

/** A geometry with face normals, made once per geometry when first asked for. */
function faceNormalCache(scene: SceneModel): (index: number) => SceneGeometry {
  const made = new Map<number, SceneGeometry>();
  return (index) => {
    let geometry = made.get(index);
    if (!geometry) {
      geometry = withFaceNormals(scene.geometries[index]!);
      made.set(index, geometry);
    }
    return geometry;
  };
}

function batchInput(
  scene: SceneModel,
  layout: {
    root: Mat4;
    /** The recentring, when the model is far from the origin. */
    shift: Mat4 | null;
    instanced: Set<number>;
    faceNormalMaterials: Set<number>;
    faceNormalGeometry: (index: number) => SceneGeometry;
  },
): BatchInput {
  const { root, shift, faceNormalMaterials, faceNormalGeometry } = layout;
  return {
    scene,
    instanced: layout.instanced,
    // Flat geometry of a material that also has smooth geometry carries face normals, so the
    // two share one batch (one draw).
    geometryOf: (placement) => {
      const geometry = scene.geometries[placement.geometry]!;
      return !geometry.normals && faceNormalMaterials.has(placement.material)
        ? faceNormalGeometry(placement.geometry)
        : geometry;
    },
    // The batches' matrices are made again when built: kept, they were 50 MiB at 200,000
    // elements.
    matrixOf: (i) => {
      const placement = scene.placements[i]!;
      const world = placement.matrix ? multiply(root, placement.matrix) : root;
      return shift ? multiply(shift, world) : world;
    },
  };
}

function batchesOf(input: BatchInput): PreparedLayout['batchesOf'] {
  return (include) => buildBatches(input, include);
}

/** Each element's geometry hash, from its placements in world coordinates (before recentring). */
function hashElements(scene: SceneModel, worldMatrices: Mat4[]): string[] {
  const hashers = new Map<number, GeometryHasher>();
  scene.placements.forEach((p, i) => {
    const geometry = scene.geometries[p.geometry]!;
    if (geometry.indices.length === 0) return;
    let hasher = hashers.get(p.element);
    if (!hasher) hashers.set(p.element, (hasher = new GeometryHasher()));
    hasher.add(geometry, worldMatrices[i]!);
  });
  return scene.elements.map((_, id) => hashers.get(id)?.digest() ?? '');
}

/** Elements and matrices of a list of placements, as a string key. */
function placementSignature(scene: SceneModel, matrices: Mat4[], list: number[]): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  const scratch = new Float64Array(1);
  const words = new Uint32Array(scratch.buffer);
  const mix = (value: number) => {
    h1 = Math.imul(h1 ^ value, 0x01000193);
    h2 = Math.imul(h2 ^ value, 0x5bd1e995) ^ (h2 >>> 15);
  };
  for (const i of list) {
    mix(scene.placements[i]!.element);
    const m = matrices[i]!;
    for (let k = 0; k < 16; k++) {
      scratch[0] = m[k]!;
      mix(words[0]!);
      mix(words[1]!);
    }
  }
  return `${list.length}:${h1 >>> 0}:${h2 >>> 0}`;
}

function savings(scene: SceneModel, list: number[]): number {
  const geometry = scene.geometries[scene.placements[list[0]!]!.geometry]!;
  return (geometry.positions.length / 3) * (list.length - 1);
}
