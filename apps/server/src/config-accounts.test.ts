import { describe, expect, it } from 'vitest';
import { loadOAuthConfig } from './config-accounts.ts';

describe('sign-in provider settings', () => {
  it('leaves a provider off until both its id and secret are set', () => {
    expect(loadOAuthConfig({})).toEqual({ google: null, wechat: null });
    expect(
      loadOAuthConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: ' ' }).google,
    ).toBeNull();
    expect(loadOAuthConfig({ WECHAT_APP_ID: 'wx1' }).wechat).toBeNull();
  });

  it('uses the public Google and WeChat endpoints unless told otherwise', () => {
    const config = loadOAuthConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 'wxsecret',
      WECHAT_API_URL: 'http://127.0.0.1:9000/',
    });
    expect(config.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(config.wechat).toEqual({
      appId: 'wx1',
      appSecret: 'wxsecret',
      openUrl: 'https://open.weixin.qq.com',
      apiUrl: 'http://127.0.0.1:9000',
    });
  });
});
