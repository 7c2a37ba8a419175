/** The query parameter of a model or share page that opens one of its saved views. */
export const SAVED_VIEW_PARAM = 'view';

/** The link that opens `viewId` on the page at `pageUrl` (its other parameters dropped). */
export function savedViewLink(pageUrl: string, viewId: string): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set(SAVED_VIEW_PARAM, viewId);
  return url.toString();
}

/** The saved view a page's URL asks to open, or null. */
export function savedViewInUrl(href: string): string | null {
  return new URL(href).searchParams.get(SAVED_VIEW_PARAM);
}
