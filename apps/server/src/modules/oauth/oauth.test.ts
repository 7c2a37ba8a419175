import type { ConnectorsResponse, OAuthCallbackResponse, Profile } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signInAtProvider,
  startOidcProvider,
  type OidcTestProvider,
} from '../../testing/oidc-provider.ts';
import { startTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';
import { startWechatStandin, type WechatStandin } from '../../testing/wechat-standin.ts';

const PUBLIC_URL = 'http://127.0.0.1';
const REDIRECT_URI = `${PUBLIC_URL}/callback`;

describe('Google (OpenID Connect) and WeChat sign-in, linking and connectors', () => {
  let server: TestServer;
  let idp: OidcTestProvider;
  let wechat: WechatStandin;

  beforeAll(async () => {
    idp = await startOidcProvider({ accounts: [], redirectUri: REDIRECT_URI });
    wechat = await startWechatStandin({
      users: [
        { openid: 'o-wei', unionid: 'u-wei', nickname: '小伟' },
        { openid: 'o-stranger', nickname: 'Stranger' },
      ],
    });
    server = await startTestServer({
      mail: 'outbox',
      config: {
        publicUrl: PUBLIC_URL,
        oauth: {
          google: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
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
    await idp?.close();
    await wechat?.close();
  });

  const addGoogleAccount = (email = uniqueEmail('g'), emailVerified = true) => {
    const sub = `sub-${email}`;
    idp.accounts.set(sub, { sub, email, email_verified: emailVerified, name: 'Grace Hopper' });
    return { sub, email };
  };

  /** POST start; returns the provider URL and the flow cookie the browser would keep. */
  const start = async (
    provider: 'google' | 'wechat',
    body: Record<string, unknown> = {},
    token?: string,
  ) => {
    const res = await server.api<{ authorizationUrl: string }>(
      'POST',
      `/api/auth/oauth/${provider}/start`,
      { body, token },
    );
    const setCookie = res.headers.get('set-cookie') ?? '';
    const cookie = /^(truss_oauth=[^;]+)/.exec(setCookie)?.[1] ?? '';
    return { res, url: res.body.authorizationUrl, cookie, setCookie };
  };

  const callback = (
    params: URLSearchParams | Record<string, string>,
    cookie: string,
    token?: string,
  ) => {
    const query = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
    return server.api<OAuthCallbackResponse & { code?: string }>(
      'POST',
      '/api/auth/oauth/callback',
      {
        body: query,
        token,
        headers: cookie ? { cookie } : {},
      },
    );
  };

  /** The whole Google round trip as a browser would do it. */
  const googleSignIn = async (sub: string, opts: { token?: string; mode?: string } = {}) => {
    const started = await start('google', opts.mode ? { mode: opts.mode } : {}, opts.token);
    expect(started.res.status).toBe(200);
    const back = await signInAtProvider(started.url, sub, REDIRECT_URI);
    return callback(back.searchParams, started.cookie, opts.token);
  };

  it('tells the web app which providers are on', async () => {
    const res = await server.api('GET', '/api/auth/providers');
    expect(res.body).toEqual({ google: true, wechat: true });
  });

  it('starts with PKCE S256, state and nonce, and binds them in an HttpOnly SameSite=Lax cookie', async () => {
    const started = await start('google', { redirect: '/projects' });
    const url = new URL(started.url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(started.setCookie).toMatch(/HttpOnly/);
    expect(started.setCookie).toMatch(/SameSite=Lax/);
    expect(started.setCookie).toMatch(/Path=\/api\/auth\/oauth/);
    // The verifier never leaves the server in the clear.
    expect(started.url).not.toContain('code_verifier');
  });

  it('creates a verified account on the first Google sign-in and signs into it again later', async () => {
    const { sub, email } = addGoogleAccount();
    const first = await googleSignIn(sub);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/truss_oauth=;.*Max-Age=0/);
    if (first.body.mode !== 'signin') throw new Error('expected a sign-in');
    expect(first.body.created).toBe(true);
    expect(first.body.auth.user).toMatchObject({
      email,
      email_verified: true,
      full_name: 'Grace Hopper',
    });
    const profile = await server.api<Profile>('GET', '/api/user/profile', {
      token: first.body.auth.token,
    });
    expect(profile.status).toBe(200);
    const projects = await server.api<{ is_default: boolean }[]>('GET', '/api/project', {
      token: first.body.auth.token,
    });
    expect(projects.body.some((project) => project.is_default)).toBe(true);

    const again = await googleSignIn(sub);
    if (again.body.mode !== 'signin') throw new Error('expected a sign-in');
    expect(again.body.created).toBe(false);
    expect(again.body.auth.user.id).toBe(first.body.auth.user.id);
  });

  it('links Google to an existing account with the same (verified) email', async () => {
    const existing = await server.createUser();
    const sub = `sub-existing-${existing.user.id}`;
    idp.accounts.set(sub, { sub, email: existing.user.email });
    const res = await googleSignIn(sub);
    if (res.body.mode !== 'signin') throw new Error('expected a sign-in');
    expect(res.body.created).toBe(false);
    expect(res.body.auth.user.id).toBe(existing.user.id);
    const connectors = await server.api<ConnectorsResponse>('GET', '/api/user/connectors', {
      token: existing.token,
    });
    expect(connectors.body.has_password).toBe(true);
    expect(connectors.body.connectors.find((c) => c.provider === 'google')).toMatchObject({
      linked: true,
      email: existing.user.email,
      available: true,
    });
  });

  it('refuses an email the provider has not verified', async () => {
    const { sub } = addGoogleAccount(uniqueEmail('unverified'), false);
    const res = await googleSignIn(sub);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'OAUTH_EMAIL_NOT_VERIFIED' });
  });

  it('refuses a state that is not the one bound to this browser, and a missing cookie', async () => {
    const { sub } = addGoogleAccount();
    const started = await start('google');
    const back = await signInAtProvider(started.url, sub, REDIRECT_URI);
    const forged = new URLSearchParams(back.searchParams);
    forged.set('state', 'attacker-state');
    const wrongState = await callback(forged, started.cookie);
    expect(wrongState.status).toBe(400);
    expect(wrongState.body).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
    const noCookie = await callback(back.searchParams, '');
    expect(noCookie.body).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
    // Another browser's flow cookie (a login CSRF) does not match either.
    const other = await start('google');
    const crossed = await callback(back.searchParams, other.cookie);
    expect(crossed.body).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
    const tampered = await callback(back.searchParams, `${started.cookie.slice(0, -3)}xyz`);
    expect(tampered.body).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
  });

  it('refuses an ID token whose nonce is not the flow nonce', async () => {
    const { sub } = addGoogleAccount();
    const started = await start('google');
    const url = new URL(started.url);
    url.searchParams.set('nonce', 'a-nonce-from-somewhere-else');
    const back = await signInAtProvider(url.href, sub, REDIRECT_URI);
    const res = await callback(back.searchParams, started.cookie);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'OAUTH_FAILED' });
  });

  it('refuses a code whose PKCE challenge is not from the flow verifier', async () => {
    const { sub } = addGoogleAccount();
    const started = await start('google');
    const url = new URL(started.url);
    url.searchParams.set('code_challenge', 'x'.repeat(43));
    const back = await signInAtProvider(url.href, sub, REDIRECT_URI);
    const res = await callback(back.searchParams, started.cookie);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'OAUTH_FAILED' });
  });

  it('reports a cancelled sign-in', async () => {
    const started = await start('google');
    const state = new URL(started.url).searchParams.get('state')!;
    const res = await callback({ error: 'access_denied', state }, started.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'OAUTH_CANCELLED' });
  });

  it('refuses Google sign-in into a suspended account with its status message', async () => {
    const { sub } = addGoogleAccount();
    const first = await googleSignIn(sub);
    if (first.body.mode !== 'signin') throw new Error('expected a sign-in');
    await server.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', first.body.auth.user.id)
      .execute();
    const res = await googleSignIn(sub);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
  });

  it('links from the connectors page, refuses an identity linked to someone else, and unlinks', async () => {
    const owner = await server.createUser();
    const other = await server.createUser();
    const { sub } = addGoogleAccount(uniqueEmail('linked'));
    expect((await start('google', { mode: 'link' })).res.status).toBe(401);

    const linked = await googleSignIn(sub, { mode: 'link', token: owner.token });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ mode: 'link', provider: 'google' });

    const taken = await googleSignIn(sub, { mode: 'link', token: other.token });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'IDENTITY_LINKED_TO_OTHER_ACCOUNT' });

    // Google now signs the owner in (the identity, not the address, decides).
    const signIn = await googleSignIn(sub);
    if (signIn.body.mode !== 'signin') throw new Error('expected a sign-in');
    expect(signIn.body.auth.user.id).toBe(owner.user.id);

    const unlinked = await server.api<ConnectorsResponse>('DELETE', '/api/user/connectors/google', {
      token: owner.token,
    });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.connectors.find((c) => c.provider === 'google')?.linked).toBe(false);
    const again = await server.api('DELETE', '/api/user/connectors/google', { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'CONNECTOR_NOT_LINKED' });
  });

  it('will not unlink the only sign-in method of an account without a password', async () => {
    const { sub } = addGoogleAccount();
    const res = await googleSignIn(sub);
    if (res.body.mode !== 'signin') throw new Error('expected a sign-in');
    const refused = await server.api('DELETE', '/api/user/connectors/google', {
      token: res.body.auth.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'LAST_SIGN_IN_METHOD' });
  });

  // --- WeChat ----------------------------------------------------------------------------------

  /** Opens the QR connect page as the phone would confirm it, returns the redirect back. */
  const wechatConfirm = async (authorizationUrl: string, openid: string) => {
    const user = wechat.users.get(openid)!;
    const page = await (await fetch(authorizationUrl.replace(/#.*$/, ''))).text();
    const link = new RegExp(`href="([^"]+)">Confirm as ${user.nickname}<`).exec(page)?.[1];
    if (!link) throw new Error(`no confirm link in ${page}`);
    return new URL(link.replace(/&amp;/g, '&'));
  };

  const wechatRoundTrip = async (openid: string, opts: { token?: string; mode?: string } = {}) => {
    const started = await start('wechat', opts.mode ? { mode: opts.mode } : {}, opts.token);
    const back = await wechatConfirm(started.url, openid);
    return { started, back, res: await callback(back.searchParams, started.cookie, opts.token) };
  };

  it('sends the browser to WeChat QR connect with the documented parameters', async () => {
    const { url } = await start('wechat');
    expect(url.startsWith(`${wechat.url}/connect/qrconnect?`)).toBe(true);
    expect(url.endsWith('#wechat_redirect')).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get('appid')).toBe(wechat.appId);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('snsapi_login');
    expect(params.get('state')).toBeTruthy();
  });

  it('an unknown WeChat user gets a new account (without an email) and is signed in', async () => {
    const { res } = await wechatRoundTrip('o-stranger');
    expect(res.status).toBe(200);
    if (res.body.mode !== 'signin') throw new Error('expected a sign-in');
    expect(res.body.created).toBe(true);
    expect(res.body.auth.user).toMatchObject({ email: null, full_name: 'Stranger' });
    expect(wechat.requests.some((r) => r.path === '/sns/userinfo')).toBe(true);
  });

  it('links WeChat to the signed-in account, then WeChat signs that account in', async () => {
    const user = await server.createUser();
    const { res } = await wechatRoundTrip('o-wei', { mode: 'link', token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'link',
      connector: { provider: 'wechat', linked: true, display_name: '小伟', email: null },
    });
    const signIn = await wechatRoundTrip('o-wei');
    expect(signIn.res.status).toBe(200);
    if (signIn.res.body.mode !== 'signin') throw new Error('expected a sign-in');
    expect(signIn.res.body.auth.user.id).toBe(user.user.id);
    const token = wechat.requests.filter((r) => r.path === '/sns/oauth2/access_token').at(-1)!;
    expect(token.query).toMatchObject({
      appid: wechat.appId,
      secret: wechat.appSecret,
      grant_type: 'authorization_code',
    });
  });

  it('maps WeChat errcode answers (HTTP 200) and a reused code to OAUTH_FAILED', async () => {
    wechat.failNextTokenWith = { errcode: 40029, errmsg: 'invalid code' };
    const failed = await wechatRoundTrip('o-wei');
    expect(failed.res.status).toBe(502);
    expect(failed.res.body).toMatchObject({ code: 'OAUTH_FAILED' });

    const ok = await wechatRoundTrip('o-wei');
    expect(ok.res.status).toBe(200);
    // The same code again (with a fresh flow): WeChat answers 40163 "code been used".
    const replay = await start('wechat');
    const state = new URL(replay.url).searchParams.get('state')!;
    const reused = await callback(
      { code: ok.back.searchParams.get('code')!, state },
      replay.cookie,
    );
    expect(reused.status).toBe(502);
    expect(reused.body).toMatchObject({ code: 'OAUTH_FAILED' });
  });
});

describe('providers not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  it('shows no buttons and the start endpoint answers OAUTH_PROVIDER_DISABLED', async () => {
    expect((await server.api('GET', '/api/auth/providers')).body).toEqual({
      google: false,
      wechat: false,
    });
    for (const provider of ['google', 'wechat']) {
      const res = await server.api('POST', `/api/auth/oauth/${provider}/start`, { body: {} });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'OAUTH_PROVIDER_DISABLED' });
    }
  });
});
