import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { copyTemplateDataDir } from '../testing/template-data-dir.ts';
import { testEngine } from '../testing/test-server.ts';
import { backupDataDir, restoreDataDir } from './backup.ts';
import { pidFile } from './data-dir-lock.ts';

/**
 * Backup of an embedded (PGlite) DATA_DIR, restored into another folder and read back. PGlite
 * whatever the test engine: once is enough (the server-pglite project).
 */
describe.skipIf(testEngine() !== 'pglite')('backup and restore of an embedded DATA_DIR', () => {
  let root: string;
  let dataDir: string;
  const modelBytes = Buffer.from('o cube\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'truss-backup-test-'));
    dataDir = path.join(root, 'data');
    // a migrated DATA_DIR as a server leaves it (no initdb here: seconds on a busy machine)
    await copyTemplateDataDir(dataDir);
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('users')
      .values({ email: 'kept@example.com', password_hash: 'x', language: 'zh-CN' })
      .execute();
    await database.close();
    await mkdir(path.join(dataDir, 'storage', 'models', 'm1'), { recursive: true });
    await writeFile(path.join(dataDir, 'storage', 'models', 'm1', 'original'), modelBytes);
    await writeFile(path.join(dataDir, 'secrets.json'), '{"jwtSecret":"a","tokenHmacSecret":"b"}');
  }, 180_000);
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('refuses while a server runs on DATA_DIR', async () => {
    await writeFile(pidFile(dataDir), `${process.pid}\n`);
    await expect(backupDataDir(dataDir, path.join(root, 'refused.tar.gz'))).rejects.toThrow(
      /is running/,
    );
    expect(existsSync(path.join(root, 'refused.tar.gz'))).toBe(false);
    // a pid file left by a killed server does not block
    await writeFile(pidFile(dataDir), '2147483646\n');
  });

  it('writes an archive that restores the database rows and every file', async () => {
    const archive = path.join(root, 'backup.tar.gz');
    await backupDataDir(dataDir, archive);
    expect(existsSync(archive)).toBe(true);

    const restored = path.join(root, 'restored');
    await restoreDataDir(archive, restored);
    expect(await readFile(path.join(restored, 'storage', 'models', 'm1', 'original'))).toEqual(
      modelBytes,
    );
    expect(await readFile(path.join(restored, 'secrets.json'), 'utf8')).toContain('jwtSecret');
    expect(existsSync(pidFile(restored))).toBe(false);

    const database = await openDatabase({
      databaseUrl: null,
      pgliteDir: path.join(restored, 'db'),
    });
    try {
      const user = await database.db
        .selectFrom('users')
        .select(['email', 'language'])
        .where('email', '=', 'kept@example.com')
        .executeTakeFirst();
      expect(user).toEqual({ email: 'kept@example.com', language: 'zh-CN' });
      // already at the latest migration: nothing to apply
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.close();
    }

    // never over an existing DATA_DIR
    await expect(restoreDataDir(archive, dataDir)).rejects.toThrow(/not empty/);
  }, 120_000);
});
