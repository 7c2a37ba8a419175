import { sql, type Kysely } from 'kysely';

/**
 * Share links of models. The link token is not stored: it is derived from the share's id and a
 * random salt with the server secret (so the owner can copy the link again), and looked up by its
 * SHA-256. Access codes are HMACs with the server secret; `code_version` moves with every new code
 * so earlier unlocks stop working. Wrong codes are counted per share (`code_failures`, the
 * lock after 20) and per IP (`share_code_failures` rows, the 15-minute window) in the database, so
 * the limits hold across server processes. Shares go with their model (permanent delete, project
 * deletion) by cascade.
 */
const upStatements = [
  `CREATE TABLE shares (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    token_salt text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    type text NOT NULL CHECK (type IN ('public', 'password', 'private')),
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    expiration text NOT NULL CHECK (expiration IN ('1d', '7d', '30d', 'never')),
    expires_at timestamptz,
    allow_comments boolean NOT NULL,
    issue_permission text NOT NULL CHECK (issue_permission IN ('edit', 'view')),
    code_hmac text,
    code_version integer NOT NULL DEFAULT 0,
    code_failures integer NOT NULL DEFAULT 0,
    code_locked_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE INDEX shares_created_by_idx ON shares (created_by, created_at DESC)`,
  `CREATE INDEX shares_model_idx ON shares (model_id)`,
  `CREATE TABLE share_code_failures (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    share_id uuid NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
    ip text NOT NULL,
    failed_at timestamptz NOT NULL
  )`,
  `CREATE INDEX share_code_failures_window_idx ON share_code_failures (share_id, ip, failed_at)`,
];

const downStatements = ['DROP TABLE share_code_failures', 'DROP TABLE shares'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
