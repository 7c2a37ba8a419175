import { sql, type Kysely } from 'kysely';

/**
 * Whether a share's visitors may download the uploaded original (issue 17, item 11). Off for
 * public and code shares, on for private ones (their visitors are project members, who can
 * download from the project anyway); existing shares get the same rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE shares ADD COLUMN allow_download boolean NOT NULL DEFAULT false`.execute(
    db,
  );
  await sql`UPDATE shares SET allow_download = true WHERE type = 'private'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE shares DROP COLUMN allow_download`.execute(db);
}
