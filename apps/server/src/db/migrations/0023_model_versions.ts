import { sql, type Kysely } from 'kysely';

/**
 * Model versions (issue 18): a model keeps its id (URLs, shares and topics point at it) and gets
 * numbered versions, each an upload of its own with its own original, conversion and viewable.
 *
 * `model_versions` holds what used to be the model's upload and conversion state, per version.
 * `models.current_version_id` says which version the model shows; the model's own columns
 * (status, size, keys, hashes...) stay as a copy of its current version's, written by the same
 * transaction that changes either (ModelsRepository.syncCurrent), so every reader of a model is
 * unchanged. Every existing model becomes version 1 of itself: the version's id is the model's
 * id and its files stay where they are.
 *
 * An upload of a new version carries its model in `uploads.model_id` from the start (and its
 * message in `uploads.version_message`); its version's id is the upload's, like a model's.
 *
 * Shares may pin a version (`shares.model_version_id`, NULL: follow the current one); topics and
 * viewpoints record the version they were made on. Deleting a version unpins shares (they follow
 * the current version again) and leaves topics without a recorded version.
 */
const upStatements = [
  `CREATE TABLE model_versions (
    id uuid PRIMARY KEY,
    model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    number integer NOT NULL CHECK (number >= 1),
    message text NOT NULL DEFAULT '',
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    size_bytes bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
    original_filename text NOT NULL DEFAULT '',
    format text,
    status text NOT NULL DEFAULT 'queued'
      CHECK (status IN ('uploading', 'queued', 'processing', 'ready', 'failed')),
    progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    stage text,
    failure_code text,
    failure_message text,
    original_key text,
    original_sha256 text,
    derived_prefix text,
    viewable_hash text,
    metadata_hash text,
    thumbnail_hash text,
    derived_bytes bigint NOT NULL DEFAULT 0,
    converted_at timestamptz
  )`,
  `CREATE UNIQUE INDEX model_versions_model_number_key ON model_versions (model_id, number)`,
  `INSERT INTO model_versions (id, model_id, number, message, created_by, created_at, updated_at,
     size_bytes, original_filename, format, status, progress, stage, failure_code,
     failure_message, original_key, original_sha256, derived_prefix, viewable_hash,
     metadata_hash, thumbnail_hash, derived_bytes, converted_at)
   SELECT id, id, 1, '', created_by, created_at, updated_at, size_bytes, original_filename,
     format, status, progress, stage, failure_code, failure_message, original_key,
     original_sha256, derived_prefix, viewable_hash, metadata_hash, thumbnail_hash,
     derived_bytes, converted_at
     FROM models`,
  `ALTER TABLE models ADD COLUMN current_version_id uuid REFERENCES model_versions (id)`,
  `UPDATE models SET current_version_id = id`,
  `ALTER TABLE shares
     ADD COLUMN model_version_id uuid REFERENCES model_versions (id) ON DELETE SET NULL`,
  `ALTER TABLE topics
     ADD COLUMN model_version_id uuid REFERENCES model_versions (id) ON DELETE SET NULL`,
  `ALTER TABLE topic_viewpoints
     ADD COLUMN model_version_id uuid REFERENCES model_versions (id) ON DELETE SET NULL`,
  // An upload of a new version: `model_id` is set from its start, and this is its message.
  `ALTER TABLE uploads ADD COLUMN version_message text`,
  `CREATE INDEX shares_model_version_idx ON shares (model_version_id)
     WHERE model_version_id IS NOT NULL`,
  `CREATE INDEX topics_model_version_idx ON topics (model_version_id)
     WHERE model_version_id IS NOT NULL`,
  `CREATE INDEX topic_viewpoints_model_version_idx ON topic_viewpoints (model_version_id)
     WHERE model_version_id IS NOT NULL`,
];

const downStatements = [
  'ALTER TABLE uploads DROP COLUMN version_message',
  'ALTER TABLE topic_viewpoints DROP COLUMN model_version_id',
  'ALTER TABLE topics DROP COLUMN model_version_id',
  'ALTER TABLE shares DROP COLUMN model_version_id',
  'ALTER TABLE models DROP COLUMN current_version_id',
  'DROP TABLE model_versions',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
