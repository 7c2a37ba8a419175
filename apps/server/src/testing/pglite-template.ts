import { createHash, randomBytes } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS, wrapPGlite, type DatabaseHandle } from '../db/database.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../db/migrate.ts';

/**
 * A fresh in-memory PGlite takes seconds (initdb in WASM). Tests instead start from a dump of a
 * freshly migrated database, cached in the temp folder under a key of the PGlite version and
 * the migration files, so a changed migration makes a new template.
 */
/** The key of the migrated state: the PGlite version and the migration files. */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  // the package's exports map hides package.json: read it next to the resolved entry (dist/)
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(entry), '..', 'package.json')));
  for (const file of (await readdir(MIGRATIONS_DIR)).sort()) {
    hash.update(file);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let cached: Promise<Blob> | undefined;

async function loadOrCreateTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `truss-pglite-template-${await templateKey()}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // not cached yet
  }
  const pglite = new PGlite(PGLITE_OPTIONS);
  const handle = await wrapPGlite(pglite);
  await migrateToLatest(handle.db);
  const dump = await pglite.dumpDataDir('gzip');
  await handle.close();
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

/** A new, migrated PGlite database: in memory, or in `dir` (empty or absent) on disk. */
export async function openTemplatePGlite(dir?: string): Promise<DatabaseHandle> {
  cached ??= loadOrCreateTemplate();
  const options = { ...PGLITE_OPTIONS, loadDataDir: await cached };
  const handle = await wrapPGlite(dir ? new PGlite(dir, options) : new PGlite(options));
  await migrateToLatest(handle.db); // a no-op unless the template is stale
  return handle;
}
