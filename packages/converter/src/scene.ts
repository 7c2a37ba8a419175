/**
 * The intermediate scene every importer produces and the pipeline consumes: materials, shared
 * geometries, placements (geometry x material x element x matrix) and the element table.
 * Keeping importers to this small shape is what lets one writer batch, instance and compress
 * every format the same way.
 */
import type { PropertyTableBuilder } from './metadata-builder.ts';

export type Rgba = [number, number, number, number];

export interface SceneTexture {
  image: Uint8Array;
  mimeType: 'image/png' | 'image/jpeg';
}

export interface SceneMaterial {
  name: string;
  /** Linear RGBA base colour. */
  color: Rgba;
  metallic: number;
  roughness: number;
  doubleSided: boolean;
  texture?: SceneTexture | null;
  /** True when the material's geometry carries COLOR_0 vertex colours that should show. */
  vertexColors?: boolean;
}

export interface SceneGeometry {
  positions: Float32Array;
  normals?: Float32Array | null;
  uvs?: Float32Array | null;
  /** Linear RGBA per vertex. */
  colors?: Float32Array | null;
  indices: Uint32Array;
}

export interface ScenePlacement {
  element: number;
  geometry: number;
  material: number;
  /** Column-major 4x4 local-to-model matrix, null for identity. */
  matrix: Float64Array | null;
}

/**
 * Placement matrices handed out as views of shared blocks: a Float64Array of its own per
 * placement also costs an ArrayBuffer object and a separately allocated backing store (~150
 * bytes beside its 128; 260,000 placements in the 200k tower). Every matrix taken from one
 * slab lives as long as any of them (the scene's placements all do).
 */
export class MatrixSlab {
  private block = new Float64Array(0);
  private used = 0;

  constructor(private readonly matricesPerBlock = 4096) {}

  /** A 4x4 matrix holding `values` (16 numbers, column-major). */
  take(values: ArrayLike<number>): Float64Array {
    if (this.used === this.block.length) {
      this.block = new Float64Array(16 * this.matricesPerBlock);
      this.used = 0;
    }
    const matrix = this.block.subarray(this.used, this.used + 16);
    matrix.set(values);
    this.used += 16;
    return matrix;
  }
}

export interface SceneElement {
  type: string;
  name: string | null;
  parent: number | null;
  expressId?: number;
  globalId?: string;
  /** A door's IFC OperationType (its own or its type's): how the storey plans draw its swing. */
  operation?: string;
}

export interface SceneStorey {
  element: number;
  name: string | null;
  elevation: number | null;
}

export interface SceneModel {
  elements: SceneElement[];
  materials: SceneMaterial[];
  geometries: SceneGeometry[];
  placements: ScenePlacement[];
  /** Axis that points up in the importer's coordinates; Z-up scenes are rotated to glTF's Y-up. */
  upAxis: 'y' | 'z';
  /** Factor from the importer's coordinates to metres (already applied when 1). */
  toMetres: number;
  sourceUnit: string;
  /** Factor from the source file's unit to metres when it differs from `toMetres` (IFC). */
  sourceUnitToMetres?: number;
  schema: string | null;
  /** Property sets per element (IFC), with the string table the metadata shares. */
  properties?: PropertyTableBuilder;
  storeys?: SceneStorey[];
  /**
   * Geometry only the storey plans draw, not the 3D viewable (IFC spaces: web-ifc leaves them
   * out of the model's meshes, the plans need their footprints for names and areas).
   */
  planOnly?: { geometries: SceneGeometry[]; placements: ScenePlacement[] };
}

export function emptyScene(upAxis: 'y' | 'z' = 'y'): SceneModel {
  return {
    elements: [],
    materials: [],
    geometries: [],
    placements: [],
    upAxis,
    toMetres: 1,
    sourceUnit: 'unknown',
    schema: null,
  };
}

export function srgbToLinear(value: number): number {
  return value <= 0.04045 ? value / 12.92 : Math.pow((value + 0.055) / 1.055, 2.4);
}

export function linearToSrgb(value: number): number {
  return value <= 0.0031308 ? value * 12.92 : 1.055 * Math.pow(value, 1 / 2.4) - 0.055;
}

export function defaultMaterial(name = 'Default', color: Rgba = [0.6, 0.6, 0.6, 1]): SceneMaterial {
  return { name, color, metallic: 0, roughness: 0.8, doubleSided: true };
}

/** Finds or adds a material keyed by a string, so importers share materials without bookkeeping. */
export class MaterialTable {
  private readonly indexByKey = new Map<string, number>();
  constructor(private readonly materials: SceneMaterial[]) {}

  add(key: string, make: () => SceneMaterial): number {
    let index = this.indexByKey.get(key);
    if (index === undefined) {
      index = this.materials.length;
      this.materials.push(make());
      this.indexByKey.set(key, index);
    }
    return index;
  }
}

/** Area-weighted smooth normals for an indexed triangle list. */
export function computeNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    const e1x = positions[b]! - positions[a]!;
    const e1y = positions[b + 1]! - positions[a + 1]!;
    const e1z = positions[b + 2]! - positions[a + 2]!;
    const e2x = positions[c]! - positions[a]!;
    const e2y = positions[c + 1]! - positions[a + 1]!;
    const e2z = positions[c + 2]! - positions[a + 2]!;
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    for (const v of [a, b, c]) {
      normals[v] = normals[v]! + nx;
      normals[v + 1] = normals[v + 1]! + ny;
      normals[v + 2] = normals[v + 2]! + nz;
    }
  }
  normalizeVectors(normals);
  return normals;
}

/** Normalises xyz triples in place; zero vectors become +Y so the validator sees unit normals. */
export function normalizeVectors(vectors: Float32Array): void {
  for (let i = 0; i + 2 < vectors.length; i += 3) {
    const x = vectors[i]!;
    const y = vectors[i + 1]!;
    const z = vectors[i + 2]!;
    const length = Math.hypot(x, y, z);
    if (length > 1e-20 && Number.isFinite(length)) {
      vectors[i] = x / length;
      vectors[i + 1] = y / length;
      vectors[i + 2] = z / length;
    } else {
      vectors[i] = 0;
      vectors[i + 1] = 1;
      vectors[i + 2] = 0;
    }
  }
}

export function sequentialIndices(count: number): Uint32Array {
  const indices = new Uint32Array(count);
  for (let i = 0; i < count; i++) indices[i] = i;
  return indices;
}
