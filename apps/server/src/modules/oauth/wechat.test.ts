import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatStandin, type WechatStandin } from '../../testing/wechat-standin.ts';
import { WechatConnect } from './wechat.ts';

describe('WechatConnect against the stand-in', () => {
  let standin: WechatStandin;
  let client: WechatConnect;
  beforeAll(async () => {
    standin = await startWechatStandin({
      users: [{ openid: 'o-lin', unionid: 'u-lin', nickname: '林' }],
    });
    client = new WechatConnect(
      {
        appId: standin.appId,
        appSecret: standin.appSecret,
        openUrl: standin.url,
        apiUrl: standin.url,
      },
      // Short enough for the stall test, long enough for a loaded test machine.
      2000,
    );
  });
  afterAll(() => standin?.close());

  it('exchanges a code for the openid, unionid and nickname', async () => {
    await expect(client.finish(standin.issueCode('o-lin'))).resolves.toEqual({
      openid: 'o-lin',
      unionid: 'u-lin',
      nickname: '林',
    });
  });

  it('turns errcode answers into OAUTH_FAILED without logging the secret', async () => {
    const error = await client.finish('not-a-code').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'OAUTH_FAILED', statusCode: 502 });
    expect((error as Error).message).toContain('40029');
    expect((error as Error).message).not.toContain(standin.appSecret);
  });

  it('gives up on a stalled answer with CONNECTION_TIMEOUT', async () => {
    standin.stallNextMs = 6000;
    const error = await client
      .finish(standin.issueCode('o-lin'))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'CONNECTION_TIMEOUT', statusCode: 504 });
  });
});
