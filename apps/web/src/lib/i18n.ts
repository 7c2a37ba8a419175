import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resolveLocale, LOCALES, type Locale, type ValidationKey } from '@truss/contracts';
import { loadWanted, wantPart, wantedParts, type Catalogue } from './catalogue';
import { getLocale, writeLocaleCookie } from './locale';
import type { TextPart } from '../locales/parts';

type ValidationLeaf<K> = K extends `validation.${infer Leaf}` ? Leaf : never;
export type ValidationTexts = Record<ValidationLeaf<ValidationKey>, string>;

/** `validation.emailRequired` -> `{ emailRequired }`, so `t('validation.emailRequired')` resolves. */
function nestedValidation(texts: NonNullable<Catalogue['validation']>): ValidationTexts {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(texts)) {
    out[key.replace(/^validation\./, '')] = text;
  }
  return out as ValidationTexts;
}

/** A part of a language's texts as i18next gets them: with the contracts' texts if it has them. */
function translation(catalogue: Catalogue) {
  return {
    ...catalogue.texts,
    ...(catalogue.errors ? { errors: catalogue.errors } : {}),
    ...(catalogue.validation ? { validation: nestedValidation(catalogue.validation) } : {}),
  };
}

const added = new Set<string>();

/** Loads `locale`'s wanted texts into i18next (once each), without switching to it. */
export async function loadLanguage(locale: Locale): Promise<void> {
  const parts = wantedParts();
  const catalogues = await loadWanted(locale);
  catalogues.forEach((catalogue, index) => {
    const key = `${locale}:${parts[index]}`;
    if (added.has(key)) return;
    added.add(key);
    i18n.addResourceBundle(locale, 'translation', translation(catalogue), true, false);
  });
}

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = resolveLocale(lng);
}

/**
 * The texts' `{{count, number}}`. A whole number is grouped by threes with commas, as Intl does in
 * both languages (en, zh-CN), without Intl: the page's first Intl formatter costs 30-70 ms on a
 * slow machine (ICU loads its data) and the model page's tree shows its element count in the
 * render that makes the page usable. Anything else goes to Intl.
 */
export function formatCount(value: unknown, lng: string | undefined): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  }
  return typeof value === 'number' ? value.toLocaleString(lng) : String(value);
}

let ready: Promise<void> | null = null;

/**
 * Starts i18next with the language of the `locale` cookie and only that language's wanted texts
 * (all of them unless `requestTexts` in lib/catalogue.ts said which); the app renders once this has resolved. Another
 * language loads when the user switches to it.
 */
export function initI18n(): Promise<void> {
  ready ??= (async () => {
    const locale = getLocale();
    await i18n.use(initReactI18next).init({
      // The wanted parts are added below, before anything renders.
      resources: {},
      lng: locale,
      // Both catalogues have every key (locales.test.ts), so nothing falls back to another language.
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    i18n.services.formatter?.add('number', formatCount);
    await loadLanguage(locale);
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

/**
 * Makes sure `part` of the texts is loaded in the current language (and wanted in any language
 * switched to later): a page's route waits for this before it renders.
 */
export async function ensureTexts(part: TextPart): Promise<void> {
  wantPart(part);
  await initI18n();
  await loadLanguage(currentLocale());
}
