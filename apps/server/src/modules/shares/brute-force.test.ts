import {
  SHARE_CODE_ATTEMPT_WINDOW_MINUTES,
  SHARE_CODE_MAX_ATTEMPTS_PER_IP,
  SHARE_CODE_MAX_FAILURES,
  type ErrorBody,
  type PublicShare,
  type Share,
} from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/project-team.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import {
  cookieFrom,
  createShare,
  createShareTeam,
  fromIp,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';

describe(`access code brute-force limits (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;
  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(() => server?.close());

  const codeShare = (code: string) =>
    createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'password',
      accessCode: code,
      expiration: 'never',
      allowComments: true,
      issuePermission: 'view',
    });
  const verify = (ip: string, token: string, code: string) =>
    fromIp(server, ip, 'POST', `/api/share/${token}/verify`, { body: { code } });

  it('the 6th try from one IP in 15 minutes gets 429 even with the right code', async () => {
    expect(SHARE_CODE_MAX_ATTEMPTS_PER_IP).toBe(5);
    const link = await codeShare('4321');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await verify('10.0.0.1', link.token, `000${i}`);
      expect(wrong.status).toBe(403);
      expect(wrong.json<ErrorBody>().code).toBe('SHARE_INCORRECT_CODE');
      server.clock.advance(60);
    }
    const limited = await verify('10.0.0.1', link.token, '4321');
    expect(limited.status).toBe(429);
    expect(limited.json<ErrorBody>()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many operations, please try again later',
    });
    expect(limited.headers['set-cookie']).toBeUndefined();
    // the first wrong try was 5 minutes ago: it leaves the window in 10 minutes
    expect(Number(limited.headers['retry-after'])).toBe(10 * 60);

    // another IP is not affected
    const other = await verify('10.0.0.2', link.token, '4321');
    expect(other.status).toBe(200);
    expect(other.json<PublicShare>().unlocked).toBe(true);

    // once the oldest failure leaves the window, the IP may try again
    server.clock.advance(10 * 60 - 1);
    expect((await verify('10.0.0.1', link.token, '4321')).status).toBe(429);
    server.clock.advance(1);
    expect((await verify('10.0.0.1', link.token, '4321')).status).toBe(200);
    expect(SHARE_CODE_ATTEMPT_WINDOW_MINUTES).toBe(15);
    // 15 minutes passed: the access tokens expired
    for (const role of ['owner', 'admin'] as const) team[role] = await signIn(server, team[role]);
  });

  it('past 20 wrong codes every try waits a doubling delay, the right code too, and nobody is locked out (issue 33)', async () => {
    expect(SHARE_CODE_MAX_FAILURES).toBe(20);
    const link = await codeShare('8642');
    // an unlock from before the attack
    const early = await verify('10.1.0.99', link.token, '8642');
    const earlyCookie = cookieFrom(String(early.headers['set-cookie']));
    await server.api('DELETE', '/api/dev/mail');

    for (let i = 0; i < 20; i += 1) {
      const ip = `10.1.0.${Math.floor(i / 5)}`;
      const wrong = await verify(ip, link.token, String(1000 + i));
      expect(wrong.status, `try ${i + 1}`).toBe(403);
    }
    // the 21st try, from a fresh IP, waits 1 s after the latest wrong code; the right code too
    const delayed = await verify('10.1.0.50', link.token, '9999');
    expect(delayed.status).toBe(429);
    expect(delayed.json<ErrorBody>()).toMatchObject({
      code: 'SHARE_CODE_DELAYED',
      message: 'Too many wrong access codes for this share; please wait a moment and try again',
    });
    expect(Number(delayed.headers['retry-after'])).toBe(1);
    expect((await verify('10.1.0.51', link.token, '8642')).status).toBe(429);
    const zh = await server.app.inject({
      method: 'POST',
      url: `/api/share/${link.token}/verify`,
      remoteAddress: '10.1.0.52',
      headers: { 'accept-language': 'zh-CN' },
      payload: { code: '8642' },
    });
    expect(JSON.parse(zh.body)).toMatchObject({ code: 'SHARE_CODE_DELAYED' });
    expect(JSON.parse(zh.body).message).toContain('稍后再试');
    // once it has passed, the holder of the right code gets in (a lock would say 423)
    server.clock.advance(1);
    expect((await verify('10.1.0.51', link.token, '8642')).status).toBe(200);
    // each further wrong code doubles the wait: 1 s, 2 s, 4 s, ...
    expect((await verify('10.1.0.50', link.token, '1111')).status).toBe(403);
    const doubled = await verify('10.1.0.53', link.token, '1112');
    expect(Number(doubled.headers['retry-after'])).toBe(2);

    // the page does not say locked; the owner got one mail in their language
    const page = await fromIp(server, '10.1.0.53', 'GET', `/api/share/${link.token}`);
    expect(page.json<PublicShare>()).toMatchObject({ code_locked: false, needs_code: true });
    const mails = await server.api<{ subject: string; text: string }[]>(
      'GET',
      `/api/dev/mail?to=${encodeURIComponent(team.owner.user.email)}`,
    );
    expect(mails.body).toHaveLength(1);
    expect(mails.body[0]!.subject).toBe('Wrong access codes on your Truss share link');
    expect(mails.body[0]!.text).toContain(`"${team.model.name}"`);
    expect(mails.body[0]!.text).toContain('http://127.0.0.1/shares');

    // an unlock from before still works: the code itself was not guessed
    const file = await fromIp(
      server,
      '10.1.0.99',
      'GET',
      `/api/share/${link.token}/thumbnail.png`,
      {
        cookie: earlyCookie,
      },
    );
    expect(file.status).toBe(200);

    // a new code resets the counters and voids the old unlock
    const renewed = await server.api<Share>('PATCH', `/api/shares/${link.id}`, {
      token: team.owner.token,
      body: { accessCode: '5555' },
    });
    expect(renewed.body).toMatchObject({ code_locked: false, access_code: '5555' });
    const stale = await fromIp(
      server,
      '10.1.0.99',
      'GET',
      `/api/share/${link.token}/thumbnail.png`,
      {
        cookie: earlyCookie,
      },
    );
    expect(stale.status).toBe(403);
    expect((await verify('10.1.0.0', link.token, '8642')).status).toBe(403);
    expect((await verify('10.1.0.0', link.token, '5555')).status).toBe(200);
  });

  it('the zh-CN owner is mailed in Chinese', async () => {
    await server.db
      .updateTable('users')
      .set({ language: 'zh-CN' })
      .where('id', '=', team.admin.user.id)
      .execute();
    const link = await createShare(server, team.admin.token, {
      modelId: team.model.id,
      type: 'password',
      accessCode: '1212',
      expiration: '30d',
      allowComments: false,
      issuePermission: 'view',
    });
    for (let i = 0; i < 20; i += 1) {
      await verify(`10.2.0.${Math.floor(i / 5)}`, link.token, String(2000 + i));
    }
    const mails = await server.api<{ subject: string; text: string }[]>(
      'GET',
      `/api/dev/mail?to=${encodeURIComponent(team.admin.user.email)}`,
    );
    expect(mails.body[0]!.subject).toBe('您的 Truss 分享链接访问码多次输错');
    expect(mails.body[0]!.text).toContain(`「${team.model.name}」`);
  });

  it('an owner who turned the notice off gets no mail, and the delay holds', async () => {
    const settings = await server.api('PUT', '/api/user/notifications', {
      token: team.owner.token,
      body: { share_code_locked: false },
    });
    expect(settings.status).toBe(200);
    await server.api('DELETE', '/api/dev/mail');
    const link = await codeShare('2468');
    for (let i = 0; i < 20; i += 1) {
      await verify(`10.4.0.${Math.floor(i / 5)}`, link.token, String(3000 + i));
    }
    expect((await verify('10.4.0.50', link.token, '2468')).status).toBe(429);
    const mails = await server.api<unknown[]>(
      'GET',
      `/api/dev/mail?to=${encodeURIComponent(team.owner.user.email)}`,
    );
    expect(mails.body).toHaveLength(0);
    await server.api('PUT', '/api/user/notifications', {
      token: team.owner.token,
      body: { share_code_locked: true },
    });
  });

  it('concurrent wrong codes from one IP cannot get past the per-IP limit', async () => {
    const link = await codeShare('3141');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verify('10.3.0.1', link.token, String(5000 + i))),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});
