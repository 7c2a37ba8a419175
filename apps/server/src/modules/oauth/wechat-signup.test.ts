import type {
  AddEmailResponse,
  AuthResponse,
  DevMail,
  OAuthCallbackResponse,
  Profile,
  Project,
  ProjectMember,
  TokenPair,
} from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../testing/project-team.ts';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';
import { startWechatStandin, type WechatStandin } from '../../testing/wechat-standin.ts';

const PUBLIC_URL = 'http://127.0.0.1';

/**
 * A WeChat user new to Truss gets an account (without an email) and is signed in; the email is
 * added later with a mailed code, and what needs an address behaves without one meanwhile.
 * Against the local WeChat stand-in, over real HTTP.
 */
describe('WeChat sign-up and adding an email', () => {
  let server: TestServer;
  let wechat: WechatStandin;

  beforeAll(async () => {
    wechat = await startWechatStandin({
      users: [
        { openid: 'o-mei', unionid: 'u-mei', nickname: '美美' },
        { openid: 'o-lei', nickname: 'Lei' },
        { openid: 'o-taken', nickname: 'Taken' },
      ],
    });
    server = await startTestServer({
      mail: 'outbox',
      config: {
        publicUrl: PUBLIC_URL,
        oauth: {
          google: null,
          wechat: {
            appId: wechat.appId,
            appSecret: wechat.appSecret,
            openUrl: wechat.url,
            apiUrl: wechat.url,
          },
        },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await wechat?.close();
  });

  /** Start, confirm at the stand-in's QR page as `openid`, and post the callback. */
  const wechatSignIn = async (openid: string) => {
    const started = await server.api<{ authorizationUrl: string }>(
      'POST',
      '/api/auth/oauth/wechat/start',
      { body: {} },
    );
    const cookie = /^(truss_oauth=[^;]+)/.exec(started.headers.get('set-cookie') ?? '')?.[1];
    const page = await (await fetch(started.body.authorizationUrl.replace(/#.*$/, ''))).text();
    const nickname = wechat.users.get(openid)!.nickname;
    const link = new RegExp(`href="([^"]+)">Confirm as ${nickname}<`).exec(page)?.[1];
    if (!link || !cookie) throw new Error(`no confirm link or flow cookie: ${page}`);
    const back = new URL(link.replace(/&amp;/g, '&'));
    const res = await server.api<OAuthCallbackResponse>('POST', '/api/auth/oauth/callback', {
      body: Object.fromEntries(back.searchParams),
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    if (res.body.mode !== 'signin') throw new Error('expected a sign-in');
    return res.body;
  };

  const mailsTo = async (address: string) =>
    (await server.api<DevMail[]>('GET', `/api/dev/mail?to=${encodeURIComponent(address)}`)).body;

  it('a new WeChat user gets an account without an email, is signed in, and comes back to it', async () => {
    const first = await wechatSignIn('o-mei');
    expect(first.created).toBe(true);
    expect(first.auth.user).toMatchObject({
      email: null,
      email_verified: false,
      full_name: '美美',
      status: 'active',
    });
    const token = first.auth.token;
    const profile = await server.api<Profile>('GET', '/api/user/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBeNull();
    const projects = await server.api<Project[]>('GET', '/api/project', { token });
    expect(projects.body.filter((project) => project.is_default)).toHaveLength(1);
    expect(projects.body[0]!.creator).toMatchObject({ email: null, name: '美美' });
    // The session refreshes like any other.
    const refreshed = await server.api<TokenPair>('POST', '/api/auth/refresh', {
      body: { refreshToken: first.auth.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    // The connectors page shows WeChat linked, the only way in: it cannot be unlinked.
    const unlink = await server.api('DELETE', '/api/user/connectors/wechat', { token });
    expect(unlink.body).toMatchObject({ code: 'LAST_SIGN_IN_METHOD' });

    const again = await wechatSignIn('o-mei');
    expect(again.created).toBe(false);
    expect(again.auth.user.id).toBe(first.auth.user.id);
  });

  it('refuses a password without an email (typed error in en and zh-CN), gets no invitations or mails', async () => {
    const { auth } = await wechatSignIn('o-lei');
    const body = { newPassword: 'correct horse battery' };
    const en = await server.api('POST', '/api/user/password', { token: auth.token, body });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 'EMAIL_REQUIRED',
      message: 'Add and verify an email address in your profile first',
    });
    const zh = await server.api('POST', '/api/user/password', {
      token: auth.token,
      body,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toMatchObject({
      code: 'EMAIL_REQUIRED',
      message: '请先在个人资料中添加并验证邮箱地址',
    });
    const invitations = await server.api<unknown[]>('GET', '/api/user/invitations', {
      token: auth.token,
    });
    expect(invitations.status).toBe(200);
    expect(invitations.body).toEqual([]);

    // A member without an address: listed (email null), and a role change mails nobody.
    const owner = await server.createUser();
    const project = (
      await server.api<Project[]>('GET', '/api/project', { token: owner.token })
    ).body.find((p) => p.is_default)!;
    const memberId = await addMember(server, project.id, auth.user.id, 'member', owner.user.id);
    await server.api('DELETE', '/api/dev/mail');
    const members = await server.api<ProjectMember[]>('GET', `/api/project/${project.id}/members`, {
      token: owner.token,
    });
    expect(members.body.find((m) => m.user_id === auth.user.id)).toMatchObject({
      email: null,
      name: 'Lei',
    });
    const changed = await server.api<ProjectMember>(
      'PUT',
      `/api/project/${project.id}/members/${memberId}`,
      { token: owner.token, body: { role: 'admin' } },
    );
    expect(changed.status).toBe(200);
    expect((await server.api<DevMail[]>('GET', '/api/dev/mail')).body).toEqual([]);
  });

  it('adds an email with a mailed code (stored as an HMAC); then a password and password sign-in work', async () => {
    const { auth } = await wechatSignIn('o-taken');
    const token = auth.token;
    const registered = await server.createUser();
    const taken = await server.api('POST', '/api/user/email', {
      token,
      body: { email: registered.user.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED' });

    const address = uniqueEmail('wechat');
    const sent = await server.api<AddEmailResponse>('POST', '/api/user/email', {
      token,
      body: { email: address.toUpperCase() },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ email: address, resendIn: 60 });
    const mail = (await mailsTo(address))[0]!;
    expect(mail.subject).toMatch(/email confirmation code/);
    const code = await server.latestCode(address);
    const row = await server.db
      .selectFrom('email_codes')
      .select(['code_hash', 'email'])
      .where('user_id', '=', auth.user.id)
      .where('purpose', '=', 'add_email')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(address);
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);

    // At most one mail a minute.
    const soon = await server.api('POST', '/api/user/email', { token, body: { email: address } });
    expect(soon.status).toBe(429);
    // Not verified yet: the profile has no email.
    const before = await server.api<Profile>('GET', '/api/user/profile', { token });
    expect(before.body.email).toBeNull();

    const wrong = await server.api('POST', '/api/user/email/verify', {
      token,
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    const ok = await server.api<Profile>('POST', '/api/user/email/verify', {
      token,
      body: { code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: address, email_verified: true });
    const reused = await server.api('POST', '/api/user/email/verify', { token, body: { code } });
    expect(reused.body).toMatchObject({ code: 'EMAIL_ALREADY_SET' });
    const another = await server.api('POST', '/api/user/email', {
      token,
      body: { email: uniqueEmail('second') },
    });
    expect(another.status).toBe(409);
    expect(another.body).toMatchObject({ code: 'EMAIL_ALREADY_SET' });

    // With an address, a password can be set and signs in; WeChat still signs into the account.
    const password = 'correct horse battery';
    const set = await server.api('POST', '/api/user/password', {
      token,
      body: { newPassword: password },
    });
    expect(set.status).toBe(200);
    const login = await server.api<AuthResponse>('POST', '/api/auth/login', {
      body: { email: address, password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(auth.user.id);
    expect((await wechatSignIn('o-taken')).auth.user).toMatchObject({
      id: auth.user.id,
      email: address,
    });
  });
});
