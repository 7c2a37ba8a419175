import type { AuthResponse, Project } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuotaLimits } from '../../config-operations.ts';
import { grantPaidPlan } from '../../testing/paid-plan.ts';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';
import { waitForRoom } from './service.ts';

describe('waitForRoom', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('is 0 while the amount fits', () => {
    expect(waitForRoom([], 3, 3, 60, now)).toBe(0);
    expect(waitForRoom([{ amount: 2, created_at: ago(10) }], 1, 3, 60, now)).toBe(0);
  });

  it('waits for the oldest uses that must leave the window', () => {
    const uses = [
      { amount: 2, created_at: ago(50) },
      { amount: 1, created_at: ago(20) },
    ];
    expect(waitForRoom(uses, 1, 3, 60, now)).toBe(10); // the 2 from 50 s ago leave in 10 s
    expect(waitForRoom(uses, 3, 3, 60, now)).toBe(40); // everything must leave
    expect(waitForRoom(uses, 4, 3, 60, now)).toBe(60); // never fits: a whole window
  });
});

describe('loadQuotaLimits', () => {
  it('reads the caps, with one number for invitations doubling per IP', () => {
    expect(loadQuotaLimits({}, false)).toEqual({
      emailChecksPerHour: 30,
      signupsPerDay: 20,
      invitationMailsPerUserDay: 100,
      invitationMailsPerIpDay: 200,
    });
    expect(
      loadQuotaLimits(
        { EMAIL_CHECK_LIMIT: '5', SIGNUP_LIMIT: '0', INVITATION_MAIL_LIMIT: '10' },
        false,
      ),
    ).toEqual({
      emailChecksPerHour: 5,
      signupsPerDay: 0,
      invitationMailsPerUserDay: 10,
      invitationMailsPerIpDay: 20,
    });
    expect(loadQuotaLimits({ INVITATION_MAIL_LIMIT: '10,15' }, false)).toMatchObject({
      invitationMailsPerUserDay: 10,
      invitationMailsPerIpDay: 15,
    });
    expect(() => loadQuotaLimits({ SIGNUP_LIMIT: 'many' }, false)).toThrow(/SIGNUP_LIMIT/);
  });

  it('NO_CAPS turns them off, except in production', () => {
    expect(loadQuotaLimits({ NO_CAPS: '1' }, false)).toBeNull();
    expect(loadQuotaLimits({ NO_CAPS: '1' }, true)).not.toBeNull();
  });
});

