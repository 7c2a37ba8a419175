/**
 * The request key and language every call of the app carries (spec §7), for the requests made
 * outside the HTTP client (lib/http.ts): the early ones before the app starts, the viewer's file
 * downloads. React-, zod- and ofetch-free: the entry and the early view import it.
 */

/** A fresh key per request (per attempt): the server logs it and answers with it. */
export function newRequestId(): string {
  return requestIdFrom(typeof crypto === 'undefined' ? undefined : crypto);
}

/** newRequestId with a given crypto (the inline script passes its window's, maybe none). */
export function requestIdFrom(source: Partial<Pick<Crypto, 'randomUUID'>> | undefined): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The page's language from its `locale` cookie, as lib/locale's getLocale reads it (that module
 * brings the contracts, and zod with them, into the entry).
 */
export function cookieLocale(cookie: string): 'en' | 'zh-CN' {
  const value = /(?:^|;\s*)locale=([^;]*)/.exec(cookie)?.[1];
  try {
    return value && decodeURIComponent(value) === 'zh-CN' ? 'zh-CN' : 'en';
  } catch {
    return 'en'; // a malformed cookie
  }
}

/** `headers` with Accept-Language (unless set) and a fresh X-Request-Id. */
export function withCallHeaders(headers: HeadersInit | undefined, locale?: string): Headers {
  const merged = new Headers(headers);
  if (!merged.has('Accept-Language')) {
    merged.set(
      'Accept-Language',
      locale ?? cookieLocale(typeof document === 'undefined' ? '' : document.cookie),
    );
  }
  merged.set('X-Request-Id', newRequestId());
  return merged;
}
