import { sql, type Kysely } from 'kysely';

/**
 * Locks of tus uploads shared by every API instance (PostgreSQL): a row per upload being
 * written, held by one request (`holder`) until `expires_at`, renewed while the request runs,
 * so a killed instance's lock runs out by itself. `release_requested` asks the holder (on
 * whichever instance) to end its request, as tus asks when a client resumes.
 */
const upStatements = [
  `CREATE TABLE upload_locks (
    upload_id text PRIMARY KEY,
    holder text NOT NULL,
    expires_at timestamptz NOT NULL,
    release_requested boolean NOT NULL DEFAULT false
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE upload_locks').execute(db);
}
