import { fileURLToPath } from 'node:url';
import { START_TEXTS } from '../src/locales/parts';
import type { CatalogueParts } from './catalogue-parts';

/** The app's locale files and their parts (src/locales/parts.ts), for the build and the tests. */
export const TEXTS: CatalogueParts = {
  dir: fileURLToPath(new URL('../src/locales', import.meta.url)),
  parts: { start: START_TEXTS },
  rest: 'rest',
};
