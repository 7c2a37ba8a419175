import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { defaultModelsConfig } from '../../config-models.ts';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

describe('failed sign-in limits (per account and per IP, held in the database)', () => {
  let server: TestServer;
  /** A second app instance on the same database, as another process would be. */
  let second: FastifyInstance;
  let secondUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    second = await buildApp({
      config: {
        dataDir: server.dataDir,
        models: { ...defaultModelsConfig(server.dataDir), role: 'api' },
        publicUrl: 'http://127.0.0.1',
        jwtSecret: randomBytes(32).toString('hex'),
        tokenHmacSecret: randomBytes(32).toString('hex'),
        isProduction: false,
        webDistDir: path.join(import.meta.dirname, '__no_web_build__'),
        smtpUrl: null,
        mailFrom: 'Truss <no-reply@truss.test>',
      },
      // Shares the first instance's database; only the first one closes it.
      database: { db: server.db, engine: server.engine, close: async () => undefined },
      now: server.clock,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });
  // Every test starts with empty windows (all requests come from 127.0.0.1).
  beforeEach(() => server.clock.advance(16 * 60));

  const login = (email: string, password: string, base = server.url) =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then(async (res) => ({ status: res.status, headers: res.headers, body: await res.json() }));

  it('the 11th try within 15 minutes is refused with 429 even with the right password', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 10; i += 1) {
      expect((await login(user.user.email, 'wrong password')).status).toBe(401);
      server.clock.advance(10);
    }
    const blocked = await login(user.user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      statusMessage: 'Too many operations, please try again later',
    });
    // The oldest failure leaves the window 900 s after it happened (100 s ago).
    expect(Number(blocked.headers.get('retry-after'))).toBe(800);
    server.clock.advance(800);
    expect((await login(user.user.email, user.password)).status).toBe(200);
  });

  it('counts per IP across accounts, known or not', async () => {
    const victim = await server.createUser();
    for (let i = 0; i < 10; i += 1) {
      const email = i % 2 ? uniqueEmail('nobody') : (await server.createUser()).user.email;
      expect((await login(email, 'wrong password')).status).toBe(401);
    }
    const res = await login(victim.user.email, victim.password);
    expect(res.status).toBe(429);
  });

  it('holds across processes: failures on one instance block the other', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(user.user.email, 'wrong password', secondUrl)).status).toBe(401);
      expect((await login(user.user.email, 'wrong password', server.url)).status).toBe(401);
    }
    const rows = await server.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('scope', '=', 'account')
      .where('key', '=', user.user.email)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(10);
    expect((await login(user.user.email, user.password, secondUrl)).status).toBe(429);
    expect((await login(user.user.email, user.password, server.url)).status).toBe(429);
  });

  it('a successful sign-in clears the account count', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 9; i += 1) await login(user.user.email, 'wrong password');
    expect((await login(user.user.email, user.password)).status).toBe(200);
    server.clock.advance(16 * 60); // the IP's nine stay counted; let them age out
    for (let i = 0; i < 9; i += 1) await login(user.user.email, 'wrong password');
    expect((await login(user.user.email, user.password)).status).toBe(200);
  });

  it('unknown email and wrong password answer alike, in similar time', async () => {
    const user = await server.createUser();
    const unknown = uniqueEmail('unknown');
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await login(email, 'not the password');
      return { res, ms: performance.now() - started };
    };
    // Warm both paths, then take the median of five each.
    await timed(user.user.email);
    await timed(unknown);
    const wrong: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const a = await timed(user.user.email);
      const b = await timed(unknown);
      expect(b.res.status).toBe(a.res.status);
      expect(b.res.body).toEqual(a.res.body);
      wrong.push(a.ms);
      missing.push(b.ms);
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[values.length >> 1]!;
    // Both run one argon2 verification: the unknown address must not answer much faster.
    expect(median(missing)).toBeGreaterThan(median(wrong) * 0.5);
  });
});
