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

/** One migration about to run: the `index`th (from 1) of the `total` this start applies. */
export interface MigrationStep {
  name: string;
  index: number;
  total: number;
}

/** The provider's migrations, each announcing itself to `onStep` as it starts. */
class AnnouncingProvider implements MigrationProvider {
  constructor(
    private readonly inner: MigrationProvider,
    private readonly pending: readonly string[],
    private readonly onStep: (step: MigrationStep) => void,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations = await this.inner.getMigrations();
    const total = this.pending.length;
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => [
        name,
        {
          ...migration,
          up: async (db: Kysely<unknown>) => {
            this.onStep({ name, index: this.pending.indexOf(name) + 1, total });
            await migration.up(db);
          },
        },
      ]),
    );
  }
}

/**
 * Brings the schema to the latest migration (a no-op when it is already there). Kysely takes an
 * advisory lock, so several instances starting at once migrate only once. `onStep` hears each
 * migration as it starts (npm start prints them: a first start applies every one).
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  onStep?: (step: MigrationStep) => void,
): Promise<MigrationResult[]> {
  let migrator = createMigrator(db);
  if (onStep) {
    const pending = (await migrator.getMigrations())
      .filter((migration) => !migration.executedAt)
      .map((migration) => migration.name);
    const provider = new AnnouncingProvider(new MigrationFolderProvider(), pending, onStep);
    migrator = new Migrator({ db, provider });
  }
  const { error, results } = await migrator.migrateToLatest();
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
