import { sql, type Kysely } from 'kysely';

/**
 * Accounts, sessions, mailed codes, projects with members, a minimal models table (counts and
 * storage use) and the dev outbox. Plain SQL that runs unchanged on PostgreSQL and PGlite.
 */
const upStatements = [
  `CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text NOT NULL,
    email_verified boolean NOT NULL DEFAULT false,
    password_hash text,
    status text NOT NULL DEFAULT 'active'
      CHECK (status IN ('not_activated', 'active', 'suspended', 'deleted')),
    language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'zh-CN')),
    avatar text,
    full_name text,
    first_name text,
    last_name text,
    phone text,
    phone_country_code text,
    date_of_birth date,
    gender text CHECK (gender IN ('male', 'female', 'other', 'prefer_not_to_say')),
    company text,
    job_title text,
    department text,
    website text,
    country text,
    location text,
    bio text,
    name_format text NOT NULL DEFAULT 'western' CHECK (name_format IN ('eastern', 'western')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX users_email_key ON users (email)`,

  `CREATE TABLE email_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose text NOT NULL,
    code_hash text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    consumed_at timestamptz,
    invalidated_at timestamptz
  )`,
  `CREATE INDEX email_codes_user_purpose_idx ON email_codes (user_id, purpose, created_at DESC)`,

  `CREATE TABLE refresh_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id uuid NOT NULL,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash text NOT NULL,
    parent_id uuid REFERENCES refresh_tokens (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    used_at timestamptz,
    revoked_at timestamptz,
    family_expires_at timestamptz NOT NULL
  )`,
  `CREATE UNIQUE INDEX refresh_tokens_token_hash_key ON refresh_tokens (token_hash)`,
  `CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id, created_at DESC)`,
  `CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`,

  `CREATE TABLE projects (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    is_default boolean NOT NULL DEFAULT false,
    metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX projects_owner_idx ON projects (owner_id)`,
  `CREATE UNIQUE INDEX projects_one_default_per_owner ON projects (owner_id) WHERE is_default`,

  `CREATE TABLE project_members (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
    status text NOT NULL DEFAULT 'accepted' CHECK (status IN ('accepted', 'pending', 'rejected')),
    is_favorite boolean NOT NULL DEFAULT false,
    show_in_sidebar boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX project_members_project_user_key ON project_members (project_id, user_id)`,
  `CREATE INDEX project_members_user_idx ON project_members (user_id)`,

  `CREATE TABLE models (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name text NOT NULL,
    size_bytes bigint NOT NULL DEFAULT 0,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  `CREATE INDEX models_project_idx ON models (project_id)`,

  `CREATE TABLE dev_mail (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    to_address text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    html text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT clock_timestamp()
  )`,
  `CREATE INDEX dev_mail_created_idx ON dev_mail (created_at DESC)`,
];

const downStatements = [
  'DROP TABLE dev_mail',
  'DROP TABLE models',
  'DROP TABLE project_members',
  'DROP TABLE projects',
  'DROP TABLE refresh_tokens',
  'DROP TABLE email_codes',
  'DROP TABLE users',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
