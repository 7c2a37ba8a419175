import { sql, type Kysely } from 'kysely';

/**
 * Files attached to topics and comments (photos, PDFs, any file). The bytes live in the object
 * storage (`attachments/<project>/<topic>/<id>/…`), the rows here; `project_id` is copied from
 * the topic so the plan's storage usage sums a project's files in one join, as it sums model
 * versions. The read cache's NOTIFY trigger (0018, 0025) learns the table: a new or deleted
 * file changes the owner's cached storage figure.
 */
const upStatements = [
  `CREATE TABLE topic_attachments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    topic_id uuid NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    comment_id uuid REFERENCES topic_comments(id) ON DELETE CASCADE,
    document_guid uuid NOT NULL DEFAULT gen_random_uuid(),
    filename text NOT NULL,
    content_type text NOT NULL,
    size_bytes bigint NOT NULL,
    is_image boolean NOT NULL DEFAULT false,
    has_thumbnail boolean NOT NULL DEFAULT false,
    uploader_id uuid REFERENCES users(id) ON DELETE SET NULL,
    uploader_name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX topic_attachments_topic ON topic_attachments (topic_id, created_at)',
  'CREATE INDEX topic_attachments_project ON topic_attachments (project_id)',
];

const functionWith = (branches: string): string =>
  `CREATE OR REPLACE FUNCTION truss_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    tags text[] := '{}';
    rows jsonb[] := '{}';
    r jsonb;
  BEGIN
    IF TG_OP <> 'INSERT' THEN rows := rows || to_jsonb(OLD); END IF;
    IF TG_OP <> 'DELETE' THEN rows := rows || to_jsonb(NEW); END IF;
    FOREACH r IN ARRAY rows LOOP
      CASE TG_TABLE_NAME
        WHEN 'users' THEN tags := tags || ('u:' || (r->>'id'));
        WHEN 'subscription_periods' THEN tags := tags || ('u:' || (r->>'user_id'));
        WHEN 'refresh_tokens' THEN tags := tags || ('s:' || (r->>'family_id'));
        WHEN 'projects' THEN tags := tags || ('p:' || (r->>'id'));
        WHEN 'models' THEN tags := tags || ('p:' || (r->>'project_id'));
        WHEN 'project_members' THEN
          tags := tags || ('p:' || (r->>'project_id')) || ('u:' || (r->>'user_id'));
        WHEN 'model_versions' THEN
          tags := tags || ('p:' || (SELECT project_id FROM models WHERE id = (r->>'model_id')::uuid));
        ${branches}
      END CASE;
    END LOOP;
    PERFORM pg_notify('truss_cache', array_to_string(ARRAY(SELECT DISTINCT unnest(tags)), ' '));
    RETURN NULL;
  END $$`;

const ATTACHMENTS_BRANCH = `WHEN 'topic_attachments' THEN tags := tags || ('p:' || (r->>'project_id'));`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
  await sql.raw(functionWith(ATTACHMENTS_BRANCH)).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER topic_attachments_cache_notify AFTER INSERT OR UPDATE OR DELETE ON topic_attachments
         FOR EACH ROW EXECUTE FUNCTION truss_cache_notify()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE topic_attachments').execute(db);
  await sql.raw(functionWith('')).execute(db);
}
