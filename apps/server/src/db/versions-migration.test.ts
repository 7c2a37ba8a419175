import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../testing/test-server.ts';
import type { DatabaseHandle } from './database.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';

/**
 * Migrations 0023/0024 (model versions) on a database that already holds models, their element
 * index, shares and topics: every model becomes version 1 of itself without losing a byte.
 */
describe(`model versions migration (${testEngine()})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = database.handle;
  }, 300_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('turns existing models into version 1 with their files, index rows, shares and topics', async () => {
    const { error } = await createMigrator(handle.db).migrateTo('0022_topic_type_priority_indexes');
    expect(error).toBeUndefined();
    const db = handle.db;
    const at = new Date('2026-11-01T10:00:00Z');
    const { rows: users } = await sql<{ id: string }>`
      INSERT INTO users (email, password_hash) VALUES ('old@example.com', 'x') RETURNING id
    `.execute(db);
    const userId = users[0]!.id;
    const { rows: projects } = await sql<{ id: string }>`
      INSERT INTO projects (name, description, owner_id, metadata)
      VALUES ('Old', '', ${userId}, '{}') RETURNING id
    `.execute(db);
    const projectId = projects[0]!.id;
    const modelId = '00000000-0000-4000-8000-00000000a001';
    await sql`
      INSERT INTO models (id, project_id, name, size_bytes, created_by, created_at, updated_at,
        original_filename, format, status, progress, original_key, original_sha256,
        derived_prefix, viewable_hash, metadata_hash, thumbnail_hash, derived_bytes, converted_at)
      VALUES (${modelId}, ${projectId}, 'Tower', 12345, ${userId}, ${at}, ${at}, 'tower.ifc',
        'ifc', 'ready', 100, ${`models/${modelId}/original`}, 'sha', ${`models/${modelId}/derived/a1/`},
        'vh', 'mh', 'th', 678, ${at})
    `.execute(db);
    await sql`INSERT INTO element_index_state (model_id, metadata_hash, elements, properties, indexed_at)
      VALUES (${modelId}, 'mh', 1, 1, ${at})`.execute(db);
    await sql`INSERT INTO elements (model_id, element_id, guid, type, name, storey)
      VALUES (${modelId}, 7, '2O2Fr$t4X7Zf8NOew3FLOH', 'IfcDoor', 'D1', 'L1')`.execute(db);
    await sql`INSERT INTO element_properties (model_id, element_id, pset, name, value, num)
      VALUES (${modelId}, 7, 'pset_doorcommon', 'firerating', 'ei30', NULL)`.execute(db);
    await sql`INSERT INTO shares (model_id, created_by, token_salt, token_hash, type, expiration,
        allow_comments, issue_permission, created_at, updated_at)
      VALUES (${modelId}, ${userId}, 's', 'h', 'public', 'never', true, 'view', ${at}, ${at})`.execute(
      db,
    );

    await migrateToLatest(db);

    const version = await db
      .selectFrom('model_versions')
      .selectAll()
      .where('model_id', '=', modelId)
      .executeTakeFirstOrThrow();
    expect(version).toMatchObject({
      id: modelId,
      number: 1,
      message: '',
      created_by: userId,
      size_bytes: 12345,
      original_filename: 'tower.ifc',
      status: 'ready',
      original_key: `models/${modelId}/original`,
      derived_prefix: `models/${modelId}/derived/a1/`,
      viewable_hash: 'vh',
      metadata_hash: 'mh',
      derived_bytes: 678,
    });
    const model = await db
      .selectFrom('models')
      .selectAll()
      .where('id', '=', modelId)
      .executeTakeFirstOrThrow();
    expect(model).toMatchObject({
      current_version_id: modelId,
      size_bytes: 12345,
      status: 'ready',
    });
    const element = await db.selectFrom('elements').selectAll().executeTakeFirstOrThrow();
    expect(element).toMatchObject({ model_id: modelId, version_id: modelId, element_id: 7 });
    const property = await db
      .selectFrom('element_properties')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(property).toMatchObject({ version_id: modelId, value: 'ei30' });
    const state = await db.selectFrom('element_index_state').selectAll().executeTakeFirstOrThrow();
    expect(state).toMatchObject({ version_id: modelId, metadata_hash: 'mh' });
    const share = await db.selectFrom('shares').selectAll().executeTakeFirstOrThrow();
    expect(share.model_version_id).toBeNull();
    // Deleting the model still takes its versions and index rows with it.
    await db.deleteFrom('models').where('id', '=', modelId).execute();
    expect(await db.selectFrom('model_versions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('elements').selectAll().execute()).toEqual([]);
  }, 300_000);
});