describe('caps per caller (real HTTP, behind a trusted proxy)', () => {
  let server: TestServer;
  let owner: AuthResponse;
  const from = (ip: string, extra: Record<string, string> = {}) => ({
    'x-forwarded-for': ip,
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      config: {
        trustProxy: true,
        quotas: {
          emailChecksPerHour: 3,
          signupsPerDay: 2,
          invitationMailsPerUserDay: 3,
          invitationMailsPerIpDay: 4,
        },
      },
    });
    owner = await server.createUser();
  });
  afterAll(async () => server?.close());

  const checkEmail = (ip: string, locale = 'en') =>
    server.api('POST', '/api/auth/check-email', {
      body: { email: owner.user.email },
      headers: from(ip, { 'accept-language': locale }),
    });

  it('check-email answers EMAIL_CHECK_LIMIT times an hour per client IP', async () => {
    for (let i = 0; i < 3; i += 1) {
      const ok = await checkEmail('198.51.100.1');
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ registered: true });
    }
    const refused = await checkEmail('198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'EMAIL_CHECK_LIMITED',
      message: 'Too many email checks from your network, please try again later',
    });
    expect(refused.body).not.toHaveProperty('registered');
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    const zh = await checkEmail('198.51.100.1', 'zh-CN');
    expect(zh.body).toMatchObject({ message: '来自您网络的邮箱查询过于频繁，请稍后再试' });

    // another client behind the same proxy is not affected
    expect((await checkEmail('198.51.100.2')).status).toBe(200);
    // an hour later the first one may ask again
    server.clock.advance(3601);
    expect((await checkEmail('198.51.100.1')).status).toBe(200);
  });

  it('sign-ups: SIGNUP_LIMIT a day per client IP; a refused one creates nothing', async () => {
    const signup = (email: string, ip: string) =>
      server.api('POST', '/api/auth/signup', {
        body: { email, password: 'correct horse battery', agreeTerms: true },
        headers: from(ip),
      });
    expect((await signup(uniqueEmail(), '203.0.113.7')).status).toBe(200);
    expect((await signup(uniqueEmail(), '203.0.113.7')).status).toBe(200);
    const refusedEmail = uniqueEmail();
    const refused = await signup(refusedEmail, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'SIGNUP_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000);
    const row = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', refusedEmail)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await server.api('GET', `/api/dev/mail?to=${refusedEmail}`)).body).toEqual([]);

    expect((await signup(uniqueEmail(), '203.0.113.8')).status).toBe(200);
    server.clock.advance(24 * 3600 + 1);
    expect((await signup(uniqueEmail(), '203.0.113.7')).status).toBe(200);
  });

  /** A signed-in user on a paid plan (room for many members) and their project. */
  const inviter = async () => {
    const user = await server.createUser();
    await grantPaidPlan(server.db, user.user.id, 'pro', server.clock());
    const projects = await server.api<Project[]>('GET', '/api/project', { token: user.token });
    return { ...user, projectId: projects.body[0]!.id };
  };

  it('invitation mails: per user and per IP a day, the whole request refused', async () => {
    const sender = await inviter();
    const projectId = sender.projectId;
    const invite = (token: string, emails: string[], ip: string) =>
      server.api<{ invited: number }>('POST', `/api/project/${projectId}/invitations`, {
        token,
        body: { emails, role: 'member' },
        headers: from(ip),
      });
    const sent = async () =>
      (await server.api<unknown[]>('GET', '/api/dev/mail')).body.filter((mail) =>
        JSON.stringify(mail).includes('/invite?token='),
      ).length;
    const before = await sent();
    const first = await invite(sender.token, [uniqueEmail('a'), uniqueEmail('b')], '192.0.2.1');
    expect(first.body).toMatchObject({ invited: 2 });

    // two more would make 4 > 3 for this user: nothing is written or mailed
    const refusedAddress = uniqueEmail('c');
    const refused = await invite(sender.token, [refusedAddress, uniqueEmail('d')], '192.0.2.2');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'INVITATION_MAIL_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000);
    const rows = await server.db
      .selectFrom('project_invitations')
      .select('id')
      .where('email', '=', refusedAddress)
      .execute();
    expect(rows).toEqual([]);
    expect(await sent()).toBe(before + 2);

    // one more fits the user's cap; a re-send counts too
    const third = await invite(sender.token, [uniqueEmail('e')], '192.0.2.1');
    expect(third.body).toMatchObject({ invited: 1 });
    const pending = await server.db
      .selectFrom('project_invitations')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    server.clock.advance(120);
    const resend = await server.api(
      'POST',
      `/api/project/${projectId}/invitations/${pending.id}/resend`,
      { token: sender.token, headers: from('192.0.2.1') },
    );
    expect(resend.status).toBe(429);
    expect(resend.body).toMatchObject({ code: 'INVITATION_MAIL_LIMITED' });
    expect(await sent()).toBe(before + 3);

    // The IP cap (4) holds for everyone behind 192.0.2.1: it already sent 3.
    const colleague = await inviter();
    const colleagueInvite = (emails: string[], ip: string) =>
      server.api<{ invited: number }>('POST', `/api/project/${colleague.projectId}/invitations`, {
        token: colleague.token,
        body: { emails, role: 'member' },
        headers: from(ip),
      });
    expect((await colleagueInvite([uniqueEmail(), uniqueEmail()], '192.0.2.1')).status).toBe(429);
    expect((await colleagueInvite([uniqueEmail(), uniqueEmail()], '192.0.2.9')).status).toBe(200);
  });
});
