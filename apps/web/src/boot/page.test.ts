import { describe, expect, it } from 'vitest';
import { bootPage } from './page';

/** A model page's request as the early view makes it: the model's id and the session. */
function earlyModelRequest(pathname: string, stored: string | null, cookie: string, now: number) {
  const page = bootPage(pathname, stored, cookie, now);
  return page?.kind === 'model' ? { modelId: page.modelId, ...page.session } : null;
}

const id = '6b864b02-dcb1-4990-a87b-cf5871653ae4';
const now = 1_800_000_000_000;
const session = (patch: Record<string, unknown> = {}) =>
  JSON.stringify({ token: 'tok', tokenExpiry: now + 60_000, isAuthenticated: true, ...patch });

describe('earlyModelRequest', () => {
  it('asks for the model of a model page with a valid stored session, in the cookie language', () => {
    expect(earlyModelRequest(`/model/${id}`, session(), 'a=1; locale=zh-CN', now)).toEqual({
      modelId: id,
      token: 'tok',
      locale: 'zh-CN',
    });
    expect(earlyModelRequest(`/model/${id}/`, session(), '', now)?.locale).toBe('en');
  });

  it.each([
    ['another page', '/models/abc', session()],
    ['a model path that is not an id', '/model/new', session()],
    ['a sub-page', `/model/${id}/versions`, session()],
    ['no stored session', `/model/${id}`, null],
    ['a broken stored session', `/model/${id}`, '{not json'],
    ['a signed-out session', `/model/${id}`, session({ isAuthenticated: false })],
    ['no token', `/model/${id}`, session({ token: null })],
    ['a token about to expire (5 s margin)', `/model/${id}`, session({ tokenExpiry: now + 4999 })],
    ['an expired token', `/model/${id}`, session({ tokenExpiry: now - 1 })],
  ])('leaves %s to the app', (_case, path, stored) => {
    expect(earlyModelRequest(path, stored, '', now)).toBeNull();
  });

  it('leaves an older version (?version=) to the app: the early view draws the current one', () => {
    expect(bootPage(`/model/${id}`, session(), '', now, '?version=1')).toBeNull();
    expect(bootPage(`/model/${id}`, session(), '', now, '?viewpoint=abc')?.kind).toBe('model');
  });
});

describe('bootPage', () => {
  it('starts the models list with a valid stored session, in the cookie language', () => {
    expect(bootPage('/models', session(), 'locale=zh-CN', now)).toEqual({
      kind: 'models-list',
      session: { token: 'tok', locale: 'zh-CN' },
    });
    expect(bootPage('/models/', session(), '', now)?.kind).toBe('models-list');
    expect(bootPage('/models/trash', session(), '', now)).toBeNull();
    expect(bootPage('/models', null, '', now)).toBeNull();
  });

  it('reads a malformed locale cookie as the default language', () => {
    expect(bootPage(`/model/${id}`, session(), 'locale=%E0%A4%A', now)).toMatchObject({
      session: { locale: 'en' },
    });
  });
});
