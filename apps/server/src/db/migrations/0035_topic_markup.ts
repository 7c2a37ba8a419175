import { sql, type Kysely } from 'kysely';

/**
 * Issues on sheets and markup (issue 36). A topic may be pinned on a sheet of its model (the pin
 * jsonb then holds `{ sheetId, x, y }`) and carries red-lines as vectors (`markup`: the shapes of
 * contracts' markup.ts, in the sheet's units or in 0..1 of the viewpoint's snapshot).
 * `sheet_id` is the sheet the topic is on (its sheet pin's, else its markup's), a column so the
 * project's issues list filters by sheet through an index rather than by reading jsonb.
 */
const upStatements = [
  'ALTER TABLE topics ADD COLUMN markup jsonb',
  'ALTER TABLE topics ADD COLUMN sheet_id text',
  `CREATE INDEX topics_project_sheet_idx ON topics (project_id, sheet_id, modified_at DESC)
     WHERE sheet_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX topics_project_sheet_idx').execute(db);
  await sql.raw('ALTER TABLE topics DROP COLUMN sheet_id').execute(db);
  await sql.raw('ALTER TABLE topics DROP COLUMN markup').execute(db);
}
