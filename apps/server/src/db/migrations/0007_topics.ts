import { sql, type Kysely } from 'kysely';

/**
 * Topics (BCF's word): comment threads and issues in one table, so both travel through BCF files.
 * Numbers are per project (`topic_counters`, one atomic upsert per allocation). Viewpoints hold
 * what a BCF viewpoint holds; the snapshot PNG lives in the row (bytea, capped by the API) so an
 * import is one transaction and a deleted topic takes its pictures with it. `bcf` columns keep
 * the BCF fields Truss shows nowhere (reference links, document references, snippets, header
 * files, original authors), so an import followed by an export loses nothing; `topic_files` keeps
 * the files such fields point at inside the archive. Comments and topics written by share
 * visitors carry the share and a hash of the visitor's address (the rate limit counts rows).
 */
const upStatements = [
  `CREATE TABLE topic_counters (
    project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
    last_number integer NOT NULL
  )`,
  `CREATE TABLE topic_types (
    project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name text NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (project_id, name)
  )`,
  `CREATE TABLE topics (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    model_id uuid REFERENCES models (id) ON DELETE SET NULL,
    guid text NOT NULL,
    number integer NOT NULL,
    kind text NOT NULL CHECK (kind IN ('comment', 'issue')),
    title text NOT NULL,
    description text NOT NULL DEFAULT '',
    type text NOT NULL,
    status text NOT NULL,
    priority text,
    labels jsonb NOT NULL DEFAULT '[]',
    assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
    assigned_to text,
    due_date timestamptz,
    stage text,
    related_guids jsonb NOT NULL DEFAULT '[]',
    pin jsonb,
    author_id uuid REFERENCES users (id) ON DELETE SET NULL,
    author_name text NOT NULL,
    mention_ids jsonb NOT NULL DEFAULT '[]',
    share_id uuid REFERENCES shares (id) ON DELETE SET NULL,
    visitor_key text,
    bcf jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL,
    modified_at timestamptz NOT NULL,
    modified_by_name text
  )`,
  `CREATE UNIQUE INDEX topics_project_guid_key ON topics (project_id, guid)`,
  `CREATE UNIQUE INDEX topics_project_number_key ON topics (project_id, number)`,
  `CREATE INDEX topics_project_status_idx ON topics (project_id, status, modified_at DESC)`,
  `CREATE INDEX topics_project_assignee_idx ON topics (project_id, assignee_id)`,
  `CREATE INDEX topics_model_idx ON topics (model_id)`,
  `CREATE INDEX topics_share_visitor_idx ON topics (share_id, visitor_key, created_at)`,
  `CREATE TABLE topic_viewpoints (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    topic_id uuid NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
    guid text NOT NULL,
    position integer NOT NULL,
    camera jsonb,
    clipping_planes jsonb NOT NULL DEFAULT '[]',
    lines jsonb NOT NULL DEFAULT '[]',
    bitmaps jsonb NOT NULL DEFAULT '[]',
    selection jsonb NOT NULL DEFAULT '[]',
    visibility jsonb NOT NULL,
    coloring jsonb NOT NULL DEFAULT '[]',
    snapshot bytea,
    snapshot_type text CHECK (snapshot_type IN ('png', 'jpg')),
    bcf jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL
  )`,
  `CREATE UNIQUE INDEX topic_viewpoints_topic_guid_key ON topic_viewpoints (topic_id, guid)`,
  `CREATE TABLE topic_comments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    topic_id uuid NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
    guid text NOT NULL,
    author_id uuid REFERENCES users (id) ON DELETE SET NULL,
    author_name text NOT NULL,
    text text NOT NULL,
    mention_ids jsonb NOT NULL DEFAULT '[]',
    viewpoint_id uuid REFERENCES topic_viewpoints (id) ON DELETE SET NULL,
    edited boolean NOT NULL DEFAULT false,
    share_id uuid REFERENCES shares (id) ON DELETE SET NULL,
    visitor_key text,
    created_at timestamptz NOT NULL,
    modified_at timestamptz,
    modified_by_name text
  )`,
  `CREATE UNIQUE INDEX topic_comments_topic_guid_key ON topic_comments (topic_id, guid)`,
  `CREATE INDEX topic_comments_topic_idx ON topic_comments (topic_id, created_at)`,
  `CREATE INDEX topic_comments_share_visitor_idx ON topic_comments (share_id, visitor_key, created_at)`,
  `CREATE TABLE topic_files (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    topic_id uuid NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('document', 'snippet')),
    ref text NOT NULL,
    filename text NOT NULL,
    description text,
    bytes bytea NOT NULL
  )`,
  `CREATE UNIQUE INDEX topic_files_topic_ref_key ON topic_files (topic_id, kind, ref)`,
];

const downStatements = [
  'DROP TABLE topic_files',
  'DROP TABLE topic_comments',
  'DROP TABLE topic_viewpoints',
  'DROP TABLE topics',
  'DROP TABLE topic_types',
  'DROP TABLE topic_counters',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
