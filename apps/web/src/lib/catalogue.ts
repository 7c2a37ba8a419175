import type { ErrorCode, Locale, ValidationKey } from '@truss/contracts';
import type en from '../locales/en.json';
import type zhCN from '../locales/zh-CN.json';
import { TEXT_PARTS, type TextPart } from '../locales/parts';

/** zh-CN.json must have every key of en.json: a missing one is a compile error here. */
type Complete<T extends typeof en> = T;
export type ChineseTexts = Complete<typeof zhCN>;

/**
 * One part of one language's texts (locales/parts.ts): the interface's (keys of en.json) and,
 * with the `start` part, the contracts' error and validation texts.
 */
export interface Catalogue {
  texts: Partial<typeof en>;
  errors?: Record<ErrorCode, string>;
  validation?: Record<ValidationKey, string>;
}

type Texts = Promise<{ default: Record<string, unknown> }>;

async function load(
  texts: Texts,
  contract?: Promise<Omit<Catalogue, 'texts'>>,
): Promise<Catalogue> {
  const [{ default: catalogue }, extra] = await Promise.all([texts, contract]);
  return { texts: catalogue as Partial<typeof en>, ...extra };
}

/**
 * One chunk per language and part, loaded when that language and part are used: a page ships
 * only the active language's texts, and the sign-in pages only the `start` part of them. The
 * parts are cut from the whole locale files by the build (build/catalogue-parts.ts).
 */
const loaders: Record<Locale, Record<TextPart, () => Promise<Catalogue>>> = {
  en: {
    start: () => load(import('virtual:truss-texts/en-start'), import('../locales/contract-en')),
    rest: () => load(import('virtual:truss-texts/en-rest')),
  },
  'zh-CN': {
    start: () =>
      load(import('virtual:truss-texts/zh-CN-start'), import('../locales/contract-zh-CN')),
    rest: () => load(import('virtual:truss-texts/zh-CN-rest')),
  },
};

const loading = new Map<string, Promise<Catalogue>>();

/**
 * The `part` of `locale`'s texts, loaded once. main.tsx asks for the page's language first thing,
 * so its chunks download beside the app's instead of after it.
 */
export function loadCatalogue(locale: Locale, part: TextPart): Promise<Catalogue> {
  const key = `${locale}:${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loaders[locale][part]();
    // A failed load (a new deployment removed the chunk) may be tried again.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/**
 * The parts of the texts the app has needed so far, in every language it loads: the sign-in
 * pages start with `start` only, any other page adds `rest` (lib/routing.ts). Empty until asked:
 * then every part.
 */
const wanted = new Set<TextPart>();

export function wantedParts(): TextPart[] {
  return wanted.size > 0 ? [...wanted] : [...TEXT_PARTS];
}

/** Adds `part` to the wanted parts (nothing to add while every part is wanted). */
export function wantPart(part: TextPart): void {
  if (wanted.size > 0) wanted.add(part);
}

/** The wanted parts of `locale`'s texts, in the order of `wantedParts()`. */
export function loadWanted(locale: Locale): Promise<Catalogue[]> {
  return Promise.all(wantedParts().map((part) => loadCatalogue(locale, part)));
}

/**
 * Starts downloading `parts` of the page's language before the app runs (main.tsx, which does
 * not wait for i18next to download), and keeps them wanted: a later language switch loads the
 * same parts.
 */
export function requestTexts(locale: Locale, parts: readonly TextPart[]): Promise<Catalogue[]> {
  for (const part of parts) wanted.add(part);
  return loadWanted(locale);
}
