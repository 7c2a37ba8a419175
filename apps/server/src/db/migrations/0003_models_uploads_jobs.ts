import { sql, type Kysely } from 'kysely';

/**
 * Models become real: conversion state and the viewable's storage keys on `models`, resumable
 * uploads (`uploads`, the tus bytes live in DATA_DIR/uploads) and the durable job queue (`jobs`,
 * claimed with FOR UPDATE SKIP LOCKED). Plain SQL that runs unchanged on PostgreSQL and PGlite.
 */
const upStatements = [
  `ALTER TABLE models
     ADD COLUMN original_filename text NOT NULL DEFAULT '',
     ADD COLUMN format text,
     ADD COLUMN status text NOT NULL DEFAULT 'queued'
       CHECK (status IN ('uploading', 'queued', 'processing', 'ready', 'failed')),
     ADD COLUMN progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
     ADD COLUMN stage text,
     ADD COLUMN failure_code text,
     ADD COLUMN failure_message text,
     ADD COLUMN original_key text,
     ADD COLUMN original_sha256 text,
     ADD COLUMN derived_prefix text,
     ADD COLUMN viewable_hash text,
     ADD COLUMN metadata_hash text,
     ADD COLUMN thumbnail_hash text,
     ADD COLUMN derived_bytes bigint NOT NULL DEFAULT 0,
     ADD COLUMN converted_at timestamptz`,
  `CREATE INDEX models_project_live_idx ON models (project_id, updated_at DESC)
     WHERE deleted_at IS NULL`,

  `CREATE TABLE uploads (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    filename text NOT NULL,
    size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
    format text,
    status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'finished')),
    model_id uuid,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    finished_at timestamptz
  )`,
  `CREATE INDEX uploads_user_active_idx ON uploads (user_id, updated_at) WHERE status = 'uploading'`,
  `CREATE INDEX uploads_project_active_idx ON uploads (project_id) WHERE status = 'uploading'`,
  `CREATE INDEX uploads_expiry_idx ON uploads (expires_at) WHERE status = 'uploading'`,

  `CREATE TABLE jobs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type text NOT NULL,
    payload jsonb NOT NULL,
    payload_version integer NOT NULL,
    status text NOT NULL DEFAULT 'queued'
      CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
    run_at timestamptz NOT NULL,
    locked_by text,
    lease_until timestamptz,
    heartbeat_at timestamptz,
    last_error text,
    dedupe_key text,
    created_at timestamptz NOT NULL,
    finished_at timestamptz
  )`,
  `CREATE INDEX jobs_claim_idx ON jobs (run_at) WHERE status = 'queued'`,
  `CREATE INDEX jobs_lease_idx ON jobs (lease_until) WHERE status = 'running'`,
  `CREATE UNIQUE INDEX jobs_dedupe_key ON jobs (dedupe_key)
     WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running')`,
];

const downStatements = [
  'DROP TABLE jobs',
  'DROP TABLE uploads',
  'DROP INDEX models_project_live_idx',
  `ALTER TABLE models
     DROP COLUMN original_filename, DROP COLUMN format, DROP COLUMN status,
     DROP COLUMN progress, DROP COLUMN stage, DROP COLUMN failure_code,
     DROP COLUMN failure_message, DROP COLUMN original_key, DROP COLUMN original_sha256,
     DROP COLUMN derived_prefix, DROP COLUMN viewable_hash, DROP COLUMN metadata_hash,
     DROP COLUMN thumbnail_hash, DROP COLUMN derived_bytes, DROP COLUMN converted_at`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
