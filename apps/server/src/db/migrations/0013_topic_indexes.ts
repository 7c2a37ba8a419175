import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the topic list at 10 000 topics a project (bench:topics): the default order (last
 * modified first) reads its page from an index instead of sorting the project; search (`ILIKE
 * '%word%'` on title and text) uses trigram indexes (pg_trgm, a trusted extension on PostgreSQL
 * 13+, loaded into PGlite by PGLITE_OPTIONS); the label filter (`labels @> '["MEP"]'`) a GIN index.
 */
const upStatements = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE INDEX topics_project_modified_idx ON topics (project_id, modified_at DESC, number DESC)',
  'CREATE INDEX topics_title_trgm_idx ON topics USING gin (title gin_trgm_ops)',
  'CREATE INDEX topics_description_trgm_idx ON topics USING gin (description gin_trgm_ops)',
  'CREATE INDEX topics_labels_idx ON topics USING gin (labels jsonb_path_ops)',
];

const downStatements = [
  'DROP INDEX topics_labels_idx',
  'DROP INDEX topics_description_trgm_idx',
  'DROP INDEX topics_title_trgm_idx',
  'DROP INDEX topics_project_modified_idx',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
