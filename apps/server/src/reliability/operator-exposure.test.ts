import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Order } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultError } from '../http/fault-errors.ts';
import { fenToYuanText } from '../modules/payments/periods.ts';
import {
  ALIPAY_NOTIFY,
  startPaymentsServer,
  type PaymentsFixture,
} from '../modules/payments/testing/payments-fixture.ts';
import {
  startTestServer,
  testEngine,
  uniqueEmail,
  type TestServer,
} from '../testing/test-server.ts';

/**
 * Issue 33, items 1, 7 and 8, as an operator deploys Truss and an attacker probes it:
 * 1. behind a reverse proxy on the same host every request comes from 127.0.0.1: the dev outbox,
 *    the sandbox Pay route and the metrics must still refuse the internet;
 * 7. an Alipay notify with a sign_type the SDK does not know answered 500;
 * 8. PGlite writing into a full DATA_DIR answered 500 instead of 507.
 */

/** Headers a proxy in front of the server adds for a client out on the internet. */
const FROM_OUTSIDE: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.9' },
  { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' },
  // a client that forges a local address, passed on by a proxy that adds nothing
  { 'x-forwarded-for': '127.0.0.1' },
  { forwarded: 'for=203.0.113.9;proto=https' },
  { 'x-real-ip': '203.0.113.9' },
];

