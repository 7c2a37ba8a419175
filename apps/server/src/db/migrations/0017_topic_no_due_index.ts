import { sql, type Kysely } from 'kysely';

/**
 * The topic list's "no due date" filter (`?due=none`): a partial index of the topics without a
 * due date in the list's default order (last modified first, `DESC NULLS LAST` as the list query
 * sorts, so the page is read off the index), which also answers its count from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX topics_project_no_due_idx ON topics (project_id, modified_at DESC NULLS LAST, number DESC) WHERE due_date IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX topics_project_no_due_idx`.execute(db);
}
