import type { Locale } from '@truss/contracts';
import type en from '../locales/en.json';

/** The interface texts of one language (the keys of en.json; zh-CN.json must have every one). */
export type Catalogue = typeof en;

/**
 * One chunk per language, loaded when that language is used: a page ships only the active
 * language's texts. Typed against en.json, so a key missing from zh-CN.json is a compile error.
 */
const loaders: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('../locales/en.json'),
  'zh-CN': () => import('../locales/zh-CN.json'),
};

const loading = new Map<Locale, Promise<Catalogue>>();

/**
 * The catalogue of `locale`, loaded once. main.tsx asks for the page's language first thing, so
 * its chunk downloads beside the app's instead of after it.
 */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = loaders[locale]().then((module) => module.default);
    // A failed load (a new deployment removed the chunk) may be tried again.
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}
