import { afterEach, describe, expect, it } from 'vitest';
import { errorTexts, validationTexts } from '@truss/contracts';
import { currentLocale, formatCount, i18n, loadLanguage, setLanguage } from './i18n';
import { getLocale, LOCALE_COOKIE_MAX_AGE_SECONDS } from './locale';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';

afterEach(() => setLanguage('en'));

describe('i18n', () => {
  it('starts with the texts of one language and loads another when switched to', async () => {
    // testing/setup.ts started it as the app does, without a locale cookie.
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(false);
    await setLanguage('zh-CN');
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(true);
    expect(i18n.t('auth.signIn')).toBe(zhCN.auth.signIn);
    await setLanguage('en');
    expect(i18n.t('auth.signIn')).toBe(en.auth.signIn);
  });

  it('formats counts as Intl does in both languages, without Intl for whole numbers', () => {
    for (const lng of ['en', 'zh-CN']) {
      for (const value of [0, 7, 999, 1000, 3698, 12_345, 1_000_000, 200_803, 2.5, -1234]) {
        expect(formatCount(value, lng)).toBe(new Intl.NumberFormat(lng).format(value));
      }
    }
    expect(i18n.t('viewer.tree.elements', { count: 3698 })).toBe('3,698 elements');
  });

  it('lets the last of two overlapping switches win', async () => {
    await Promise.all([setLanguage('zh-CN'), setLanguage('en')]);
    expect(currentLocale()).toBe('en');
  });

  it('merges the contracts error and validation texts in both languages', async () => {
    await loadLanguage('zh-CN');
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
    await setLanguage('zh-CN');
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
