import { sql, type Kysely } from 'kysely';

/**
 * Topic notification mails (assignment, mention, reply, status change): one switch per kind in
 * the users' notification settings, and a queue of pending notices. A notice is written when the
 * change commits; a recipient gets at most one mail per window, which carries every notice that
 * piled up meanwhile (`sent_at` marks the notices a mail carried, and the newest one starts the
 * next window).
 */
const upStatements = [
  `ALTER TABLE notification_settings
    ADD COLUMN topic_assigned boolean NOT NULL DEFAULT true,
    ADD COLUMN topic_mentions boolean NOT NULL DEFAULT true,
    ADD COLUMN topic_replies boolean NOT NULL DEFAULT true,
    ADD COLUMN topic_status boolean NOT NULL DEFAULT true`,
  `CREATE TABLE topic_notices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    topic_id uuid NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('assigned', 'mentioned', 'reply', 'status')),
    actor_name text NOT NULL,
    status text,
    created_at timestamptz NOT NULL,
    sent_at timestamptz
  )`,
  `CREATE INDEX topic_notices_pending_idx ON topic_notices (user_id) WHERE sent_at IS NULL`,
  `CREATE INDEX topic_notices_sent_idx ON topic_notices (user_id, sent_at)`,
];

const downStatements = [
  'DROP TABLE topic_notices',
  `ALTER TABLE notification_settings
    DROP COLUMN topic_assigned,
    DROP COLUMN topic_mentions,
    DROP COLUMN topic_replies,
    DROP COLUMN topic_status`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
