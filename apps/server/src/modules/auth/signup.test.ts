import { ACCESS_TOKEN_TTL_SECONDS, type AuthResponse } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

describe('sign-up and email verification (mail over SMTP)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const signup = (
    email: string,
    password = 'password-one-two-3',
    extra: Record<string, unknown> = {},
  ) =>
    server.api('POST', '/api/auth/signup', {
      body: { email, password, agreeTerms: true, ...extra },
    });

  it('check-email says whether a verified account exists', async () => {
    const email = uniqueEmail('check');
    expect((await server.api('POST', '/api/auth/check-email', { body: { email } })).body).toEqual({
      registered: false,
    });
    await signup(email);
    expect(
      (await server.api('POST', '/api/auth/check-email', { body: { email } })).body.registered,
    ).toBe(false);
    await server.api('POST', '/api/auth/verify-email', {
      body: { email, code: await server.latestCode(email) },
    });
    const upper = email.toUpperCase();
    expect(
      (await server.api('POST', '/api/auth/check-email', { body: { email: upper } })).body,
    ).toEqual({ registered: true });
  });

  it('signup mails a 6-digit code; verifying it signs the user in', async () => {
    const email = uniqueEmail('flow');
    const res = await signup(`  ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, codeExpiresIn: 600 });

    const [mail] = await server.mail!.waitFor(email);
    expect(mail!.subject).toMatch(/^\d{6} is your Truss verification code$/);
    expect(mail!.text).toContain('Truss');
    expect(mail!.html).toContain('<html');
    expect(mail!.from).toContain('no-reply@truss.test');
    const code = await server.latestCode(email);
    expect(mail!.html).toContain(code);

    const verified = await server.api<AuthResponse>('POST', '/api/auth/verify-email', {
      body: { email, code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.expiresIn).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(verified.body.token.split('.')).toHaveLength(3);
    expect(verified.body.refreshToken.length).toBeGreaterThan(30);
    expect(verified.body.user).toMatchObject({
      email,
      email_verified: true,
      status: 'active',
      language: 'en',
    });

    const profile = await server.api('GET', '/api/user/profile', { token: verified.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: verified.body.user.id, email });

    // single use; a verified address answers like an unknown one (issue 33: no enumeration)
    const again = await server.api('POST', '/api/auth/verify-email', { body: { email, code } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
  });

  it('stores codes only as HMAC digests', async () => {
    const email = uniqueEmail('hash');
    await signup(email);
    const code = await server.latestCode(email);
    const rows = await server.db.selectFrom('email_codes').select('code_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.code_hash).not.toContain(code);
    }
  });

  it('mails in the language chosen at sign-up (zh-CN)', async () => {
    const email = uniqueEmail('zh');
    await signup(email, 'password-one-two-3', { language: 'zh-CN' });
    const [mail] = await server.mail!.waitFor(email);
    expect(mail!.subject).toMatch(/^Truss 验证码：\d{6}$/);
    expect(mail!.text).toContain('验证码');
    const code = await server.latestCode(email);
    const verified = await server.api<AuthResponse>('POST', '/api/auth/verify-email', {
      body: { email, code },
    });
    expect(verified.body.user.language).toBe('zh-CN');
  });

  it('uses Accept-Language when no language is given', async () => {
    const email = uniqueEmail('al');
    await server.api('POST', '/api/auth/signup', {
      body: { email, password: 'password-one-two-3', agreeTerms: true },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect((await server.mail!.waitFor(email))[0]!.subject).toContain('验证码');
  });

  it('a verified email cannot sign up again (409 EMAIL_ALREADY_REGISTERED)', async () => {
    const user = await server.createUser();
    const res = await signup(user.user.email);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      statusCode: 409,
      code: 'EMAIL_ALREADY_REGISTERED',
      message: 'This email has been registered',
    });
  });

  it('signing up again before verifying replaces the password', async () => {
    const email = uniqueEmail('again');
    await signup(email, 'first-password');
    server.clock.advance(61);
    const second = await signup(email, 'second-password');
    expect(second.status).toBe(200);
    expect(await server.mail!.waitFor(email, 2)).toHaveLength(2);
    const code = await server.latestCode(email);
    expect(
      (await server.api('POST', '/api/auth/verify-email', { body: { email, code } })).status,
    ).toBe(200);
    const oldPassword = await server.api('POST', '/api/auth/login', {
      body: { email, password: 'first-password' },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await server.api('POST', '/api/auth/login', {
      body: { email, password: 'second-password' },
    });
    expect(newPassword.status).toBe(200);
  });

  it('a repeated sign-up within a minute keeps the mailed code (no second mail)', async () => {
    const email = uniqueEmail('quick');
    await signup(email);
    server.clock.advance(20);
    const second = await signup(email);
    expect(second.body).toEqual({ email, codeExpiresIn: 580 });
    expect(server.mail!.to(email)).toHaveLength(1);
  });

  it('resend: one mail per minute (429 + Retry-After), the new code replaces the old', async () => {
    const email = uniqueEmail('resend');
    await signup(email);
    const first = await server.latestCode(email);

    const tooSoon = await server.api('POST', '/api/auth/verify-email/resend', { body: { email } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(tooSoon.headers.get('retry-after'))).toBe(60);

    server.clock.advance(45);
    const stillSoon = await server.api('POST', '/api/auth/verify-email/resend', {
      body: { email },
    });
    expect(Number(stillSoon.headers.get('retry-after'))).toBe(15);

    server.clock.advance(15);
    const resent = await server.api('POST', '/api/auth/verify-email/resend', { body: { email } });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ email, codeExpiresIn: 600 });
    const second = (await server.mail!.waitFor(email, 2))[0]!.text.match(/\b(\d{6})\b/)![1]!;

    if (first !== second) {
      const old = await server.api('POST', '/api/auth/verify-email', {
        body: { email, code: first },
      });
      expect(old.status).toBe(400);
      expect(old.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    }
    const ok = await server.api('POST', '/api/auth/verify-email', {
      body: { email, code: second },
    });
    expect(ok.status).toBe(200);
  });

  it('resend for an unknown address answers like a sent code and mails nothing (issue 33)', async () => {
    const email = uniqueEmail('nobody');
    const res = await server.api('POST', '/api/auth/verify-email/resend', { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, codeExpiresIn: 600 });
    expect(server.mail!.to(email)).toHaveLength(0);
  });

  it('five wrong codes kill the code, even for the right one afterwards', async () => {
    const email = uniqueEmail('wrong');
    await signup(email);
    const code = await server.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await server.api('POST', '/api/auth/verify-email', {
        body: { email, code: wrong },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    }
    const right = await server.api('POST', '/api/auth/verify-email', { body: { email, code } });
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
      message: 'The verification code expired, please resend it',
    });
  });

  it('a code expires after 10 minutes', async () => {
    const email = uniqueEmail('expired');
    await signup(email);
    const code = await server.latestCode(email);
    server.clock.advance(10 * 60 + 1);
    const res = await server.api('POST', '/api/auth/verify-email', {
      body: { email, code },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
      message: '验证码已过期，请重新发送',
    });
  });

  it('verifying an unknown address is INVALID_VERIFICATION_CODE', async () => {
    const res = await server.api('POST', '/api/auth/verify-email', {
      body: { email: uniqueEmail('ghost'), code: '123456' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
  });

  it('when the SMTP server refuses, signup fails with SEND_CODE_FAILED and resend works at once', async () => {
    const email = uniqueEmail('smtpfail');
    server.mail!.failing = true;
    try {
      const res = await signup(email);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'SEND_CODE_FAILED' });
    } finally {
      server.mail!.failing = false;
    }
    const resend = await server.api('POST', '/api/auth/verify-email/resend', { body: { email } });
    expect(resend.status).toBe(200);
    await server.mail!.waitFor(email);
  });

  it('a new user gets a Default Project in the same step', async () => {
    const email = uniqueEmail('default');
    await signup(email);
    const rows = await server.db
      .selectFrom('projects')
      .innerJoin('users', 'users.id', 'projects.owner_id')
      .select(['projects.name', 'projects.is_default'])
      .where('users.email', '=', email)
      .execute();
    expect(rows).toEqual([{ name: 'Default Project', is_default: true }]);
  });
});
