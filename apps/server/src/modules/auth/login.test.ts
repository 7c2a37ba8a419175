import type { AuthResponse } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

describe('password sign-in, bearer auth and logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    server.api<AuthResponse>('POST', '/api/auth/login', { body: { email, password }, headers });

  it('signs in with the right password', async () => {
    const user = await server.createUser();
    const res = await login(user.user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ expiresIn: 900, user: { email: user.user.email } });
    expect(typeof res.body.refreshToken).toBe('string');
    const profile = await server.api('GET', '/api/user/profile', { token: res.body.token });
    expect(profile.status).toBe(200);
  });

  it('wrong password and unknown email are the same 401 INVALID_CREDENTIALS', async () => {
    const user = await server.createUser();
    const wrong = await login(user.user.email, 'not-the-password');
    const unknown = await login(uniqueEmail('unknown'), 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        statusMessage: 'Invalid email or password',
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      });
    }
    const zh = await login(user.user.email, 'not-the-password', { 'accept-language': 'zh-CN' });
    expect(zh.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: '邮箱或密码错误' });
  });

  it('an unverified account gets 403 EMAIL_NOT_VERIFIED (only with the right password)', async () => {
    const email = uniqueEmail('unverified');
    await server.api('POST', '/api/auth/signup', {
      body: { email, password: 'password-one-two-3', agreeTerms: true },
    });
    const res = await login(email, 'password-one-two-3');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Email not verified, please verify your email first',
    });
    expect((await login(email, 'wrong-password')).status).toBe(401);
  });

  it.each([
    ['not_activated', 'ACCOUNT_NOT_ACTIVATED'],
    ['suspended', 'ACCOUNT_SUSPENDED'],
    ['deleted', 'ACCOUNT_DELETED'],
  ] as const)('status %s refuses sign-in with %s and ends sessions', async (status, code) => {
    const user = await server.createUser();
    await server.db.updateTable('users').set({ status }).where('id', '=', user.user.id).execute();
    const res = await login(user.user.email, user.password);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code });
    const profile = await server.api('GET', '/api/user/profile', { token: user.token });
    expect(profile.status).toBe(401);
    const refresh = await server.api('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    // The refresh says why (and revokes the family: a second try is a plain invalid token).
    expect(refresh.status).toBe(403);
    expect(refresh.body).toMatchObject({ code });
    const again = await server.api('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(again.status).toBe(401);
  });

  it('rejects missing, malformed, tampered and expired access tokens with 401 UNAUTHORIZED', async () => {
    const user = await server.createUser();
    const tampered = `${user.token.slice(0, -4)}AAAA`;
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${tampered}` },
    ];
    for (const headers of cases) {
      const res = await server.api('GET', '/api/user/profile', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        statusMessage: 'Token has expired or is invalid',
        message: 'Token has expired or is invalid',
        code: 'UNAUTHORIZED',
      });
    }
    server.clock.advance(15 * 60 + 1);
    const expired = await server.api('GET', '/api/user/profile', { token: user.token });
    expect(expired.status).toBe(401);
  });

  it('logout revokes the session of the access token', async () => {
    const user = await server.createUser();
    const other = await login(user.user.email, user.password);
    const res = await server.api('POST', '/api/auth/logout', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await server.api('GET', '/api/user/profile', { token: user.token })).status).toBe(401);
    const refresh = await server.api('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.status).toBe(401);
    expect(refresh.body).toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
    // another sign-in of the same user is untouched
    expect((await server.api('GET', '/api/user/profile', { token: other.body.token })).status).toBe(
      200,
    );
  });

  it('logout with a refresh token revokes that family', async () => {
    const user = await server.createUser();
    const second = await login(user.user.email, user.password);
    const res = await server.api('POST', '/api/auth/logout', {
      token: user.token,
      body: { refreshToken: second.body.refreshToken },
    });
    expect(res.status).toBe(200);
    const refresh = await server.api('POST', '/api/auth/refresh', {
      body: { refreshToken: second.body.refreshToken },
    });
    expect(refresh.status).toBe(401);
    expect(
      (await server.api('GET', '/api/user/profile', { token: second.body.token })).status,
    ).toBe(401);
  });

  it('logout with an expired access token still works with the refresh token', async () => {
    const user = await server.createUser();
    server.clock.advance(15 * 60 + 1);
    const res = await server.api('POST', '/api/auth/logout', {
      token: user.token,
      body: { refreshToken: user.refreshToken },
    });
    expect(res.status).toBe(200);
    const refresh = await server.api('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });

  it('logout with only a refresh token revokes its family', async () => {
    const user = await server.createUser();
    const res = await server.api('POST', '/api/auth/logout', {
      body: { refreshToken: user.refreshToken },
    });
    expect(res.body).toEqual({ ok: true });
    expect((await server.api('GET', '/api/user/profile', { token: user.token })).status).toBe(401);
  });

  it("a valid session cannot revoke another user's family", async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    await server.api('POST', '/api/auth/logout', {
      token: alice.token,
      body: { refreshToken: bob.refreshToken },
    });
    expect((await server.api('GET', '/api/user/profile', { token: bob.token })).status).toBe(200);
  });

  it('logout without a token is 401', async () => {
    const res = await server.api('POST', '/api/auth/logout');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    const expired = await server.api('POST', '/api/auth/logout', { token: 'not.a.token' });
    expect(expired.status).toBe(401);
    const emptyBody = await server.api('POST', '/api/auth/logout', { body: {} });
    expect(emptyBody.status).toBe(401);
  });

  it('password hashes are argon2id with OWASP parameters', async () => {
    const user = await server.createUser();
    const row = await server.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
