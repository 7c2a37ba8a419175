import { sql, type Kysely } from 'kysely';

/**
 * Counted actions that have a cap per caller (the quotas module): e-mail checks and sign-ups per
 * client IP, invitation mails per user and per IP. One row per counted action (`amount` > 1 when
 * one request sends several mails); a cap sums `amount` over its window. Rows older than a day
 * are pruned now and then by the quotas service.
 */
const upStatements = [
  `CREATE TABLE quota_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL,
    key text NOT NULL,
    amount integer NOT NULL DEFAULT 1 CHECK (amount > 0),
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX quota_events_kind_key_idx ON quota_events (kind, key, created_at)`,
];

const downStatements = ['DROP TABLE quota_events'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
