import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. Server integration tests always run on PGlite; when
 * TEST_DATABASE_URL is set (CI) they run a second time against that PostgreSQL server.
 */
const postgres = process.env.TEST_DATABASE_URL;

/** What a server test file imports or calls when it works against a database. */
const USES_DATABASE =
  /testing\/(test-server|child-server|built-server|share-fixture|project-team|paid-plan)|payments-fixture|\.\/fixture\.ts|testEngine\(|TEST_DATABASE_URL|openDatabase/;

/**
 * Server test files that never open a database (parsers, config, pure rules): the PostgreSQL
 * run would repeat them unchanged, so they run once, in the PGlite project.
 */
function databaseFreeServerTests(): string[] {
  const root = new URL('./apps/server/src/', import.meta.url);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => !USES_DATABASE.test(readFileSync(new URL(file, root), 'utf8')))
    .map((file) => `apps/server/src/${file}`);
}

export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one: a single worker on the 2-core CI box.
    // The suite mostly waits (databases, child servers, conversions in worker threads), so three
    // files at a time use the two cores instead of one.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'scripts',
          include: ['scripts/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          // Files of a worker share loaded modules: each file re-importing the app (Fastify,
          // Kysely, the converters) cost more worker time than the server tests themselves.
          // The files do not rely on fresh module state (each builds its own app and database).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                exclude: databaseFreeServerTests(),
                environment: 'node',
                env: { TEST_DB: 'postgres' },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
