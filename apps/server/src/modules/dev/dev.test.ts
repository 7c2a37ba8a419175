import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevMail } from '@truss/contracts';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

describe('dev outbox (no SMTP_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  it('stores mails instead of sending them, newest first, filterable by address', async () => {
    const first = uniqueEmail('outbox');
    const second = uniqueEmail('outbox');
    for (const email of [first, second]) {
      await server.api('POST', '/api/auth/signup', {
        body: { email, password: 'password-one-two-3', agreeTerms: true },
      });
    }
    const all = await server.api<DevMail[]>('GET', '/api/dev/mail');
    expect(all.status).toBe(200);
    expect(all.body.map((mail) => mail.to).slice(0, 2)).toEqual([second, first]);
    const mail = all.body[0]!;
    expect(mail.subject).toMatch(/^\d{6} is your Truss verification code$/);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.html).toContain('<html');
    expect(new Date(mail.created_at).toString()).not.toBe('Invalid Date');

    const filtered = await server.api<DevMail[]>(
      'GET',
      `/api/dev/mail?to=${encodeURIComponent(first.toUpperCase())}`,
    );
    expect(filtered.body.map((m) => m.to)).toEqual([first]);

    const code = await server.latestCode(first);
    const verified = await server.api('POST', '/api/auth/verify-email', {
      body: { email: first, code },
    });
    expect(verified.status).toBe(200);
  });

  it('answers loopback clients only: another address is told the route does not exist', async () => {
    const before = await server.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(before.statusCode).toBe(200);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await server.app.inject({
        method,
        url: '/api/dev/mail',
        remoteAddress: '10.0.0.5',
        // a forged header does not make the client local
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
    const after = await server.api<DevMail[]>('GET', '/api/dev/mail');
    expect(after.body.length).toBe((before.json() as DevMail[]).length); // DELETE refused
  });

  it('DELETE /api/dev/mail empties the outbox', async () => {
    const res = await server.api('DELETE', '/api/dev/mail');
    expect(res.body).toEqual({ ok: true });
    expect((await server.api<DevMail[]>('GET', '/api/dev/mail')).body).toEqual([]);
  });
});

describe('dev routes in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'smtp', nodeEnv: 'production' });
  });
  afterAll(() => server?.close());

  it('are not registered', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await server.api(method, '/api/dev/mail');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
    const doc = await server.api<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(doc.body.paths).not.toHaveProperty('/api/dev/mail');
  });
});

describe('dev routes with DEV_ROUTES=on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox', config: { devRoutes: 'on' } });
  });
  afterAll(() => server?.close());

  it('answer any client', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/dev/mail',
      remoteAddress: '10.0.0.5',
    });
    expect(res.statusCode).toBe(200);
  });
});
