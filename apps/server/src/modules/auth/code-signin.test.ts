import type { AuthResponse, CodeSendResponse } from '@truss/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

const MAGIC = /\/magic-code\?email=([^&\s]+)&code=(\d{6})/;

describe('sign-in with an emailed code or magic link (mail over SMTP)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    server.mail!.failing = false;
  });

  const send = (email: string) =>
    server.api<CodeSendResponse>('POST', '/api/auth/code/send', { body: { email } });
  const verify = (email: string, code: string) =>
    server.api<AuthResponse>('POST', '/api/auth/code/verify', { body: { email, code } });
  /** The code of the newest sign-in mail (skipping the sign-up mail). */
  const mailedCode = async (email: string, count: number) => {
    const [mail] = await server.mail!.waitFor(email, count);
    const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
    if (!code) throw new Error('no code in the mail');
    return { code, mail: mail! };
  };

  it('mails a code and a magic link carrying it; either signs the user in', async () => {
    const user = await server.createUser();
    const email = user.user.email;
    const res = await send(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, codeExpiresIn: 600, resendIn: 60 });
    const { code, mail } = await mailedCode(email, 2);
    expect(mail.subject).toBe(`${code} is your Truss sign-in code`);
    const link = MAGIC.exec(mail.text);
    expect(link?.[2]).toBe(code);
    expect(decodeURIComponent(link![1]!)).toBe(email);
    expect(mail.html).toContain(`/magic-code?email=${encodeURIComponent(email)}&amp;code=${code}`);

    const signedIn = await verify(email, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(user.user.id);
    const profile = await server.api('GET', '/api/user/profile', { token: signedIn.body.token });
    expect(profile.status).toBe(200);
    // Single use.
    const again = await verify(email, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
  });

  it('writes the mail in the account language', async () => {
    const user = await server.createUser();
    await server.api('PUT', '/api/user/preferences', {
      token: user.token,
      body: { language: 'zh-CN' },
    });
    await send(user.user.email);
    const { code, mail } = await mailedCode(user.user.email, 2);
    expect(mail.subject).toBe(`Truss 登录验证码：${code}`);
    expect(mail.text).toContain('请在登录页面输入以下验证码');
  });

  it('answers an unknown address like a registered one and sends nothing (issue 33)', async () => {
    const email = uniqueEmail('nobody');
    const res = await send(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, codeExpiresIn: 600, resendIn: 60 });
    expect(server.mail!.to(email)).toHaveLength(0);
  });

  it('unverified and suspended accounts get the same answer and no code; a held code tells the status', async () => {
    const email = uniqueEmail('pending');
    await server.api('POST', '/api/auth/signup', {
      body: { email, password: 'password-one-two-3', agreeTerms: true },
    });
    const pending = await send(email);
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({ email, codeExpiresIn: 600, resendIn: 60 });
    expect(server.mail!.to(email)).toHaveLength(1); // the sign-up mail only

    const user = await server.createUser();
    expect((await send(user.user.email)).status).toBe(200);
    const { code } = await mailedCode(user.user.email, 2);
    await server.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', user.user.id)
      .execute();
    const res = await verify(user.user.email, code);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      statusMessage: 'Account has been suspended',
    });
    server.clock.advance(61);
    expect((await send(user.user.email)).status).toBe(200);
    expect(server.mail!.to(user.user.email)).toHaveLength(2);
  });

  it('resends at most once a minute and 5 times an hour, with Retry-After; a new code kills the old', async () => {
    const user = await server.createUser();
    const email = user.user.email;
    expect((await send(email)).status).toBe(200);
    const first = await mailedCode(email, 2);
    const tooSoon = await send(email);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      statusMessage: 'Too many operations, please try again later',
    });
    expect(Number(tooSoon.headers.get('retry-after'))).toBe(60);
    for (let sent = 2; sent <= 5; sent += 1) {
      server.clock.advance(61);
      expect((await send(email)).status).toBe(200);
    }
    server.clock.advance(61);
    const hourly = await send(email);
    expect(hourly.status).toBe(429);
    // The first of the hour's five mails leaves the window 3600 s after it was sent.
    expect(Number(hourly.headers.get('retry-after'))).toBe(3600 - 5 * 61);
    const latest = await mailedCode(email, 6);
    expect((await verify(email, first.code)).body).toMatchObject({
      code: 'INVALID_VERIFICATION_CODE',
    });
    expect((await verify(email, latest.code)).status).toBe(200);
  });

  it('codes expire after 10 minutes and die after 5 wrong tries', async () => {
    const user = await server.createUser();
    const email = user.user.email;
    await send(email);
    const { code } = await mailedCode(email, 2);
    server.clock.advance(601);
    expect((await verify(email, code)).body).toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
      statusMessage: 'The verification code expired, please resend it',
    });

    expect((await send(email)).status).toBe(200);
    const fresh = await mailedCode(email, 3);
    const wrong = fresh.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await verify(email, wrong)).body).toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
      });
    }
    expect((await verify(email, fresh.code)).body).toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
    });
  });

  it('a failed mail answers SEND_CODE_FAILED and does not count against the limit', async () => {
    const user = await server.createUser();
    server.mail!.failing = true;
    const res = await send(user.user.email);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'SEND_CODE_FAILED' });
    server.mail!.failing = false;
    expect((await send(user.user.email)).status).toBe(200);
  });
});

describe('sign-in code through the dev outbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  it('stores the sign-in mail in the outbox, and its magic link signs in', async () => {
    const user = await server.createUser();
    expect(
      (await server.api('POST', '/api/auth/code/send', { body: { email: user.user.email } }))
        .status,
    ).toBe(200);
    const outbox = await server.api<{ subject: string; text: string }[]>(
      'GET',
      `/api/dev/mail?to=${encodeURIComponent(user.user.email)}`,
    );
    const mail = outbox.body[0]!;
    expect(mail.subject).toMatch(/sign-in code$/);
    const [, email, code] = MAGIC.exec(mail.text)!;
    const res = await server.api<AuthResponse>('POST', '/api/auth/code/verify', {
      body: { email: decodeURIComponent(email!), code },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(user.user.email);
  });
});
