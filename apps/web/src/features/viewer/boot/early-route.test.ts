import { describe, expect, it } from 'vitest';
import { earlyModelRequest, isEarlyViewable } from './early-route';

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
});

describe('isEarlyViewable', () => {
  const ready = {
    id,
    status: 'ready',
    viewable_url: '/v.glb',
    metadata_url: null,
    deleted_at: null,
  };
  it('opens a ready model with a viewable', () => {
    expect(isEarlyViewable(ready, id)).toBe(true);
  });
  it.each([
    ['another model', { ...ready, id: 'x' }],
    ['a processing model', { ...ready, status: 'processing' }],
    ['a model without a viewable', { ...ready, viewable_url: null }],
    [
      'a model in the trash (its banner changes the layout)',
      { ...ready, deleted_at: '2026-01-01' },
    ],
    ['no model', null],
  ])('not %s', (_case, model) => {
    expect(isEarlyViewable(model, id)).toBe(false);
  });
});
