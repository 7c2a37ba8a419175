import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AuthResponse } from '@truss/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp, type AppConfig, type AppDeps } from '../app.ts';
import { defaultModelsConfig, type ModelsConfig } from '../config-models.ts';
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { openTemplatePGlite } from './pglite-template.ts';
import { startMailCatcher, type MailCatcher } from './smtp.ts';

/** A clock the test moves by hand; every service reads it. */
export interface TestClock {
  (): Date;
  advance(seconds: number): void;
  set(date: Date): void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  const clock = (() => new Date(current)) as TestClock;
  clock.advance = (seconds) => {
    current += seconds * 1000;
  };
  clock.set = (date) => {
    current = date.getTime();
  };
  return clock;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ApiOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

interface TestServerOptions {
  /** 'smtp' (default): mails go to a real SMTP server started for the test; 'outbox': dev outbox. */
  mail?: 'smtp' | 'outbox';
  /** The SPA folder; default a folder that does not exist (non-API GETs answer 503). */
  webDistDir?: string;
  /** 'production' hides the dev routes. Default 'test'. */
  nodeEnv?: string;
  /** Start time of the test clock. */
  startAt?: Date;
  /** Add routes (e.g. one that fails) before the server listens. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Models settings over the defaults; role 'api' (no conversion workers) unless set. */
  models?: Partial<ModelsConfig>;
  /** Test seams of the models module (a fake converter, extra job handlers). */
  modelDeps?: AppDeps['models'];
  /** DATA_DIR (uploads, storage); default a fresh temporary folder removed on close. */
  dataDir?: string;
  /** Settings over the test defaults (e.g. `oauth` providers). */
  config?: Partial<AppConfig>;
  /** PGlite engine only: keep the database in this folder (e.g. on a small disk), not in memory. */
  pgliteDir?: string;
}

export interface TestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  app: FastifyInstance;
  db: Kysely<Database>;
  engine: DatabaseEngine;
  clock: TestClock;
  /** The PostgreSQL database's URL (another process can open the same database); null on PGlite. */
  databaseUrl: string | null;
  /** The SMTP catcher, or null in outbox mode. */
  mail: MailCatcher | null;
  /** DATA_DIR of this server. */
  dataDir: string;
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: ApiOptions,
  ): Promise<ApiResponse<T>>;
  /** The newest verification code mailed to `email` (SMTP catcher or dev outbox). */
  latestCode(email: string): Promise<string>;
  /** Signs up, reads the mailed code and verifies: a signed-in, verified user (with an email). */
  createUser(email?: string, password?: string): Promise<CreatedUser>;
  close(): Promise<void>;
}

/** A user made by signing up: unlike a WeChat sign-up, it always has an email. */
export type CreatedUser = AuthResponse & {
  user: AuthResponse['user'] & { email: string };
  password: string;
};

let userCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}-${userCounter}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Which engine this vitest project runs on (TEST_DB, set by vitest.config.ts). */
export function testEngine(): DatabaseEngine {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

interface TestDatabase {
  handle: DatabaseHandle;
  /** Drops the per-test database (PostgreSQL); after the handle is closed. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty, migrated database: in-memory PGlite, or a uniquely named database on the
 * TEST_DATABASE_URL server (dropped afterwards).
 */
export async function createTestDatabase(pgliteDir?: string): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    return { handle: await openTemplatePGlite(pgliteDir), drop: async () => undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `truss_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(handle.db);
  return {
    handle,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Starts the real HTTP server on 127.0.0.1 (port 0) over a fresh database, with mail captured
 * by a real SMTP server (or the dev outbox). Call `close()` in afterAll.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const mailMode = options.mail ?? 'smtp';
  const mail = mailMode === 'smtp' ? await startMailCatcher() : null;
  const database = await createTestDatabase(options.pgliteDir);
  const clock = createTestClock(options.startAt);
  const nodeEnv = options.nodeEnv ?? 'test';
  const ownDataDir = options.dataDir ? null : await mkdtemp(path.join(tmpdir(), 'truss-test-'));
  const dataDir = options.dataDir ?? ownDataDir!;
  const config: AppConfig = {
    dataDir,
    models: { ...defaultModelsConfig(dataDir), role: 'api', ...options.models },
    publicUrl: 'http://127.0.0.1',
    jwtSecret: randomBytes(32).toString('hex'),
    tokenHmacSecret: randomBytes(32).toString('hex'),
    isProduction: nodeEnv === 'production',
    webDistDir: options.webDistDir ?? path.join(import.meta.dirname, '__no_web_build__'),
    smtpUrl: mail?.url ?? null,
    mailFrom: 'Truss <no-reply@truss.test>',
    ...options.config,
  };
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await buildApp({
    config,
    database: database.handle,
    logger,
    now: clock,
    models: options.modelDeps,
  });
  await options.configure?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const api: TestServer['api'] = async (method, urlPath, { body, token, headers } = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    const requestHeaders = init.headers as Record<string, string>;
    if (body !== undefined) {
      requestHeaders['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (token) requestHeaders.authorization = `Bearer ${token}`;
    const response = await fetch(`${url}${urlPath}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) {
      parsed = JSON.parse(text);
    }
    return { status: response.status, headers: response.headers, body: parsed as never, text };
  };

  const latestCode = async (email: string): Promise<string> => {
    let text: string | undefined;
    if (mail) {
      text = (await mail.waitFor(email))[0]?.text;
    } else {
      const outbox = await api<{ text: string }[]>(
        'GET',
        `/api/dev/mail?to=${encodeURIComponent(email)}`,
      );
      text = outbox.body[0]?.text;
    }
    const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
    if (!code) throw new Error(`no verification code mailed to ${email}`);
    return code;
  };

  const createUser: TestServer['createUser'] = async (
    email = uniqueEmail(),
    password = 'correct horse battery',
  ) => {
    const signup = await api('POST', '/api/auth/signup', {
      body: { email, password, agreeTerms: true },
    });
    if (signup.status !== 200) throw new Error(`signup failed: ${signup.text}`);
    const code = await latestCode(email);
    const verified = await api<AuthResponse>('POST', '/api/auth/verify-email', {
      body: { email, code },
    });
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.text}`);
    return { ...verified.body, user: { ...verified.body.user, email }, password };
  };

  return {
    url,
    app,
    db: database.handle.db,
    engine: database.handle.engine,
    clock,
    databaseUrl: database.handle.connectionString ?? null,
    mail,
    dataDir,
    api,
    latestCode,
    createUser,
    async close() {
      await app.close(); // closes the database handle too
      await database.drop();
      await mail?.close();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
