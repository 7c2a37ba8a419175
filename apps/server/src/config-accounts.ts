/** Sign-in providers: each is off unless its id and secret are set. */
export interface OAuthConfig {
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  wechat: { appId: string; appSecret: string; openUrl: string; apiUrl: string } | null;
}

const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';
const DEFAULT_WECHAT_OPEN_URL = 'https://open.weixin.qq.com';
const DEFAULT_WECHAT_API_URL = 'https://api.weixin.qq.com';

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function loadOAuthConfig(env: Env): OAuthConfig {
  const googleId = read(env, 'GOOGLE_CLIENT_ID');
  const googleSecret = read(env, 'GOOGLE_CLIENT_SECRET');
  const wechatId = read(env, 'WECHAT_APP_ID');
  const wechatSecret = read(env, 'WECHAT_APP_SECRET');
  return {
    google:
      googleId && googleSecret
        ? {
            issuer: trimSlash(read(env, 'GOOGLE_ISSUER') ?? DEFAULT_GOOGLE_ISSUER),
            clientId: googleId,
            clientSecret: googleSecret,
          }
        : null,
    wechat:
      wechatId && wechatSecret
        ? {
            appId: wechatId,
            appSecret: wechatSecret,
            openUrl: trimSlash(read(env, 'WECHAT_OPEN_URL') ?? DEFAULT_WECHAT_OPEN_URL),
            apiUrl: trimSlash(read(env, 'WECHAT_API_URL') ?? DEFAULT_WECHAT_API_URL),
          }
        : null,
  };
}