async function get(server: TestServer, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${url}`, { headers });
  const text = await response.text();
  return { status: response.status, text };
}

describe('dev routes behind a reverse proxy (item 1)', () => {
  let trusting: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY=true: request.ip is the X-Forwarded-For client.
    trusting = await startTestServer({ mail: 'outbox', config: { trustProxy: true } });
    // No TRUST_PROXY: a same-host proxy makes every client 127.0.0.1 by its socket.
    plain = await startTestServer({ mail: 'outbox' });
  });
  afterAll(async () => {
    await trusting?.close();
    await plain?.close();
  });

  it('GET /api/dev/mail with TRUST_PROXY=true and X-Forwarded-For: 203.0.113.9 -> 404', async () => {
    // The route is on for this machine (PUBLIC_URL is 127.0.0.1): a direct local client reads it.
    expect((await get(trusting, '/api/dev/mail')).status).toBe(200);
    const res = await get(trusting, '/api/dev/mail', { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('no forwarded request is local, whatever address it names, with or without TRUST_PROXY', async () => {
    for (const server of [trusting, plain]) {
      expect((await get(server, '/api/dev/mail')).status).toBe(200);
      for (const headers of FROM_OUTSIDE) {
        for (const method of ['GET', 'DELETE']) {
          const res = await fetch(`${server.url}/api/dev/mail`, { method, headers });
          expect([JSON.stringify(headers), method, res.status]).toEqual([
            JSON.stringify(headers),
            method,
            404,
          ]);
        }
      }
    }
  });
});

describe('sandbox Pay route behind a reverse proxy (item 1)', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await startPaymentsServer();
  });
  afterAll(() => f?.server.close());

  it('a forwarded request cannot pay an order; the local /dev page still can', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    for (const headers of FROM_OUTSIDE) {
      const pay = await fetch(`${f.server.url}/api/dev/payments/${order.id}/pay`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'alipay', notify: true }),
      });
      expect([JSON.stringify(headers), pay.status]).toEqual([JSON.stringify(headers), 404]);
      const list = await get(f.server, '/api/dev/payments/orders', headers);
      expect(list.status).toBe(404);
    }
    const row = await f.server.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(await f.pay(order.id, 'alipay')).toBe(200);
  });
});

describe('a server whose PUBLIC_URL is public (item 1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      config: {
        publicUrl: 'https://truss.example.com',
        payments: { wechat: null, alipay: null, sandbox: true },
      },
    });
  });
  afterAll(() => server?.close());

  it('has no dev routes by default, not even for a client on this machine', async () => {
    for (const url of ['/api/dev/mail', '/api/dev/payments/orders']) {
      const res = await get(server, url);
      expect([url, res.status]).toEqual([url, 404]);
    }
    const doc = await server.api<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(Object.keys(doc.body.paths).filter((p) => p.startsWith('/api/dev/'))).toEqual([]);
  });
});

describe('metrics in production behind a reverse proxy (item 1)', () => {
  let server: TestServer;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    server = await startTestServer({
      nodeEnv: 'production',
      config: { trustProxy: true, operations: { metricsToken: token, apiDocs: false } },
    });
  });
  afterAll(() => server?.close());

  it('answers this machine and the token holder, never a forwarded client without the token', async () => {
    expect((await get(server, '/api/metrics')).status).toBe(200);
    for (const headers of FROM_OUTSIDE) {
      const res = await get(server, '/api/metrics', headers);
      expect([JSON.stringify(headers), res.status]).toEqual([JSON.stringify(headers), 404]);
      const scraper = await get(server, '/api/metrics', {
        ...headers,
        authorization: `Bearer ${token}`,
      });
      expect(scraper.status).toBe(200);
      expect(scraper.text).toContain('truss_http_requests_total');
    }
  });
});

describe('Alipay notify with a sign_type other than RSA2 (item 7)', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await startPaymentsServer();
  });
  afterAll(() => f?.server.close());

  it('is refused like any bad signature: the answer of a refused notify, no 500, no payment', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    const notification = (o: Order) => ({
      notify_type: 'trade_status_sync',
      notify_id: `n${Math.floor(Math.random() * 1e12)}`,
      app_id: f.keys.alipay.appId,
      trade_no: `2025${Math.floor(Math.random() * 1e12)}`,
      out_trade_no: o.order_no,
      trade_status: 'TRADE_SUCCESS',
      total_amount: fenToYuanText(o.amount),
      subject: 'Truss Pro',
    });
    const good = f.alipay.callback(notification(order), ALIPAY_NOTIFY);
    expect(good.body).toContain('sign_type=RSA2');
    for (const signType of ['NONE', 'RSA3', 'RSA', '', '%00']) {
      const res = await f.send({
        ...good,
        body: good.body.replace('sign_type=RSA2', `sign_type=${signType}`),
      });
      expect([signType, res.status, res.text]).toEqual([signType, 200, 'fail']);
    }
    const refused = await f.server.db
      .selectFrom('payment_callbacks')
      .select(['reason', 'outcome'])
      .where('provider', '=', 'alipay')
      .execute();
    // '' is an absent sign_type (RSA2 assumed): its signature still fails, the body changed
    expect(refused.length).toBe(5);
    expect(refused.every((row) => row.outcome === 'rejected')).toBe(true);
    expect(new Set(refused.map((row) => row.reason))).toEqual(new Set(['bad_signature']));
    const row = await f.server.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    // the genuine callback still pays
    expect(await f.send(good)).toEqual({ status: 200, text: 'success' });
  });
});

describe('database disk full (item 8)', () => {
  it('SQLSTATE 53100 disk_full, from either engine, is 507 INSUFFICIENT_STORAGE', () => {
    const pgError = Object.assign(new Error('could not extend file "base/5/16385"'), {
      code: '53100',
    });
    expect(faultError(pgError)).toMatchObject({ code: 'INSUFFICIENT_STORAGE', statusCode: 507 });
    const wrapped = new Error('insert failed', { cause: pgError });
    expect(faultError(wrapped)).toMatchObject({ statusCode: 507 });
    const ioError = Object.assign(
      new Error('could not write to file "pg_wal/xlogtemp.1": No space left on device'),
      { code: '58030' },
    );
    expect(faultError(ioError)).toMatchObject({ statusCode: 507 });
    // Other database errors are not taken for a full disk.
    expect(faultError(Object.assign(new Error('out of memory'), { code: '53200' }))).toBeNull();
  });
});

/** PGlite's files on a real 128 MiB tmpfs (needs `mount`: root, as in CI). */
const mountPoint =
  testEngine() === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'truss-dbfull-')) : null;
const mounted = (() => {
  if (!mountPoint) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', mountPoint], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    console.warn('PGlite disk-full case skipped: cannot mount a tmpfs here (needs root)');
    rmSync(mountPoint, { recursive: true, force: true });
    return false;
  }
})();

describe.skipIf(!mounted)('PGlite on a full disk (item 8)', () => {
  let server: TestServer;
  const filler = path.join(mountPoint ?? '', 'filler.bin');
  beforeAll(async () => {
    // Mail to an SMTP catcher: the outbox would put the mail's row on the full disk too, and a
    // failed mail is the sign-up's 502 SEND_CODE_FAILED (auth's choice), not the database's.
    server = await startTestServer({ pgliteDir: path.join(mountPoint!, 'db') });
  }, 120_000);
  afterAll(async () => {
    try {
      await Promise.race([
        server?.close(),
        new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
      ]);
    } finally {
      execFileSync('umount', ['-l', mountPoint!]);
      rmSync(mountPoint!, { recursive: true, force: true });
    }
  });

  it(
    'answers database writes 507, never 500, and writes again once space is back',
    {
      timeout: 120_000,
    },
    async () => {
      const signUp = () =>
        server.api('POST', '/api/auth/signup', {
          body: { email: uniqueEmail('full'), password: 'correct horse battery', agreeTerms: true },
        });
      expect((await signUp()).status).toBe(200);
      // Fill the disk to the last byte (dd stops at ENOSPC).
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M'], { stdio: 'ignore' });
      } catch {
        // "No space left on device" is the point
      }
      const statuses: number[] = [];
      const codes = new Set<string>();
      for (let i = 0; i < 300 && !statuses.includes(507); i++) {
        const res = await signUp();
        statuses.push(res.status);
        if (res.status >= 400) codes.add((res.body as { code?: string }).code ?? res.text);
      }
      // Rows may still fit into pages that had room; once a table has to grow, it is 507.
      expect(statuses).toContain(507);
      expect(statuses.filter((status) => status >= 500 && status !== 507)).toEqual([]);
      expect([...codes]).toEqual(['INSUFFICIENT_STORAGE']);
      // Ten more: the same answer each time (the database is not broken by it).
      for (let i = 0; i < 10; i++) expect((await signUp()).status).toBe(507);
      expect((await server.api('GET', '/api/health/live')).status).toBe(200);

      await rm(filler);
      expect((await signUp()).status).toBe(200);
      await writeFile(filler, ''); // the afterAll unmount does not care; keeps the path defined
    },
  );
});
