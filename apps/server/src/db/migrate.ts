import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  Migrator,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResult,
} from 'kysely';
import type { Database } from './schema.ts';

/** Ordered plain files `NNNN_name.ts` next to this module. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.(ts|js)$/;

/**
 * Kysely's FileMigrationProvider imports from inside node_modules, where neither tsx nor vitest
 * would load a .ts file; importing here keeps the loader that runs this module in charge.
 */
export class MigrationFolderProvider implements MigrationProvider {
  constructor(private readonly folder: string = MIGRATIONS_DIR) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder)).filter((file) => MIGRATION_FILE.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(this.folder, file)).href)) as Migration;
      migrations[file.replace(/\.(ts|js)$/, '')] = module;
    }
    return migrations;
  }
}

export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: new MigrationFolderProvider() });
}

/**
 * Brings the schema to the latest migration (a no-op when it is already there). Kysely takes an
 * advisory lock, so several instances starting at once migrate only once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(
      `Database migration failed${failed ? ` in ${failed.migrationName}` : ''}: ${String(
        error instanceof Error ? error.message : error,
      )}`,
      { cause: error },
    );
  }
  return results ?? [];
}
