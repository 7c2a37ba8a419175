import { sql, type Kysely } from 'kysely';

/**
 * Storage usage (the subscription read, cached per project tag) sums every model version since
 * 0023, and a new version's row is written before it touches its model's row: the read cache's
 * NOTIFY trigger (0018) learns `model_versions`, tagged with the project of the version's model.
 * A version deleted with its model finds no model any more; the model's own row notifies then.
 */
const functionWith = (versionsBranch: string): string =>
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
        ${versionsBranch}
      END CASE;
    END LOOP;
    PERFORM pg_notify('truss_cache', array_to_string(ARRAY(SELECT DISTINCT unnest(tags)), ' '));
    RETURN NULL;
  END $$`;

const VERSIONS_BRANCH = `WHEN 'model_versions' THEN
          tags := tags || ('p:' || (SELECT project_id FROM models WHERE id = (r->>'model_id')::uuid));`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(functionWith(VERSIONS_BRANCH)).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER model_versions_cache_notify AFTER INSERT OR UPDATE OR DELETE ON model_versions
         FOR EACH ROW EXECUTE FUNCTION truss_cache_notify()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER model_versions_cache_notify ON model_versions').execute(db);
  await sql.raw(functionWith('')).execute(db);
}
