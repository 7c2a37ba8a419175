import { sql, type Kysely } from 'kysely';

/**
 * Invalidation of the API's in-process read caches (modules/cache): every committed change to a
 * row that a cached read shows sends NOTIFY on `truss_cache` with the tags it touches,
 * space-separated: `u:<user id>` (the account row, its memberships and preferences, its paid
 * periods), `p:<project id>` (the project row, its members, its models), `s:<session id>` (a
 * refresh-token family: revocation, rotation). A trigger fires for every writer (any instance,
 * CLI tools, a fix made in psql), and PostgreSQL delivers the notification only if, and when,
 * the transaction commits; identical payloads of one transaction are delivered once.
 */
const TABLES = ['users', 'subscription_periods', 'projects', 'models', 'project_members'];

const upStatements = [
  `CREATE FUNCTION truss_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
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
      END CASE;
    END LOOP;
    PERFORM pg_notify('truss_cache', array_to_string(ARRAY(SELECT DISTINCT unnest(tags)), ' '));
    RETURN NULL;
  END $$`,
  ...TABLES.map(
    (table) =>
      `CREATE TRIGGER ${table}_cache_notify AFTER INSERT OR UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION truss_cache_notify()`,
  ),
  // A new token of a family changes nothing a cache holds; rotation and revocation update rows.
  `CREATE TRIGGER refresh_tokens_cache_notify AFTER UPDATE OR DELETE ON refresh_tokens
     FOR EACH ROW EXECUTE FUNCTION truss_cache_notify()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...TABLES, 'refresh_tokens']) {
    await sql.raw(`DROP TRIGGER ${table}_cache_notify ON ${table}`).execute(db);
  }
  await sql.raw('DROP FUNCTION truss_cache_notify()').execute(db);
}
