/**
 * The real app (buildApp) in this process over a fresh database, with one signed-up, verified
 * owner and their Default Project: the start of the benches that seed rows straight into the
 * database and then time HTTP requests (topics, property queries).
 *
 *   BENCH_ENGINE=pglite   embedded PGlite instead of PostgreSQL
 *   BENCH_DATABASE_URL    the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_KEEP=1          keep the PostgreSQL database afterwards (its name is printed) for EXPLAIN
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../../../apps/server/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../../apps/server/src/db/migrate.ts';
import type { Mailer, OutgoingMail } from '../../../apps/server/src/mail/mailer.ts';

export const BENCH_ENGINE = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_KEEP === '1';

interface InProcessTruss {
  handle: DatabaseHandle;
  /** http://127.0.0.1:<port> */
  base: string;
  /** The owner's Authorization header. */
  auth: { authorization: string };
  userId: string;
  /** The owner's Default Project. */
  projectId: string;
  /** Closes the app, then drops the database (unless BENCH_KEEP=1). */
  close(): Promise<void>;
}

async function freshDatabase(
  label: string,
  engine: 'pglite' | 'postgres',
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    return { handle: await openDatabase({}), drop: async () => undefined };
  }
  const name = `truss_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    handle: await openDatabase({ databaseUrl: url.toString() }),
    async drop() {
      if (KEEP) {
        console.log(`kept database ${name} (drop it with: DROP DATABASE ${name} WITH (FORCE))`);
        return;
      }
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * `label` names the PostgreSQL database (truss_bench_<label>_<random>); `engine` defaults to
 * BENCH_ENGINE.
 */
export async function startInProcessTruss(
  label: string,
  engine: 'pglite' | 'postgres' = BENCH_ENGINE,
): Promise<InProcessTruss> {
  const { handle, drop } = await freshDatabase(label, engine);
  await migrateToLatest(handle.db);
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (mail) => void mails.push(mail),
    close: () => undefined,
  };
  const app = await buildApp({
    config: {
      publicUrl: 'http://127.0.0.1',
      jwtSecret: randomBytes(32).toString('hex'),
      tokenHmacSecret: randomBytes(32).toString('hex'),
      isProduction: false,
      webDistDir: '/nonexistent',
      smtpUrl: null,
      mailFrom: 'Truss <no-reply@truss.test>',
    },
    database: handle,
    mailer,
    logger: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
  });
  const close = async () => {
    await app.close();
    await drop();
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const json = { 'content-type': 'application/json' };
    const email = `bench-${Date.now()}@example.com`;
    await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'correct horse battery', agreeTerms: true }),
    });
    const code = /\b(\d{6})\b/.exec(mails.findLast((m) => m.to === email)?.text ?? '')?.[1];
    const verified = (await (
      await fetch(`${base}/api/auth/verify-email`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, code }),
      })
    ).json()) as { token: string; user: { id: string } };
    const auth = { authorization: `Bearer ${verified.token}` };
    const projects = (await (await fetch(`${base}/api/project`, { headers: auth })).json()) as {
      id: string;
    }[];
    return { handle, base, auth, userId: verified.user.id, projectId: projects[0]!.id, close };
  } catch (error) {
    await close();
    throw error;
  }
}
