import { useSyncExternalStore } from 'react';
import type { Profile, TokenPair, UserSubscription } from '@truss/contracts';
import { AUTH_STORAGE_KEY, isTokenExpired, parsePersisted } from './stored-session';

/** Spec §3 "Auth state". */
export interface AuthState {
  user: Profile | null;
  profile: Profile | null;
  subscription: UserSubscription | null;
  token: string | null;
  refreshToken: string | null;
  /** Epoch milliseconds at which `token` expires. */
  tokenExpiry: number | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  isRefreshing: boolean;
}

export { AUTH_STORAGE_KEY, TOKEN_EXPIRY_MARGIN_MS } from './stored-session';

const PERSISTED_KEYS = [
  'token',
  'refreshToken',
  'tokenExpiry',
  'isAuthenticated',
  'subscription',
] as const satisfies readonly (keyof AuthState)[];
type PersistedState = Pick<AuthState, (typeof PERSISTED_KEYS)[number]>;

export const initialAuthState: AuthState = {
  user: null,
  profile: null,
  subscription: null,
  token: null,
  refreshToken: null,
  tokenExpiry: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  isRefreshing: false,
};

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export function createAuthStore(storage: Storage | null = defaultStorage()) {
  let state: AuthState = {
    ...initialAuthState,
    ...parsePersisted(storage?.getItem(AUTH_STORAGE_KEY) ?? null),
  };
  const listeners = new Set<() => void>();

  function persist(): void {
    if (!storage) return;
    const persisted: Partial<PersistedState> = {};
    for (const key of PERSISTED_KEYS) Object.assign(persisted, { [key]: state[key] });
    try {
      storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(persisted));
    } catch (error) {
      console.warn('[auth] could not persist the session', error);
    }
  }

  function emit(): void {
    for (const listener of listeners) listener();
  }

  function setState(patch: Partial<AuthState>): void {
    state = { ...state, ...patch };
    persist();
    emit();
  }

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setState,
    /** Spec §4: set on sign-in with expiresIn seconds; the expiry is computed. */
    setTokens(pair: TokenPair, now: number = Date.now()): void {
      setState({
        token: pair.token,
        refreshToken: pair.refreshToken,
        tokenExpiry: now + pair.expiresIn * 1000,
        isAuthenticated: true,
        error: null,
      });
    },
    /** Expired 5000 ms before expiry, or when no expiry exists. */
    isTokenExpired(now: number = Date.now()): boolean {
      return isTokenExpired(state, now);
    },
    clear(): void {
      state = { ...initialAuthState };
      persist();
      emit();
    },
    /** Another tab changed the stored session (e.g. rotated the refresh token): adopt it. */
    reloadFromStorage(): void {
      state = {
        ...state,
        ...initialAuthState,
        user: state.user,
        profile: state.profile,
        ...parsePersisted(storage?.getItem(AUTH_STORAGE_KEY) ?? null),
      };
      if (!state.isAuthenticated) state = { ...initialAuthState };
      emit();
    },
  };
}

export const authStore = createAuthStore();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY) authStore.reloadFromStorage();
  });
}

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useSyncExternalStore(
    authStore.subscribe,
    () => selector(authStore.getState()),
    () => selector(initialAuthState),
  );
}
