/**
 * Navigation for code outside React (the HTTP layer, the session). The router registers its
 * `navigate` at start; before that a full page load is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentFullPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export const SIGN_IN_PATH = '/signin';
export const DEFAULT_AFTER_SIGN_IN = '/models';

export function signInPath(redirect: string = currentFullPath()): string {
  return `${SIGN_IN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

export function isOnSignIn(path: string = window.location.pathname): boolean {
  return (
    path === SIGN_IN_PATH ||
    path.startsWith(`${SIGN_IN_PATH}?`) ||
    path.startsWith(`${SIGN_IN_PATH}/`)
  );
}

const AUTH_PAGES = [
  '/signin',
  '/signup',
  '/verify-email',
  '/email',
  '/magic-code',
  '/reset-password',
];

/**
 * A redirect target is used only when it is a same-origin path ("/models?x=1"), never an
 * absolute or protocol-relative URL, and never an auth page (which would loop).
 */
export function safeRedirect(
  value: string | null | undefined,
  fallback = DEFAULT_AFTER_SIGN_IN,
): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  try {
    const base = window.location.origin;
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    if (AUTH_PAGES.includes(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
