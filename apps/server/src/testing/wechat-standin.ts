import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WeChat user of the stand-in. */
export interface WechatTestUser {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl?: string;
}

export interface WechatStandin {
  /** Base URL for both WECHAT_OPEN_URL and WECHAT_API_URL. */
  url: string;
  appId: string;
  appSecret: string;
  users: Map<string, WechatTestUser>;
  /** Every API request received (path and query), for assertions. */
  requests: { path: string; query: Record<string, string> }[];
  /** The next access_token exchange answers this errcode (once), like WeChat does: HTTP 200. */
  failNextTokenWith: { errcode: number; errmsg: string } | null;
  /** The next API request gets no answer for this many ms (once): a slow network. */
  stallNextMs: number;
  /** Issues a code for `openid` as if the user had scanned the QR code and confirmed. */
  issueCode(openid: string): string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, body: unknown) => {
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
};

/**
 * A local stand-in for WeChat's website QR connect, speaking the documented requests and
 * answers: GET /connect/qrconnect (a page with one "confirm" link per test user, which redirects
 * to redirect_uri?code&state), GET /sns/oauth2/access_token and GET /sns/userinfo. Errors are
 * `{errcode, errmsg}` with HTTP 200 (40029 invalid code, 40163 code been used, 40013 invalid
 * appid, 40125 invalid appsecret, 40001/42001 access token, 40003 invalid openid).
 */
export async function startWechatStandin(options: {
  port?: number;
  users: WechatTestUser[];
}): Promise<WechatStandin> {
  const appId = `wx${randomBytes(8).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const users = new Map(options.users.map((user) => [user.openid, user]));
  const codes = new Map<string, { openid: string; used: boolean }>();
  const accessTokens = new Map<string, string>();
  const standin = {
    appId,
    appSecret,
    users,
    requests: [] as WechatStandin['requests'],
    failNextTokenWith: null as WechatStandin['failNextTokenWith'],
    stallNextMs: 0,
  };

  const issueCode = (openid: string) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { openid, used: false });
    return code;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const query = Object.fromEntries(url.searchParams);
    standin.requests.push({ path: url.pathname, query });

    if (url.pathname === '/connect/qrconnect') {
      if (query.appid !== appId || query.scope !== 'snsapi_login' || !query.redirect_uri) {
        res.statusCode = 400;
        res.end('invalid qrconnect request');
        return;
      }
      const links = [...users.values()]
        .map((user) => {
          const back = new URL(query.redirect_uri!);
          back.searchParams.set('code', issueCode(user.openid));
          if (query.state) back.searchParams.set('state', query.state);
          return `<p><a href="${back.href.replace(/&/g, '&amp;')}">Confirm as ${user.nickname}</a></p>`;
        })
        .join('\n');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html><body><h1>WeChat QR connect (test)</h1>${links}</body></html>`);
      return;
    }

    if (url.pathname === '/sns/oauth2/access_token') {
      if (standin.failNextTokenWith) {
        const failure = standin.failNextTokenWith;
        standin.failNextTokenWith = null;
        json(res, failure);
        return;
      }
      if (query.appid !== appId) return json(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (query.secret !== appSecret) {
        return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      }
      if (query.grant_type !== 'authorization_code') {
        return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      }
      const entry = codes.get(query.code ?? '');
      if (!entry) return json(res, { errcode: 40029, errmsg: 'invalid code' });
      if (entry.used) return json(res, { errcode: 40163, errmsg: 'code been used' });
      entry.used = true;
      const token = randomBytes(16).toString('hex');
      accessTokens.set(token, entry.openid);
      const user = users.get(entry.openid);
      return json(res, {
        access_token: token,
        expires_in: 7200,
        refresh_token: randomBytes(16).toString('hex'),
        openid: entry.openid,
        scope: 'snsapi_login',
        ...(user?.unionid ? { unionid: user.unionid } : {}),
      });
    }

    if (url.pathname === '/sns/userinfo') {
      const openid = accessTokens.get(query.access_token ?? '');
      if (!openid) return json(res, { errcode: 40001, errmsg: 'invalid credential' });
      if (openid !== query.openid) return json(res, { errcode: 40003, errmsg: 'invalid openid' });
      const user = users.get(openid);
      if (!user) return json(res, { errcode: 40003, errmsg: 'invalid openid' });
      return json(res, {
        openid: user.openid,
        nickname: user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: user.headimgurl ?? '',
        privilege: [],
        ...(user.unionid ? { unionid: user.unionid } : {}),
      });
    }

    res.statusCode = 404;
    res.end('not found');
  };

  const server = createServer((req, res) => {
    const stall = standin.stallNextMs;
    if (stall > 0 && req.url?.startsWith('/sns/')) {
      standin.stallNextMs = 0;
      setTimeout(() => handle(req, res), stall);
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(standin, {
    url: `http://127.0.0.1:${port}`,
    issueCode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
