import type { AuthResponse } from '@truss/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

const LINK = /\/reset-password\?token=([A-Za-z0-9_-]+)/;

describe('password reset by mailed link (mail over SMTP)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const forgot = (email: string) =>
    server.api('POST', '/api/auth/password/forgot', { body: { email } });
  const reset = (body: Record<string, unknown>) =>
    server.api<AuthResponse>('POST', '/api/auth/password/reset', { body });
  const login = (email: string, password: string) =>
    server.api<AuthResponse>('POST', '/api/auth/login', { body: { email, password } });
  const mailedToken = async (email: string, count: number) => {
    const [mail] = await server.mail!.waitFor(email, count);
    const token = LINK.exec(mail!.text)?.[1];
    if (!token) throw new Error(`no reset link in ${mail!.text}`);
    return { token, mail: mail! };
  };

  it('mails a 256-bit single-use link, stored only as a hash; resetting signs in and ends every other session', async () => {
    const user = await server.createUser();
    const email = user.user.email;
    const other = await login(email, user.password);
    const res = await forgot(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, expiresIn: 1800 });
    const { token, mail } = await mailedToken(email, 2);
    expect(mail.subject).toBe('Reset your Truss password');
    expect(mail.text).toContain(`http://127.0.0.1/reset-password?token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await server.db
      .selectFrom('email_codes')
      .select('code_hash')
      .where('user_id', '=', user.user.id)
      .where('purpose', '=', 'reset_password')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(token);

    const done = await reset({ token, password: 'a brand new password' });
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(user.user.id);
    expect((await server.api('GET', '/api/user/profile', { token: done.body.token })).status).toBe(
      200,
    );
    for (const session of [user, other.body]) {
      expect((await server.api('GET', '/api/user/profile', { token: session.token })).status).toBe(
        401,
      );
      const refresh = await server.api('POST', '/api/auth/refresh', {
        body: { refreshToken: session.refreshToken },
      });
      expect(refresh.status).toBe(401);
    }
    expect((await login(email, user.password)).status).toBe(401);
    expect((await login(email, 'a brand new password')).status).toBe(200);

    const reused = await reset({ token, password: 'yet another password' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      code: 'RESET_LINK_EXPIRED',
      statusMessage: 'Reset password link is invalid or has expired',
    });
  });

  it('links expire after 30 minutes, and a newer link replaces the older one', async () => {
    const user = await server.createUser();
    const email = user.user.email;
    await forgot(email);
    const first = await mailedToken(email, 2);
    server.clock.advance(61);
    await forgot(email);
    const second = await mailedToken(email, 3);
    expect((await reset({ token: first.token, password: 'password-one!' })).body).toMatchObject({
      code: 'RESET_LINK_EXPIRED',
    });
    server.clock.advance(30 * 60 + 1);
    expect((await reset({ token: second.token, password: 'password-two!' })).body).toMatchObject({
      code: 'RESET_LINK_EXPIRED',
    });
  });

  it('answers every reset error with its own code and text', async () => {
    const user = await server.createUser();
    await forgot(user.user.email);
    const { token } = await mailedToken(user.user.email, 2);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { password: 'long enough pass' },
        'RESET_TOKEN_MISSING',
        'Missing valid reset password token',
      ],
      [
        { token: '', password: 'long enough pass' },
        'RESET_TOKEN_MISSING',
        'Missing valid reset password token',
      ],
      [{ token: 'abc', password: 'long enough pass' }, 'RESET_LINK_INVALID', 'Invalid reset link'],
      [
        { token: 'A'.repeat(43), password: 'long enough pass' },
        'RESET_LINK_EXPIRED',
        'Reset password link is invalid or has expired',
      ],
      [
        { token, password: 'short' },
        'PASSWORD_TOO_WEAK',
        'New password does not meet security requirements',
      ],
      [
        { token, password: 'x'.repeat(129) },
        'PASSWORD_TOO_WEAK',
        'New password does not meet security requirements',
      ],
      [{ token, password: user.password }, 'SAME_AS_OLD_PASSWORD', 'Same as old password'],
    ];
    for (const [body, code, text] of cases) {
      const res = await reset(body);
      expect(res.status, code).toBe(400);
      expect(res.body).toMatchObject({ code, statusMessage: text });
    }
    // None of those used the link up.
    expect((await reset({ token, password: 'finally a new one' })).status).toBe(200);
    const zh = await server.api('POST', '/api/auth/password/reset', {
      body: { token: 'abc', password: 'long enough pass' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toMatchObject({ statusMessage: '重置链接无效' });
  });

  it('a failing update answers PASSWORD_UPDATE_FAILED and leaves the link usable', async () => {
    const user = await server.createUser();
    await forgot(user.user.email);
    const { token } = await mailedToken(user.user.email, 2);
    await sql
      .raw(
        `CREATE FUNCTION refuse_password() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'password update refused'; END $$`,
      )
      .execute(server.db);
    await sql
      .raw(
        `CREATE TRIGGER refuse_password BEFORE UPDATE OF password_hash ON users
         FOR EACH ROW WHEN (NEW.id = '${user.user.id}') EXECUTE FUNCTION refuse_password()`,
      )
      .execute(server.db);
    try {
      const res = await reset({ token, password: 'never stored' });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({
        code: 'PASSWORD_UPDATE_FAILED',
        statusMessage: 'Password update failed',
      });
    } finally {
      await sql.raw('DROP TRIGGER refuse_password ON users').execute(server.db);
      await sql.raw('DROP FUNCTION refuse_password()').execute(server.db);
    }
    expect((await reset({ token, password: 'stored this time' })).status).toBe(200);
  });

  it('answers unknown addresses exactly like known ones, and mails nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await forgot(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, expiresIn: 1800 });
    // Over the send limit it answers the same too (the limit must not reveal the account).
    const user = await server.createUser();
    expect((await forgot(user.user.email)).body).toEqual(res.body);
    expect((await forgot(user.user.email)).body).toEqual(res.body);
    await server.mail!.waitFor(user.user.email, 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.mail!.to(user.user.email)).toHaveLength(2);
    expect(server.mail!.to(email)).toHaveLength(0);
  });

  it('refuses a suspended account with its status message', async () => {
    const user = await server.createUser();
    await forgot(user.user.email);
    const { token } = await mailedToken(user.user.email, 2);
    await server.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', user.user.id)
      .execute();
    const res = await reset({ token, password: 'a new password!' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
  });
});

describe('password reset through the dev outbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  it('a link from the outbox resets the password of a sign-up that never verified (and verifies it)', async () => {
    const email = uniqueEmail('unverified');
    await server.api('POST', '/api/auth/signup', {
      body: { email, password: 'first password', agreeTerms: true, language: 'zh-CN' },
    });
    await server.api('POST', '/api/auth/password/forgot', { body: { email } });
    const outbox = await server.api<{ subject: string; text: string }[]>(
      'GET',
      `/api/dev/mail?to=${encodeURIComponent(email)}`,
    );
    const mail = outbox.body[0]!;
    expect(mail.subject).toBe('重置您的 Truss 密码');
    const token = LINK.exec(mail.text)![1]!;
    const res = await server.api<AuthResponse>('POST', '/api/auth/password/reset', {
      body: { token, password: 'second password' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email_verified).toBe(true);
  });
});
