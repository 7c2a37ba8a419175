import { sql, type Kysely } from 'kysely';

/**
 * The process holding an upload lock: the second key of the session-level advisory lock
 * (namespace 'TRUS') its API process holds while it lives. A lock whose process is gone (no
 * such advisory lock in pg_locks) is taken over at once instead of after its lease. Null: taken
 * while that process had no lock session (only the lease then frees it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE upload_locks ADD COLUMN holder_session integer').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE upload_locks DROP COLUMN holder_session').execute(db);
}
