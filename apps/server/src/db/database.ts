import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createPGliteDialect } from './pglite-dialect.ts';
import { initPGliteDir } from './pglite-init.ts';
import type { Database } from './schema.ts';
import { WriteCounter } from './write-counter.ts';

export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** PostgreSQL only: the connection string (dedicated connections, e.g. LISTEN, open their own). */
  connectionString?: string;
  /** Writes this process finished through `db` (the read cache needs it; absent: no cache). */
  writes?: WriteCounter;
  /** PGlite only: its NOTIFY, heard in-process (PostgreSQL has a LISTEN connection instead). */
  notifications?: LocalNotifications;
  close(): Promise<void>;
}

/**
 * NOTIFY as the embedded database (one process) delivers it: LISTEN on its one session, then
 * `onPayload` for every notification on the channel, as the committing statement completes.
 * Resolves to the unsubscribe once LISTEN took effect.
 */
export type LocalNotifications = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => void>;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | null;
  /** PGlite data folder; absent = in memory (tests). */
  pgliteDir?: string | null;
}

/**
 * Type parsing shared by both engines so rows look the same: bigint (count(*), sums, sizes) as
 * number, date as 'YYYY-MM-DD' text, timestamptz as Date, json/jsonb parsed, numeric as text.
 */
const OID_INT8 = 20;
const OID_DATE = 1082;
const asString = (value: string) => value;

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // During an outage a request fails in seconds (503) instead of waiting for a connection.
    connectionTimeoutMillis: 5_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === OID_INT8) return (value: string) => Number(value);
        if (oid === OID_DATE) return asString;
        return format === 'binary'
          ? pg.types.getTypeParser(oid, 'binary')
          : pg.types.getTypeParser(oid, 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // pg-pool listens for errors only while a client is idle: a socket dying under a checked-out
  // client (queries in flight) would be an unhandled 'error' event and end the process. The
  // query in flight fails on its own (-> 503 DATABASE_UNAVAILABLE); the dead client is dropped
  // when released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const writes = new WriteCounter();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  return { db, engine: 'postgres', connectionString: url, writes, close: () => db.destroy() };
}

/**
 * PGlite settings matching the `pg` type parsing above, with pg_trgm (topic search's trigram
 * indexes, migration 0013) so the schema is the same as on PostgreSQL. shared_buffers is 16 MB
 * instead of PostgreSQL's 128 MB: PGlite's shared memory lives in its WASM heap, which is touched
 * whole at start and never shrinks, so the default alone would hold about 150 MiB of the server's
 * RSS; the embedded database is small, and its files are cached by the operating system anyway.
 */
export const PGLITE_OPTIONS = {
  parsers: { [OID_DATE]: asString },
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
} satisfies PGliteOptions;

/** Kysely over an open PGlite instance; closing the handle closes PGlite. */
export async function wrapPGlite(pglite: PGlite): Promise<DatabaseHandle> {
  await pglite.waitReady;
  const writes = new WriteCounter();
  const db = new Kysely<Database>({ dialect: createPGliteDialect(pglite), plugins: [writes] });
  const notifications: LocalNotifications = async (channel, onPayload) => {
    const off = pglite.onNotification((from, payload) => {
      if (from === channel) onPayload(payload);
    });
    // Through Kysely's pool: the one session is not inside someone else's transaction.
    await sql`LISTEN ${sql.id(channel)}`.execute(db);
    return off;
  };
  return { db, engine: 'pglite', writes, notifications, close: () => db.destroy() };
}

async function openPGlite(dir: string | null | undefined): Promise<DatabaseHandle> {
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await initPGliteDir(dir);
  }
  // PGlite reads its options from the first argument unless that is a directory: with
  // `undefined` first, the second (pg_trgm, shared_buffers) would be ignored.
  return wrapPGlite(dir ? new PGlite(dir, PGLITE_OPTIONS) : new PGlite(PGLITE_OPTIONS));
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPGlite(options.pgliteDir ?? null);
}
