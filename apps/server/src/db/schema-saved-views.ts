import type { ColumnType, Generated, Selectable } from 'kysely';

/** Saved views of models (migration 0015); part of `Database` in schema.ts. */

type Timestamp = ColumnType<Date, Date, Date>;

export interface SavedViewsTable {
  id: Generated<string>;
  /** Saving order. bigint: read as a string. */
  seq: Generated<string>;
  model_id: string;
  name: string;
  /** The view in the model page's `vp` link form. */
  state: string;
  /**
   * Further models shown with this one (federated view, migration 0028), in load order after
   * `model_id`; [] for a view of one model. Written as JSON text.
   */
  model_ids: ColumnType<string[], string | undefined, string>;
  /** bytea: Buffer on pg, Uint8Array on PGlite. */
  thumbnail: Uint8Array | null;
  thumbnail_type: 'image/png' | 'image/jpeg' | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SavedViewRow = Selectable<SavedViewsTable>;
