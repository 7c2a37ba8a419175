import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resolveLocale, LOCALES, type Locale, type ValidationKey } from '@truss/contracts';
import { loadCatalogue, type Catalogue } from './catalogue';
import { getLocale, writeLocaleCookie } from './locale';

type ValidationLeaf<K> = K extends `validation.${infer Leaf}` ? Leaf : never;
export type ValidationTexts = Record<ValidationLeaf<ValidationKey>, string>;

/** `validation.emailRequired` -> `{ emailRequired }`, so `t('validation.emailRequired')` resolves. */
function nestedValidation(texts: Catalogue['validation']): ValidationTexts {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(texts)) {
    out[key.replace(/^validation\./, '')] = text;
  }
  return out as ValidationTexts;
}

/** A language's texts as i18next gets them: the catalogue plus the contracts' texts. */
function translation(catalogue: Catalogue) {
  return {
    ...catalogue.texts,
    errors: catalogue.errors,
    validation: nestedValidation(catalogue.validation),
  };
}

/** Loads `locale`'s texts into i18next (once), without switching to it. */
export async function loadLanguage(locale: Locale): Promise<void> {
  const catalogue = await loadCatalogue(locale);
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', translation(catalogue));
  }
}

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = resolveLocale(lng);
}

let ready: Promise<void> | null = null;

/**
 * Starts i18next with the language of the `locale` cookie and only that language's texts; the app
 * renders once this has resolved. Another language loads when the user switches to it.
 */
export function initI18n(): Promise<void> {
  ready ??= (async () => {
    const locale = getLocale();
    const catalogue = await loadCatalogue(locale);
    await i18n.use(initReactI18next).init({
      resources: { [locale]: { translation: translation(catalogue) } },
      lng: locale,
      // Both catalogues have every key (locales.test.ts), so nothing falls back to another language.
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    applyDocumentLanguage(i18n.language);
    i18n.on('languageChanged', applyDocumentLanguage);
  })();
  return ready;
}

export function currentLocale(): Locale {
  return resolveLocale(i18n.language);
}

let requested: Locale | null = null;

/**
 * Switch the interface language (loading its texts first) and remember it in the `locale`
 * cookie. When switches overlap, the last one wins.
 */
export async function setLanguage(locale: Locale): Promise<void> {
  writeLocaleCookie(locale);
  requested = locale;
  try {
    await loadLanguage(locale);
  } catch (error) {
    // The texts did not arrive (offline, or a new deployment: the reload guard steps in); the
    // page stays in its language and the cookie brings the new one at the next load.
    console.error(`[i18n] could not load ${locale}`, error);
    return;
  }
  if (requested === locale && currentLocale() !== locale) await i18n.changeLanguage(locale);
}

export { i18n };
