import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from '../db/database.ts';
import { runningServer } from './data-dir-lock.ts';

const run = promisify(execFile);

/** What `backup` writes next to the files; `restore` checks it. */
interface Manifest {
  format: 'truss-backup';
  version: 1;
  createdAt: string;
  /** The folder name the files are stored under inside the archive. */
  files: 'data';
}

const DB_DUMP = 'db.tar.gz';

function assertStopped(dataDir: string): void {
  const pid = runningServer(dataDir);
  if (pid !== null) {
    throw new Error(
      `a Truss server (pid ${pid}) is running on ${dataDir}: stop it first, the embedded database is only consistent when closed`,
    );
  }
}

/**
 * Writes a consistent archive (tar.gz) of DATA_DIR on the embedded database: a dump of the
 * PGlite database taken through PGlite itself (not its files), and every other file of DATA_DIR
 * (stored models, avatars, unfinished uploads, generated secrets). The server must be stopped.
 */
export async function backupDataDir(dataDir: string, archive: string): Promise<void> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(dbDir)) throw new Error(`no embedded database in ${dbDir}`);
  assertStopped(dataDir);
  const staging = await mkdtemp(path.join(tmpdir(), 'truss-backup-'));
  try {
    const pglite = new PGlite(dbDir, PGLITE_OPTIONS);
    try {
      await pglite.waitReady;
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(path.join(staging, DB_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
    const manifest: Manifest = {
      format: 'truss-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      files: 'data',
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest)}\n`);
    await mkdir(path.dirname(path.resolve(archive)), { recursive: true });
    const partial = `${archive}.partial`;
    // GNU tar: the dump and manifest, then DATA_DIR's files under data/ (without the live
    // database folder and the pid file), read in place.
    await run('tar', [
      '-czf',
      partial,
      '-C',
      staging,
      'manifest.json',
      DB_DUMP,
      '-C',
      dataDir,
      '--exclude=./db',
      '--exclude=./server.pid',
      '--transform=s,^\\./,data/,',
      '.',
    ]);
    await rename(partial, archive);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive of `backupDataDir` into DATA_DIR, which must be empty or missing: the
 * files come back in place and the database is loaded from its dump (then checked with a query).
 */
export async function restoreDataDir(archive: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into an empty or new DATA_DIR`);
  }
  const staging = await mkdtemp(path.join(tmpdir(), 'truss-restore-'));
  try {
    await run('tar', ['-xzf', archive, '-C', staging, 'manifest.json', DB_DUMP]);
    const manifest = JSON.parse(
      await readFile(path.join(staging, 'manifest.json'), 'utf8'),
    ) as Partial<Manifest>;
    if (manifest.format !== 'truss-backup' || manifest.version !== 1) {
      throw new Error(`${archive} is not a Truss backup`);
    }
    await mkdir(dataDir, { recursive: true });
    await run('tar', ['-xzf', archive, '-C', dataDir, '--strip-components=1', 'data/']);
    const dump = await readFile(path.join(staging, DB_DUMP));
    const pglite = new PGlite(path.join(dataDir, 'db'), {
      ...PGLITE_OPTIONS,
      loadDataDir: new Blob([dump]),
    });
    try {
      await pglite.waitReady;
      await pglite.query('SELECT count(*) FROM kysely_migration');
    } finally {
      await pglite.close();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
