import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  errorTexts,
  validationTexts,
  resolveLocale,
  LOCALES,
  type Locale,
  type ValidationKey,
} from '@truss/contracts';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import { getLocale, writeLocaleCookie } from './locale';

type ValidationLeaf<K> = K extends `validation.${infer Leaf}` ? Leaf : never;
export type ValidationTexts = Record<ValidationLeaf<ValidationKey>, string>;

/** `validation.emailRequired` -> `{ emailRequired }`, so `t('validation.emailRequired')` resolves. */
function nestedValidation(locale: Locale): ValidationTexts {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(validationTexts[locale])) {
    out[key.replace(/^validation\./, '')] = text;
  }
  return out as ValidationTexts;
}

/** Compile-time check: the Chinese catalogue has every key of the English one. */
const zh: typeof en = zhCN;

export const resources = {
  en: { translation: { ...en, errors: errorTexts.en, validation: nestedValidation('en') } },
  'zh-CN': {
    translation: { ...zh, errors: errorTexts['zh-CN'], validation: nestedValidation('zh-CN') },
  },
} as const;

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = resolveLocale(lng);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: getLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLocale(): Locale {
  return resolveLocale(i18n.language);
}

/** Switch the interface language and remember it in the `locale` cookie. */
export function setLanguage(locale: Locale): void {
  writeLocaleCookie(locale);
  if (currentLocale() !== locale) void i18n.changeLanguage(locale);
}

export { i18n };
