/**
 * The stored session as the entry reads it before the app exists (no zod, no React): the model
 * page's early view and the early answers (lib/early-answers.ts) ask with it.
 */
import { cookieLocale } from './request-id';
import { AUTH_STORAGE_KEY, isTokenExpired, parsePersisted } from './stored-session';

export interface StoredToken {
  token: string;
  /** en or zh-CN, from the `locale` cookie as the app reads it. */
  locale: string;
}

/**
 * The stored token if it is still valid, with the page's language. Anything else (signed out, an
 * expired token) is left to the app, which refreshes tokens and redirects.
 */
export function storedToken(
  stored: string | null,
  cookie: string,
  now: number,
): StoredToken | null {
  const session = parsePersisted(stored);
  if (!session.isAuthenticated || !session.token || isTokenExpired(session, now)) return null;
  return { token: session.token, locale: cookieLocale(cookie) };
}

/** storedToken() of this page (null where storage is blocked: the app copes with that). */
export function readStoredToken(): StoredToken | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(AUTH_STORAGE_KEY);
  } catch {
    return null;
  }
  return storedToken(stored, document.cookie, Date.now());
}
