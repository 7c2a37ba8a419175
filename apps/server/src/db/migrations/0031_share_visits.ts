import { sql, type Kysely } from 'kysely';

/**
 * Share analytics: how often a link was opened, by how many visitors, and when last. No IP
 * address or user agent is written: a visitor is a daily mark, HMAC(salt of the day, share,
 * IP, user agent), and the day's salt and marks are deleted the next day, after which no mark
 * can be tied to an IP any more. `visitor_count` adds up each day's distinct visitors.
 */
const upStatements = [
  `ALTER TABLE shares
    ADD COLUMN open_count integer NOT NULL DEFAULT 0,
    ADD COLUMN visitor_count integer NOT NULL DEFAULT 0,
    ADD COLUMN last_opened_at timestamptz`,
  `CREATE TABLE share_visit_salts (
    day date PRIMARY KEY,
    salt text NOT NULL
  )`,
  `CREATE TABLE share_visitor_marks (
    share_id uuid NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
    day date NOT NULL,
    visitor_hash text NOT NULL,
    PRIMARY KEY (share_id, day, visitor_hash)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE share_visitor_marks').execute(db);
  await sql.raw('DROP TABLE share_visit_salts').execute(db);
  await sql
    .raw(
      'ALTER TABLE shares DROP COLUMN open_count, DROP COLUMN visitor_count, DROP COLUMN last_opened_at',
    )
    .execute(db);
}
