import { sql, type Kysely } from 'kysely';

/**
 * The topic list's "no due date" filter (`?due=none`): a partial index of the topics without a
 * due date in the list's default order (last modified first), so the page and its count read
 * only those rows instead of filtering the whole project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX topics_project_no_due_idx ON topics (project_id, modified_at DESC, number DESC) WHERE due_date IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX topics_project_no_due_idx`.execute(db);
}
