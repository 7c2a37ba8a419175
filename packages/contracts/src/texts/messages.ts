/**
 * Texts the server and the web app share: error codes (the spec's error catalogue) and the
 * validation messages carried by the zod schemas. Both locales are typed against the keys
 * (message-keys.ts), so a missing or extra text is a compile error.
 */
import type { Locale } from './locale.ts';
import { isValidationKey, type ErrorCode, type ValidationKey } from './message-keys.ts';
import { errorTextsEn, validationTextsEn } from './messages-en.ts';
import { errorTextsZh, validationTextsZh } from './messages-zh-CN.ts';

export * from './message-keys.ts';
export * from './messages-en.ts';
export const errorTexts: Record<Locale, Record<ErrorCode, string>> = {
  en: errorTextsEn,
  'zh-CN': errorTextsZh,
};

export const validationTexts: Record<Locale, Record<ValidationKey, string>> = {
  en: validationTextsEn,
  'zh-CN': validationTextsZh,
};

export function errorText(code: ErrorCode, locale: Locale): string {
  return errorTexts[locale][code];
}

export function validationText(key: string, locale: Locale): string {
  return isValidationKey(key) ? validationTexts[locale][key] : key;
}
