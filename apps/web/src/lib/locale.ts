import { resolveLocale, type Locale } from '@truss/contracts';

/** Spec §9: the locale cookie is named `locale`, defaults to en and lasts 365 days. */
export const LOCALE_COOKIE = 'locale';
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
};

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The language from the `locale` cookie; anything other than zh-CN is English. */
export function getLocale(): Locale {
  const value = readCookie(LOCALE_COOKIE);
  return value ? resolveLocale(value) : DEFAULT_LOCALE;
}

export function writeLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
