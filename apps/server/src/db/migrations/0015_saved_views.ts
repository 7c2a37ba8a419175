import { sql, type Kysely } from 'kysely';

/**
 * Saved views: named views of a model. `state` is the view in the model page's link form (`vp`);
 * the thumbnail is a small PNG/JPEG kept in the row (bytea, capped by the API) so a deleted
 * model or view takes it along. `seq` keeps the list in saving order (timestamps may tie). The creator may be deleted (the view stays, without author).
 */
const upStatements = [
  `CREATE TABLE saved_views (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq bigint GENERATED ALWAYS AS IDENTITY,
    model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    name text NOT NULL,
    state text NOT NULL,
    thumbnail bytea,
    thumbnail_type text CHECK (thumbnail_type IN ('image/png', 'image/jpeg')),
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE INDEX saved_views_model_idx ON saved_views (model_id, seq)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE saved_views').execute(db);
}
