import { sql, type Kysely } from 'kysely';

/**
 * Project invitations (a mailed, single-use link per address; only an HMAC of the token is
 * stored) and who invited each member. Plain SQL that runs unchanged on PostgreSQL and PGlite.
 */
const upStatements = [
  `CREATE TABLE project_invitations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    email text NOT NULL,
    role text NOT NULL CHECK (role IN ('admin', 'member')),
    token_hash text NOT NULL,
    invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
    status text NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'accepted', 'rejected', 'cancelled')),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    last_sent_at timestamptz,
    responded_at timestamptz,
    responded_by uuid REFERENCES users (id) ON DELETE SET NULL
  )`,
  `CREATE UNIQUE INDEX project_invitations_token_hash_key ON project_invitations (token_hash)`,
  // At most one open invitation per address and project.
  `CREATE UNIQUE INDEX project_invitations_one_pending
     ON project_invitations (project_id, email) WHERE status = 'pending'`,
  `CREATE INDEX project_invitations_project_idx ON project_invitations (project_id, created_at)`,
  `CREATE INDEX project_invitations_email_idx ON project_invitations (email) WHERE status = 'pending'`,

  `ALTER TABLE project_members
     ADD COLUMN invited_by uuid REFERENCES users (id) ON DELETE SET NULL`,
];

const downStatements = [
  'ALTER TABLE project_members DROP COLUMN invited_by',
  'DROP TABLE project_invitations',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
