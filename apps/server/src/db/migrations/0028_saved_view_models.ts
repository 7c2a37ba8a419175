import { sql, type Kysely } from 'kysely';

/**
 * A saved view may show further models of the project beside its own (a federated view,
 * /project/{id}/view?models=...): their ids, in load order after the view's model. Empty for a
 * view of one model. jsonb (an array of uuids), as the topics' BCF extras.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`ALTER TABLE saved_views ADD COLUMN model_ids jsonb NOT NULL DEFAULT '[]'::jsonb`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE saved_views DROP COLUMN model_ids').execute(db);
}
