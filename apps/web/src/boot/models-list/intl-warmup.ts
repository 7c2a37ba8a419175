/**
 * The first Intl formatter a page makes costs 20-40 ms on a slow machine (ICU loads its data for
 * the locale); later ones well under a millisecond. A list's first render makes several (sizes,
 * dates), so the entry has ICU load while the app's code is still downloading and the main thread
 * idles, not inside that render.
 */
export function warmIntl(locale: string): void {
  const warm = () => {
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1.5);
  };
  // Once the next frame is drawn (the early outline is up), before the app's code has arrived.
  requestAnimationFrame(() => setTimeout(warm, 0));
}
