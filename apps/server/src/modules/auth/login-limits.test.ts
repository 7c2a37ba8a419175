import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type AppConfig } from '../../app.ts';
import { defaultModelsConfig } from '../../config-models.ts';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

/** Another process's config over the same database (its own secrets, no mail server). */
function secondConfig(dataDir: string): AppConfig {
  return {
    dataDir,
    models: { ...defaultModelsConfig(dataDir), role: 'api' },
    publicUrl: 'http://127.0.0.1',
    jwtSecret: randomBytes(32).toString('hex'),
    tokenHmacSecret: randomBytes(32).toString('hex'),
    isProduction: false,
    webDistDir: path.join(import.meta.dirname, '__no_web_build__'),
    smtpUrl: null,
    mailFrom: 'Truss <no-reply@truss.test>',
  };
}

describe('failed sign-in limits (per account and IP, and per IP, held in the database)', () => {
  let server: TestServer;
  /** A second app instance on the same database, as another process would be. */
  let second: FastifyInstance;
  let secondUrl: string;
  /** A third instance with TRUST_PROXY=true: X-Forwarded-For names the client. */
  let proxied: FastifyInstance;
  let proxiedUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    second = await buildApp({
      config: secondConfig(server.dataDir),
      // Shares the first instance's database; only the first one closes it.
      database: { db: server.db, engine: server.engine, close: async () => undefined },
      now: server.clock,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    proxied = await buildApp({
      config: { ...secondConfig(server.dataDir), trustProxy: true },
      database: { db: server.db, engine: server.engine, close: async () => undefined },
      now: server.clock,
    });
    await proxied.listen({ port: 0, host: '127.0.0.1' });
    proxiedUrl = `http://127.0.0.1:${(proxied.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await proxied?.close();
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

  const loginFrom = (ip: string, email: string, password: string) =>
    fetch(`${proxiedUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    }).then(async (res) => ({ status: res.status, headers: res.headers, body: await res.json() }));

  it('the delays grow per (account, IP), and the 11th try within 15 minutes is refused even with the right password', async () => {
    const user = await server.createUser();
    // Three failures answer at once; then each try waits 1 s, 2 s, 4 s ... after the last one.
    for (let i = 0; i < 3; i += 1) {
      expect((await login(user.user.email, 'wrong password')).status).toBe(401);
    }
    const early = await login(user.user.email, user.password);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      statusMessage: 'Too many operations, please try again later',
    });
    expect(Number(early.headers.get('retry-after'))).toBe(1);
    server.clock.advance(1);
    expect((await login(user.user.email, 'wrong password')).status).toBe(401);
    server.clock.advance(1);
    expect((await login(user.user.email, 'wrong password')).status).toBe(429);
    for (let i = 4; i < 10; i += 1) {
      server.clock.advance(2 ** (i - 3));
      expect((await login(user.user.email, 'wrong password')).status).toBe(401);
    }
    // 1+2+4+...+64 = 127 s of waits: the hard cap of ten in 15 minutes holds after the delay.
    server.clock.advance(128);
    const blocked = await login(user.user.email, user.password);
    expect(blocked.status).toBe(429);
    // The oldest failure leaves the window 900 s after it happened (256 s ago).
    expect(Number(blocked.headers.get('retry-after'))).toBe(900 - 256);
    server.clock.advance(900 - 256);
    expect((await login(user.user.email, user.password)).status).toBe(200);
  });

  it('failures from many IPs meet the account-wide delay; the owner signs in by emailed code (issue 33)', async () => {
    const owner = await server.createUser();
    // Twelve attackers behind the trusted proxy: the account's first ten failures answer at once,
    // then every try, from any IP, waits a doubling delay after the account's last failure.
    const statuses: number[] = [];
    for (let attacker = 1; attacker <= 12; attacker += 1) {
      for (let i = 0; i < 3; i += 1) {
        const res = await loginFrom(`203.0.113.${attacker}`, owner.user.email, 'wrong password');
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body).toMatchObject({
            code: 'LOGIN_DELAYED',
            statusMessage:
              'Too many failed sign-ins for this account. Try again later, or sign in with an emailed code',
          });
        }
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    // The owner's right password waits too (from a fresh IP) ...
    const held = await loginFrom('198.51.100.7', owner.user.email, owner.password);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBe(1);
    server.clock.advance(1);
    expect((await loginFrom('198.51.100.7', owner.user.email, owner.password)).status).toBe(200);
    // ... which does not clear the account's count: each further guess waits 2 s, 4 s, ...
    expect((await loginFrom('203.0.113.1', owner.user.email, 'wrong password')).status).toBe(401);
    expect((await loginFrom('203.0.113.2', owner.user.email, 'wrong password')).status).toBe(429);
    server.clock.advance(2);
    expect((await loginFrom('203.0.113.2', owner.user.email, 'wrong password')).status).toBe(401);
    const next = await loginFrom('198.51.100.7', owner.user.email, owner.password);
    expect(Number(next.headers.get('retry-after'))).toBe(4);
    // A code sign-in is never held back, and it clears the account's count.
    await fetch(`${proxiedUrl}/api/auth/code/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ email: owner.user.email }),
    });
    const code = await server.latestCode(owner.user.email);
    const byCode = await fetch(`${proxiedUrl}/api/auth/code/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ email: owner.user.email, code }),
    });
    expect(byCode.status).toBe(200);
    expect((await loginFrom('198.51.100.7', owner.user.email, owner.password)).status).toBe(200);
  });

  it('an office IP failing 100 times an hour slows its own pairs down but lets a colleague in (issue 33)', async () => {
    const ip = '192.0.2.44';
    const colleague = await server.createUser();
    const other = await server.createUser();
    for (let i = 0; i < 100; i += 1) {
      const email = i === 0 ? other.user.email : uniqueEmail('spray');
      expect((await loginFrom(ip, email, 'wrong password')).status).toBe(401);
    }
    // A colleague without failures of their own signs in at once behind the busy IP.
    expect((await loginFrom(ip, colleague.user.email, colleague.password)).status).toBe(200);
    // A pair that failed from the busy IP waits 30 s, then 60 s ..., after each of its failures.
    const fresh = await server.createUser();
    expect((await loginFrom(ip, fresh.user.email, 'wrong password')).status).toBe(401);
    const slowed = await loginFrom(ip, fresh.user.email, fresh.password);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(slowed.headers.get('retry-after'))).toBe(30);
    server.clock.advance(30);
    expect((await loginFrom(ip, fresh.user.email, fresh.password)).status).toBe(200);
    expect((await login(other.user.email, other.password)).status).toBe(200);
  }, 120_000); // a hundred argon2 verifications

  it('holds across processes: failures on one instance block the other', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(user.user.email, 'wrong password', secondUrl)).status).toBe(401);
      server.clock.advance(2 ** 6);
      expect((await login(user.user.email, 'wrong password', server.url)).status).toBe(401);
      server.clock.advance(2 ** 6);
    }
    const rows = await server.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('scope', '=', 'account')
      .where('key', '=', `${user.user.email} 127.0.0.1`)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(10);
    expect((await login(user.user.email, user.password, secondUrl)).status).toBe(429);
    expect((await login(user.user.email, user.password, server.url)).status).toBe(429);
  });

  it('a successful sign-in clears the (account, IP) count', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 7; i += 1) {
      await login(user.user.email, 'wrong password');
      server.clock.advance(2 ** 6);
    }
    expect((await login(user.user.email, user.password)).status).toBe(200);
    expect((await login(user.user.email, 'wrong password')).status).toBe(401);
    expect((await login(user.user.email, user.password)).status).toBe(200);
  });

  it('unknown email and wrong password answer alike, in similar time', async () => {
    const user = await server.createUser();
    const unknown = uniqueEmail('unknown');
    const timed = async (email: string) => {
      const started = performance.now();
      server.clock.advance(2 ** 6); // past any growing delay of the pair
      const res = await login(email, 'not the password');
      return { res, ms: performance.now() - started };
    };
    // Warm both paths, then take the median of seven each (nine failures in all, under the ten
    // allowed per account and IP), interleaved, so a busy moment of a
    // shared CI box lands on both sides rather than deciding the comparison.
    await timed(user.user.email);
    await timed(unknown);
    const wrong: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 7; i += 1) {
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
