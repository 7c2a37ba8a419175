import type { UserSubscription } from '@truss/contracts';

/**
 * The session as the auth store keeps it in localStorage, readable without the store (no React):
 * the model page's early view (apps/web/src/boot/model-page) reads it before the app has started.
 */

/** Spec §3: persisted under a key named after the product. */
export const AUTH_STORAGE_KEY = 'truss';
/** Spec §9: a token counts as expired 5000 ms before its expiry. */
export const TOKEN_EXPIRY_MARGIN_MS = 5000;

export interface PersistedSession {
  token: string | null;
  refreshToken: string | null;
  /** Epoch milliseconds at which `token` expires. */
  tokenExpiry: number | null;
  isAuthenticated: boolean;
  subscription: UserSubscription | null;
}

/** What is stored, with anything missing or of the wrong type left out. */
export function parsePersisted(raw: string | null): Partial<PersistedSession> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return {};
    const v = value as Record<string, unknown>;
    return {
      token: typeof v.token === 'string' ? v.token : null,
      refreshToken: typeof v.refreshToken === 'string' ? v.refreshToken : null,
      tokenExpiry: typeof v.tokenExpiry === 'number' ? v.tokenExpiry : null,
      isAuthenticated: v.isAuthenticated === true,
      subscription:
        v.subscription && typeof v.subscription === 'object'
          ? (v.subscription as UserSubscription)
          : null,
    };
  } catch {
    return {};
  }
}

/** Expired 5000 ms before expiry, or when there is no token or no expiry. */
export function isTokenExpired(
  session: Pick<Partial<PersistedSession>, 'token' | 'tokenExpiry'>,
  now: number,
): boolean {
  if (session.tokenExpiry == null || !session.token) return true;
  return now >= session.tokenExpiry - TOKEN_EXPIRY_MARGIN_MS;
}
