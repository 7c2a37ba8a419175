import { sql, type Kysely } from 'kysely';

/**
 * Issue 15, the rest: the renewal reminders sent before a paid plan ends (each one once per
 * user, plan end and kind), and the Enterprise "Contact sales" requests.
 */
const upStatements = [
  `CREATE TABLE subscription_reminders (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_id text NOT NULL CHECK (plan_id IN ('pro', 'enterprise')),
    period_end timestamptz NOT NULL,
    kind text NOT NULL CHECK (kind IN ('7d', '1d')),
    sent_at timestamptz NOT NULL,
    UNIQUE (user_id, period_end, kind)
  )`,
  `CREATE TABLE sales_contacts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    name text NOT NULL,
    email text NOT NULL,
    company text NOT NULL,
    phone text,
    message text,
    locale text NOT NULL,
    created_at timestamptz NOT NULL,
    mailed_at timestamptz
  )`,
  `CREATE INDEX sales_contacts_created_idx ON sales_contacts (created_at DESC)`,
];

const downStatements = ['DROP TABLE sales_contacts', 'DROP TABLE subscription_reminders'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
