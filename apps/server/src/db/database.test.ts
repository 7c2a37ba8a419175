import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../testing/test-server.ts';
import type { DatabaseHandle } from './database.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';
import { Mutex } from './pglite-dialect.ts';

describe(`database (${testEngine()})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = database.handle;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('has run every migration, and running them again is a no-op', async () => {
    const migrations = await createMigrator(handle.db).getMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.every((migration) => migration.executedAt instanceof Date)).toBe(true);
    expect(await migrateToLatest(handle.db)).toEqual([]);
    expect(await migrateToLatest(handle.db)).toEqual([]);
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'
    `.execute(handle.db);
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'users',
        'email_codes',
        'refresh_tokens',
        'projects',
        'project_members',
        'models',
        'dev_mail',
      ]),
    );
  });

  it('reads bigint as number, date as text and timestamptz as Date on every engine', async () => {
    const { rows } = await sql<{ big: unknown; day: unknown; at: unknown; doc: unknown }>`
      SELECT 9007199254740991::bigint AS big, DATE '2024-02-29' AS day,
             TIMESTAMPTZ '2024-01-02T03:04:05Z' AS at, '{"a":[1]}'::jsonb AS doc
    `.execute(handle.db);
    expect(rows[0]).toEqual({
      big: 9007199254740991,
      day: '2024-02-29',
      at: new Date('2024-01-02T03:04:05Z'),
      doc: { a: [1] },
    });
  });

  it('concurrent transactions never interleave (read-modify-write stays exact)', async () => {
    await sql`CREATE TABLE counter_test (id int PRIMARY KEY, n int NOT NULL)`.execute(handle.db);
    await sql`INSERT INTO counter_test VALUES (1, 0)`.execute(handle.db);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        handle.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{
            n: number;
          }>`SELECT n FROM counter_test WHERE id = 1 FOR UPDATE`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 1));
          await sql`UPDATE counter_test SET n = ${rows[0]!.n + 1} WHERE id = 1`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ n: number }>`SELECT n FROM counter_test`.execute(handle.db);
    expect(rows[0]!.n).toBe(20);
  });

  it('a failed transaction rolls back and frees the connection', async () => {
    await sql`CREATE TABLE rollback_test (id int PRIMARY KEY)`.execute(handle.db);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO rollback_test VALUES (1)`.execute(trx);
        await sql`INSERT INTO rollback_test VALUES (1)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM rollback_test`.execute(
      handle.db,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('Mutex', () => {
  it('grants the lock in arrival order, one holder at a time', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    let holders = 0;
    await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (name) => {
        const release = await mutex.acquire();
        holders += 1;
        expect(holders).toBe(1);
        order.push(name);
        await new Promise((resolve) => setTimeout(resolve, 2));
        holders -= 1;
        release();
        release(); // a second release is harmless
      }),
    );
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });
});
