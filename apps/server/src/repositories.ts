import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/schema.ts';

/** What repositories are bound to: the database, or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Carried by every module's repositories: the executor they are bound to. Services never query
 * with it; they hand their repositories on to the functions another module exports for what
 * others may do with its tables (`loadProjectAccess(repos, ...)`, `queue.enqueue(repos, ...)`),
 * which build that module's repositories on the same executor, inside the same transaction.
 */
export interface DataScope {
  readonly executor: Executor;
}

/**
 * What services get instead of Kysely: their module's repositories `R` for single statements, and
 * `transaction` to run several calls atomically (inside it, use only the repositories it passes:
 * on PGlite the transaction owns the one connection). Each module builds its own repositories
 * (`modules/<m>/repositories.ts`); the composition root (`app-data.ts`) assembles them, so this
 * file knows no module.
 */
export interface DataAccess<R extends DataScope> {
  repos: R;
  transaction<T>(work: (repos: R) => Promise<T>): Promise<T>;
}

/**
 * `build`: the repositories on one executor (called once for the database, once per transaction).
 * `writes`: told when a transaction has committed (the read cache's local consistency).
 */
export function createDataAccess<R extends DataScope>(
  db: Kysely<Database>,
  build: (executor: Executor) => R,
  writes?: { committed(): void },
): DataAccess<R> {
  return {
    repos: build(db),
    transaction: async (work) => {
      try {
        return await db.transaction().execute((trx) => work(build(trx)));
      } finally {
        writes?.committed();
      }
    },
  };
}
