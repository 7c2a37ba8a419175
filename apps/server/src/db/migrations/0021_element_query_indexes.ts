import { sql, type Kysely } from 'kysely';

/**
 * Faster property queries (issue 18, bench:query: 10 models, 200,000 elements).
 *
 * - `name contains "beam 1999"`: a trigram index on the lower-case name, so `lower(name) LIKE
 *   '%beam 1999%'` reads the few elements whose names hold every trigram of the text instead of
 *   testing every element's name. pg_trgm is created by 0013_topic_indexes.ts (and loaded into
 *   PGlite by PGLITE_OPTIONS).
 * - `type = IfcWall`: the class index also carries `type` itself. PostgreSQL reads an expression
 *   index (`lower(type)`) alone only when the columns under the expression are in it too; with
 *   them, counting 37,500 walls is an index-only scan instead of a visit of every wall's row.
 */
const upStatements = [
  'CREATE INDEX elements_name_trgm_idx ON elements USING gin (lower(name) gin_trgm_ops)',
  'DROP INDEX elements_type_idx',
  'CREATE INDEX elements_type_idx ON elements (model_id, lower(type)) INCLUDE (element_id, type)',
];

const downStatements = [
  'DROP INDEX elements_type_idx',
  'CREATE INDEX elements_type_idx ON elements (model_id, lower(type)) INCLUDE (element_id)',
  'DROP INDEX elements_name_trgm_idx',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
