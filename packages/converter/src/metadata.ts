/**
 * The element table and model description written next to the .glb (metadata.json). Plain JSON:
 * the viewer and the server read it without this package. Element `id` equals the value of the
 * `_ELEMENT_ID` vertex (and instance) attribute in the .glb.
 */
import type { ModelFormat } from './formats.ts';

export const METADATA_VERSION = 1;

/** [minX, minY, minZ, maxX, maxY, maxZ] in the .glb's coordinates (metres, Y up, recentred). */
export type BoundingBox = [number, number, number, number, number, number];

export interface ModelElement {
  id: number;
  /** IFC: the entity's express id (STEP line number). Absent for other formats. */
  expressId?: number;
  /** IFC: GlobalId. */
  globalId?: string;
  /** IFC entity type (`IfcWall`), or the scene node kind (`Mesh`, `Group`) for other formats. */
  type: string;
  name: string | null;
  /** Parent element id in the (spatial) tree, null for the root. */
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
  value: string | number | boolean | null;
  unit?: string;
}

export interface ModelPropertySet {
  name: string;
  /** `pset` for IfcPropertySet, `qto` for IfcElementQuantity, `attributes` for entity attributes. */
  kind: 'pset' | 'qto' | 'attributes';
  properties: ModelProperty[];
}

export interface ModelStorey {
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
  elements: ModelElement[];
  tree: ModelTreeNode | null;
  /** Property sets per element id. */
  properties: Record<string, ModelPropertySet[]>;
  storeys: ModelStorey[];
  stats: ModelStats;
}
