import { afterEach, describe, expect, it } from 'vitest';
import { errorTexts, validationTexts } from '@truss/contracts';
import { currentLocale, i18n, setLanguage } from './i18n';
import { getLocale, LOCALE_COOKIE_MAX_AGE_SECONDS } from './locale';

afterEach(() => setLanguage('en'));

describe('i18n', () => {
  it('merges the contracts error and validation texts in both languages', () => {
    expect(i18n.t('errors.INVALID_CREDENTIALS', { lng: 'en' })).toBe(
      errorTexts.en.INVALID_CREDENTIALS,
    );
    expect(i18n.t('errors.INVALID_CREDENTIALS', { lng: 'zh-CN' })).toBe(
      errorTexts['zh-CN'].INVALID_CREDENTIALS,
    );
    expect(i18n.t('validation.passwordsMismatch', { lng: 'en' })).toBe('Passwords do not match');
    expect(i18n.t('validation.emailRequired', { lng: 'zh-CN' })).toBe(
      validationTexts['zh-CN']['validation.emailRequired'],
    );
  });

  it('keeps the language in the locale cookie and on <html lang>', async () => {
    setLanguage('zh-CN');
    await Promise.resolve();
    expect(document.cookie).toContain('locale=zh-CN');
    expect(getLocale()).toBe('zh-CN');
    expect(currentLocale()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 3600);
  });

  it('treats anything other than zh-CN as English', () => {
    document.cookie = 'locale=fr; path=/';
    expect(getLocale()).toBe('en');
  });
});
