import type { OAuthConfig } from '../../config-accounts.ts';
import { OAuthFailedError, OAuthTimeoutError } from './errors.ts';

interface WechatIdentity {
  openid: string;
  unionid: string | null;
  nickname: string | null;
}

type WechatSettings = NonNullable<OAuthConfig['wechat']>;

/** How long one WeChat API call may take before CONNECTION_TIMEOUT. */
const TIMEOUT_MS = 10_000;

interface WechatError {
  errcode?: number;
  errmsg?: string;
}

/**
 * WeChat website QR connect (open.weixin.qq.com, scope snsapi_login): authorize -> code ->
 * sns/oauth2/access_token -> sns/userinfo. WeChat reports errors as `{errcode, errmsg}` with
 * HTTP 200, so every answer is checked for them.
 */
export class WechatConnect {
  constructor(
    private readonly settings: WechatSettings,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  authorizationUrl(redirectUri: string, state: string): string {
    const params = new URLSearchParams({
      appid: this.settings.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${this.settings.openUrl}/connect/qrconnect?${params.toString()}#wechat_redirect`;
  }

  async finish(code: string): Promise<WechatIdentity> {
    const token = await this.#get<{ access_token?: string; openid?: string; unionid?: string }>(
      'sns/oauth2/access_token',
      {
        appid: this.settings.appId,
        secret: this.settings.appSecret,
        code,
        grant_type: 'authorization_code',
      },
    );
    if (!token.access_token || !token.openid) {
      throw new OAuthFailedError('wechat access_token answer without access_token/openid');
    }
    const info = await this.#get<{ openid?: string; unionid?: string; nickname?: string }>(
      'sns/userinfo',
      { access_token: token.access_token, openid: token.openid },
    );
    if (info.openid !== token.openid)
      throw new OAuthFailedError('wechat userinfo for another openid');
    return {
      openid: token.openid,
      unionid: info.unionid ?? token.unionid ?? null,
      nickname: info.nickname?.trim() ? info.nickname.trim() : null,
    };
  }

  async #get<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = `${this.settings.apiUrl}/${path}?${new URLSearchParams(query).toString()}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new OAuthTimeoutError(`wechat ${path} timed out`);
      }
      throw new OAuthFailedError(`wechat ${path} unreachable`, error);
    }
    let body: T & WechatError;
    try {
      body = (await response.json()) as T & WechatError;
    } catch (error) {
      throw new OAuthFailedError(`wechat ${path}: HTTP ${response.status}, not JSON`, error);
    }
    if (!response.ok || (body.errcode !== undefined && body.errcode !== 0)) {
      // The secret is in the query of access_token: never log the URL, only the path.
      throw new OAuthFailedError(
        `wechat ${path}: HTTP ${response.status} errcode ${body.errcode ?? '-'} ${body.errmsg ?? ''}`,
      );
    }
    return body;
  }
}
