import { sql, type Kysely } from 'kysely';

/**
 * Share visitors with "Issue Editing" attach files to issues (issue 35). A visitor has no
 * account: as their topics and comments (0007), an attachment keeps the share it came through
 * and the visitor's key (a hash of share and address, never the address), which the per-minute
 * cap counts and which lets the same visitor delete what they uploaded.
 */
const upStatements = [
  'ALTER TABLE topic_attachments ADD COLUMN share_id uuid REFERENCES shares (id) ON DELETE SET NULL',
  'ALTER TABLE topic_attachments ADD COLUMN visitor_key text',
  `CREATE INDEX topic_attachments_share_visitor ON topic_attachments (share_id, visitor_key, created_at)
     WHERE share_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX topic_attachments_share_visitor').execute(db);
  await sql.raw('ALTER TABLE topic_attachments DROP COLUMN visitor_key').execute(db);
  await sql.raw('ALTER TABLE topic_attachments DROP COLUMN share_id').execute(db);
}
