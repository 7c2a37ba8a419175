import type { ErrorCode, Locale, ValidationKey } from '@truss/contracts';
import type en from '../locales/en.json';

/**
 * The texts of one language: the interface's (the keys of en.json; zh-CN.json must have every
 * one) and the contracts' error and validation texts.
 */
export interface Catalogue {
  texts: typeof en;
  errors: Record<ErrorCode, string>;
  validation: Record<ValidationKey, string>;
}

async function load(
  texts: Promise<{ default: typeof en }>,
  contract: Promise<Omit<Catalogue, 'texts'>>,
): Promise<Catalogue> {
  const [{ default: catalogue }, { errors, validation }] = await Promise.all([texts, contract]);
  return { texts: catalogue, errors, validation };
}

/**
 * One chunk per language, loaded when that language is used: a page ships only the active
 * language's texts. Typed against en.json, so a key missing from zh-CN.json is a compile error.
 */
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: () => load(import('../locales/en.json'), import('../locales/contract-en')),
  'zh-CN': () => load(import('../locales/zh-CN.json'), import('../locales/contract-zh-CN')),
};

const loading = new Map<Locale, Promise<Catalogue>>();

/**
 * The catalogue of `locale`, loaded once. main.tsx asks for the page's language first thing, so
 * its chunk downloads beside the app's instead of after it.
 */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = loaders[locale]();
    // A failed load (a new deployment removed the chunk) may be tried again.
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}
