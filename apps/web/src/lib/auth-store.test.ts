import { describe, expect, it } from 'vitest';
import type { Profile, UserSubscription } from '@truss/contracts';
import { AUTH_STORAGE_KEY, createAuthStore } from './auth-store';

describe('auth store persistence (spec §3)', () => {
  it('persists only token, refreshToken, tokenExpiry, isAuthenticated and subscription under "truss"', () => {
    localStorage.clear();
    const store = createAuthStore(localStorage);
    store.setTokens({ token: 't', refreshToken: 'r', expiresIn: 900 }, 1000);
    store.setState({
      profile: { id: 'p' } as Profile,
      user: { id: 'u' } as Profile,
      subscription: { status: 'active' } as UserSubscription,
      error: 'x',
      isLoading: true,
    });
    const saved = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(Object.keys(saved).sort()).toEqual([
      'isAuthenticated',
      'refreshToken',
      'subscription',
      'token',
      'tokenExpiry',
    ]);
    expect(saved).toMatchObject({
      token: 't',
      refreshToken: 'r',
      tokenExpiry: 901_000,
      isAuthenticated: true,
    });

    const restored = createAuthStore(localStorage).getState();
    expect(restored).toMatchObject({
      token: 't',
      isAuthenticated: true,
      profile: null,
      user: null,
      isLoading: false,
    });
  });

  it('clears everything on clear()', () => {
    localStorage.clear();
    const store = createAuthStore(localStorage);
    store.setTokens({ token: 't', refreshToken: 'r', expiresIn: 900 });
    store.clear();
    expect(store.getState().isAuthenticated).toBe(false);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({
      token: null,
      isAuthenticated: false,
    });
  });

  it('survives a corrupt stored value', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(createAuthStore(localStorage).getState().isAuthenticated).toBe(false);
  });
});
