/**
 * The texts a signed-out visitor's pages show (sign-in, sign-up, the auth layout, error pages,
 * the language menu, the new-version prompt) load first and alone on those pages; every other
 * top-level key of the locale files is in the `rest` part, which the other pages load before they
 * render (lib/routing.ts). The build cuts the parts (build/catalogue-parts.ts); the files stay
 * whole. A page of the auth layout that shows another namespace must not be marked
 * `texts: 'start'` (route-budget.e2e.ts looks for untranslated keys on the sign-in pages).
 */
export const START_TEXTS = [
  'app',
  'auth',
  'common',
  'error',
  'footer',
  'form',
  'invitePage',
  'language',
  'time',
  'titles',
  'version',
] as const;

export const TEXT_PARTS = ['start', 'rest'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];
