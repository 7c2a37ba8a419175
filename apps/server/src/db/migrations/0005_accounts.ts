import { sql, type Kysely } from 'kysely';

/**
 * Accounts: provider identities (Google, WeChat), failed sign-ins (limits that hold across
 * processes), preferences, notification settings, an index to find mailed tokens by their HMAC,
 * and the avatar's object key. Plain SQL that runs unchanged on PostgreSQL and PGlite.
 */
const upStatements = [
  `CREATE TABLE user_identities (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider text NOT NULL CHECK (provider IN ('google', 'wechat')),
    subject text NOT NULL,
    union_id text,
    email text,
    display_name text,
    created_at timestamptz NOT NULL
  )`,
  `CREATE UNIQUE INDEX user_identities_provider_subject_key ON user_identities (provider, subject)`,
  `CREATE UNIQUE INDEX user_identities_user_provider_key ON user_identities (user_id, provider)`,
  `CREATE INDEX user_identities_union_idx ON user_identities (provider, union_id)`,

  `CREATE TABLE login_failures (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    scope text NOT NULL CHECK (scope IN ('account', 'ip')),
    key text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX login_failures_scope_key_idx ON login_failures (scope, key, created_at)`,

  `CREATE TABLE user_preferences (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    timezone text,
    date_format text NOT NULL DEFAULT 'yyyy-mm-dd'
      CHECK (date_format IN ('yyyy/mm/dd', 'dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd')),
    time_format text NOT NULL DEFAULT '24h' CHECK (time_format IN ('24h', '12h')),
    week_start text NOT NULL DEFAULT 'monday'
      CHECK (week_start IN ('monday', 'sunday', 'saturday')),
    updated_at timestamptz NOT NULL
  )`,

  `CREATE TABLE notification_settings (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    project_invitations boolean NOT NULL DEFAULT true,
    member_changes boolean NOT NULL DEFAULT true,
    model_processed boolean NOT NULL DEFAULT true,
    share_code_locked boolean NOT NULL DEFAULT true,
    product_news boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL
  )`,

  // Reset links are looked up by the HMAC of their token.
  `CREATE INDEX email_codes_code_hash_idx ON email_codes (code_hash)`,
  `ALTER TABLE users ADD COLUMN avatar_key text`,
  `ALTER TABLE users ADD COLUMN deleted_at timestamptz`,
];

const downStatements = [
  'ALTER TABLE users DROP COLUMN deleted_at',
  'ALTER TABLE users DROP COLUMN avatar_key',
  'DROP INDEX email_codes_code_hash_idx',
  'DROP TABLE notification_settings',
  'DROP TABLE user_preferences',
  'DROP TABLE login_failures',
  'DROP TABLE user_identities',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
