import { sql, type Kysely } from 'kysely';

/**
 * Two topic-list queries still read and sorted a whole project (bench:topics, 10 000 topics on
 * PostgreSQL: p95 over 50 ms on a loaded machine). `?type=Clash&sort=due` had no index on
 * `type` (a sequential scan for the count and for the page, 13 and 9 ms under load); an index in
 * the list's due order serves both (0.4 and 0.1 ms). `sort=priority` orders by the rank below
 * (the same CASE as TopicListRepository's), which no index matched, so every priority-sorted
 * page sorted all matching topics (10 ms for `label=MEP`); an expression index in that order
 * lets a page be read off it (0.1 ms).
 */
const PRIORITY_RANK =
  "(CASE priority WHEN 'Critical' THEN 4 WHEN 'High' THEN 3 WHEN 'Normal' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END)";

const upStatements = [
  'CREATE INDEX topics_project_type_due_idx ON topics (project_id, type, due_date NULLS LAST, number DESC)',
  `CREATE INDEX topics_project_priority_idx ON topics (project_id, ${PRIORITY_RANK} DESC, number DESC)`,
];

const downStatements = [
  'DROP INDEX topics_project_priority_idx',
  'DROP INDEX topics_project_type_due_idx',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
