import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { handOver, takeBootHandoff } from '../boot/handoff';
import { profileKey } from '../features/auth/api';
import { authStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import { guardLoader } from './guard';

const args = (path: string, params: Record<string, string> = {}): LoaderFunctionArgs => ({
  request: new Request(`http://localhost${path}`),
  url: new URL(`http://localhost${path}`),
  pattern: path,
  params,
  context: undefined,
});

afterEach(() => {
  authStore.clear();
  takeBootHandoff();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('guard prefetch', () => {
  it('an open page (a shared model) prefetches for a signed-out visitor', async () => {
    authStore.clear();
    const prefetch = vi.fn();
    const result = await guardLoader('page-share', { prefetch })(
      args('/share/abc', { token: 'abc' }),
    );
    expect(result).toBeNull();
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ params: { token: 'abc' } }));
  });

  it('a signed-in page sends a signed-out visitor to sign in and prefetches nothing', async () => {
    authStore.clear();
    const prefetch = vi.fn();
    await expect(
      guardLoader('model-id', { prefetch })(args('/model/1', { id: '1' })),
    ).rejects.toSatisfy(
      (response: unknown) => response instanceof Response && response.status === 302,
    );
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe("the boot's hand-off", () => {
  const profile = { id: 'u', email: 'u@example.com', language: null };
  const handOverAnswers = () =>
    handOver({
      session: {
        profile: Promise.resolve(profile),
        preferences: Promise.resolve({
          timezone: 'UTC',
          date_format: 'YYYY-MM-DD',
          time_format: '24h',
        }),
        subscription: Promise.resolve({ plan: 'free' }),
        projects: Promise.resolve([{ id: 'p1', name: 'Mine', is_default: true }]),
      },
    });

  it("is taken by the first page's loader, whose queries start with its answers, once", async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    authStore.setState({ token: 't', isAuthenticated: true, tokenExpiry: Date.now() + 600_000 });
    handOverAnswers();
    const prefetch = vi.fn(() => null);
    await guardLoader('models', { prefetch })(args('/models'));
    expect(prefetch).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ session: expect.anything() }),
    );
    expect(queryClient.getQueryData(profileKey)).toEqual(profile);
    expect(authStore.getState().profile).toEqual(profile);
    // Nothing asked: every session query took the boot's answer.
    expect(fetch).not.toHaveBeenCalled();
    // A later page's loader finds nothing.
    await guardLoader('models', { prefetch })(args('/models'));
    expect(prefetch).toHaveBeenLastCalledWith(expect.anything(), null);
  });

  it("is not taken for a signed-out visitor (dropped: a later sign-in's page asks itself)", async () => {
    handOverAnswers();
    const prefetch = vi.fn();
    await expect(guardLoader('models', { prefetch })(args('/models'))).rejects.toBeInstanceOf(
      Response,
    );
    expect(prefetch).not.toHaveBeenCalled();
    expect(takeBootHandoff()).toBeNull();
  });
});
