import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, type Kysely, type MigrationResult } from 'kysely';
import type { Database } from './schema.ts';

/** Ordered plain files `NNNN_name.ts` next to this module. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }),
  });
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
