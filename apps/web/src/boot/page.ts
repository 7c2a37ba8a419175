/**
 * The one reading of the page before the app exists: which page it is (a model page and its
 * model's id, the models list), the stored session and the page's language (the `locale`
 * cookie). The inline scripts (boot/inline, bundled into the HTML at build time) and the entry's
 * boot (boot/start.ts) both read the page here. No zod, no React: pure functions of their inputs
 * (unit-tested), and `readPage` for this page.
 */
import { cookieLocale } from '../lib/request-id';
import { AUTH_STORAGE_KEY, isTokenExpired, parsePersisted } from '../lib/stored-session';

const MODEL_PATH = /^\/model\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
/** The models list without a project (the current one). */
const MODELS_LIST_PATH = /^\/models\/?$/;

export interface BootSession {
  token: string;
  /** en or zh-CN, from the `locale` cookie as the app reads it. */
  locale: string;
}

/** A page the boot starts early, with the session it asks with. */
export type BootPage =
  | { kind: 'model'; modelId: string; session: BootSession }
  | { kind: 'models-list'; session: BootSession };

/**
 * The stored token if it is still valid, with the page's language. Anything else (signed out, an
 * expired token) is left to the app, which refreshes tokens and redirects.
 */
export function bootSession(
  stored: string | null,
  cookie: string,
  now: number,
): BootSession | null {
  const session = parsePersisted(stored);
  if (!session.isAuthenticated || !session.token || isTokenExpired(session, now)) return null;
  return { token: session.token, locale: cookieLocale(cookie) };
}

/**
 * The page at `pathname` if the boot starts it early: a model page or the models list, with a
 * stored token that is still valid. Null for anything else (another page, no session, a model
 * page asked for an older version by `?version=`: the early view draws the current one).
 */
export function bootPage(
  pathname: string,
  stored: string | null,
  cookie: string,
  now: number,
  search = '',
): BootPage | null {
  const modelId = new URLSearchParams(search).has('version')
    ? undefined
    : MODEL_PATH.exec(pathname)?.[1];
  const list = !modelId && MODELS_LIST_PATH.test(pathname);
  if (!modelId && !list) return null;
  const session = bootSession(stored, cookie, now);
  if (!session) return null;
  return modelId ? { kind: 'model', modelId, session } : { kind: 'models-list', session };
}

/** bootPage() of this page (null where storage is blocked: the app copes with that). */
export function readPage(): BootPage | null {
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(AUTH_STORAGE_KEY);
  } catch {
    return null;
  }
  return bootPage(
    window.location.pathname,
    stored,
    window.document.cookie,
    Date.now(),
    window.location.search,
  );
}
