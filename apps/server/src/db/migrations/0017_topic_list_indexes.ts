import { sql, type Kysely } from 'kysely';

/**
 * The topic list sorts `modified_at DESC NULLS LAST, number DESC`; an index in that exact order
 * lets a page be read off it (0013's `modified_at DESC` puts NULLs first, so PostgreSQL sorted
 * the whole project instead). The "no due date" filter (`?due=none`) gets a partial index in the
 * same order, which also answers its count from the index alone.
 */
const upStatements = [
  'DROP INDEX topics_project_modified_idx',
  'CREATE INDEX topics_project_modified_idx ON topics (project_id, modified_at DESC NULLS LAST, number DESC)',
  'CREATE INDEX topics_project_no_due_idx ON topics (project_id, modified_at DESC NULLS LAST, number DESC) WHERE due_date IS NULL',
];

const downStatements = [
  'DROP INDEX topics_project_no_due_idx',
  'DROP INDEX topics_project_modified_idx',
  'CREATE INDEX topics_project_modified_idx ON topics (project_id, modified_at DESC, number DESC)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
