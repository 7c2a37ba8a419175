import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ElementWhere } from '@truss/contracts';

/** The element index (per model version since 0024) and saved queries (migration 0020); part of `Database` in schema.ts. */

type Timestamp = ColumnType<Date, Date, Date>;
/** jsonb: read as parsed JSON, written as a JSON string (identical on pg and PGlite). */
type Json<T> = ColumnType<T, string, string>;

export interface ElementIndexStateTable {
  /** The model version the rows are of (migration 0024). */
  version_id: string;
  model_id: string;
  /** The `models.metadata_hash` the rows were made from. */
  metadata_hash: string;
  elements: number;
  properties: number;
  indexed_at: Timestamp;
}

export interface ElementsTable {
  version_id: string;
  model_id: string;
  /** The element's row in the viewable's metadata. */
  element_id: number;
  /** IFC GlobalId, or the element's path of names for formats without ids. */
  guid: string;
  type: string;
  name: string | null;
  storey: string | null;
}

export interface ElementPropertiesTable {
  version_id: string;
  model_id: string;
  element_id: number;
  /** Lower case; IFC attributes are the set `attributes`. */
  pset: string;
  /** Lower case. */
  name: string;
  /** Lower case. */
  value: string | null;
  num: number | null;
}

export interface SavedQueriesTable {
  id: Generated<string>;
  seq: Generated<string>;
  project_id: string;
  name: string;
  query: Json<ElementWhere>;
  /** jsonb or NULL: the model ids the query was saved for; NULL for every model. */
  models: ColumnType<string[] | null, string | null, string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SavedQueryRow = Selectable<SavedQueriesTable>;
