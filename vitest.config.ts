import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. Without TEST_DATABASE_URL (a fresh machine) every server test
 * runs on PGlite, the embedded default. With it (CI) the server tests that use a database run
 * on that PostgreSQL server, and PGlite keeps the files that test it specifically (its start,
 * crash safety, backup) and those that use no database; the browser tests (e2e) run the whole
 * product on PGlite. Running every database test on both engines took CI past its 30 minutes;
 * TEST_PGLITE=all runs them on both anyway.
 */
const postgres = process.env.TEST_DATABASE_URL;
const bothEngines = !postgres || process.env.TEST_PGLITE === 'all';

const SERVER_SRC = new URL('./apps/server/src/', import.meta.url);

/** What a server test file imports or calls when it works against a database. */
const USES_DATABASE =
  /testing\/(test-server|child-server|built-server|share-fixture|project-team|paid-plan)|payments-fixture|\.\/fixture\.ts|testEngine\(|TEST_DATABASE_URL|openDatabase/;
/** A file that tests PGlite itself (names it): it stays in the PGlite project. */
const TESTS_PGLITE = /pglite/i;

/** The server test files (repository paths) whose source passes `keep`. */
function serverTests(keep: (source: string) => boolean): string[] {
  return readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => keep(readFileSync(new URL(file, SERVER_SRC), 'utf8')))
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
          name: 'bench',
          include: ['bench/src/**/*.test.ts'],
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
          include: bothEngines
            ? ['apps/server/src/**/*.test.ts']
            : serverTests((source) => !USES_DATABASE.test(source) || TESTS_PGLITE.test(source)),
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
                // the files that open no database run once, in the PGlite project
                exclude: serverTests((source) => !USES_DATABASE.test(source)),
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
