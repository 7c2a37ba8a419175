/**
 * The element table and model description stored next to the .glb, version 2: columnar, with
 * every repeated string (types, names, property and set names) in one string table and every
 * distinct property and property set stored once. Element id = row index = the value of the
 * `_ELEMENT_ID` vertex (and instance) attribute in the .glb. Readers are in `read.ts`.
 */
import type { ModelFormat } from './formats.ts';

export const METADATA_VERSION = 2;

/** [minX, minY, minZ, maxX, maxY, maxZ] in the .glb's coordinates (metres, Y up, recentred). */
export type BoundingBox = [number, number, number, number, number, number];

/**
 * A column of numbers: an array as parsed from JSON, or a typed array as handed over from the
 * thread that parsed it (metadata-transfer.ts). Read it by index.
 */
export type NumberColumn = readonly number[] | Int32Array | Float64Array;

export interface ModelElementTable {
  /** Number of elements (rows). Every column below has one entry per element. */
  count: number;
  /** Index into `strings`: IFC entity type (`IfcWall`) or scene node kind (`Mesh`, `Group`). */
  type: NumberColumn;
  /** Index into `strings` of the element's name, -1 when it has none. */
  name: NumberColumn;
  /** Parent element id in the (spatial) tree, -1 for a root. */
  parent: NumberColumn;
  /** Triangles drawn for the element; 0 for elements without geometry (storeys, groups). */
  triangles: NumberColumn;
  /**
   * Six integers per element (min x, y, z, max x, y, z), in units of `bboxStep` metres, in the
   * .glb's coordinates, rounded outwards; all six are 0 when the element has no triangles.
   */
  bbox: NumberColumn;
  /** Metres per bbox unit: a power of ten, at most 1/100,000 of the model's size. */
  bboxStep: number;
  /** IFC: express id (STEP line number) per element, 0 when none. Absent for other formats. */
  expressId?: NumberColumn;
  /** IFC: GlobalId per element, '' when none. Absent for other formats. */
  globalId?: string[];
  /**
   * A stable hash of the element's triangles in world coordinates (snapped to 1 mm; independent
   * of triangle order), '' for an element without triangles. Version comparison matches it.
   * Absent in viewables converted before it existed.
   */
  geometryHash?: string[];
}

/** A distinct property: [name (index into strings), value] or [name, value, unit (index)]. */
export type ModelPropertyRow =
  | [name: number, value: ModelPropertyValue]
  | [name: number, value: ModelPropertyValue, unit: number];

export type ModelPropertyValue = string | number | boolean | null;

/** Property set kinds in `ModelPropertyTable.sets`: index = the kind number stored there. */
export const PROPERTY_SET_KINDS = ['attributes', 'pset', 'qto'] as const;
export type ModelPropertySetKind = (typeof PROPERTY_SET_KINDS)[number];

export interface ModelPropertyTable {
  /** Distinct properties. */
  values: ModelPropertyRow[];
  /**
   * Distinct property sets: [name (index into strings), kind (index into PROPERTY_SET_KINDS),
   * ...indices into `values`]. `attributes` sets hold entity attributes other than the element
   * columns (GlobalId and Name are not repeated there), plus the type object's name as `Type`.
   */
  sets: number[][];
  /** Per element id, the indices of its sets; elements past the end of the list have none. */
  elements: number[][];
}

export interface ModelStorey {
  /** Element id of the storey. */
  id: number;
  name: string | null;
  /** Elevation attribute converted to metres (null when the file has none). */
  elevation: number | null;
  /** Number of elements contained in the storey (recursively through aggregates). */
  elements: number;
}

export interface ModelStats {
  elements: number;
  triangles: number;
  materials: number;
  instances: number;
  drawBatches: number;
}

export interface ModelMetadata {
  version: typeof METADATA_VERSION;
  format: ModelFormat;
  source: { filename: string; bytes: number; schema: string | null };
  /** Length unit of the source file and its factor to metres; the .glb is always in metres. */
  units: { source: string; toMetres: number };
  /** What was subtracted from every coordinate (metres, glTF axes) to keep them small. */
  origin: [number, number, number];
  bbox: BoundingBox | null;
  stats: ModelStats;
  storeys: ModelStorey[];
  /** Every repeated string (types, names, property and set names), referenced by index. */
  strings: string[];
  elements: ModelElementTable;
  properties: ModelPropertyTable;
}

/** One element as an object (what version 1 stored per element). */
export interface ModelElement {
  id: number;
  expressId?: number;
  globalId?: string;
  type: string;
  name: string | null;
  parent: number | null;
  bbox: BoundingBox | null;
  triangles: number;
}

export interface ModelTreeNode {
  id: number;
  children: ModelTreeNode[];
}

export interface ModelProperty {
  name: string;
  value: ModelPropertyValue;
  unit?: string;
}

export interface ModelPropertySet {
  name: string;
  kind: ModelPropertySetKind;
  properties: ModelProperty[];
}
