/**
 * API paths and plain values that the web app uses on every page, without zod: a web module that
 * needs only these does not pull the schemas of their domain (and zod) into the page's JavaScript
 * (see auth-rules.ts). Re-exported from the package's index with everything else.
 */

/** Share owner routes. */
export const SHARES_PATH = '/api/shares';
/** Public share routes: `${SHARE_PUBLIC_PATH}/{token}`, `/verify`, `/viewable.glb`, ... */
export const SHARE_PUBLIC_PATH = '/api/share';
export const ORDERS_PATH = '/api/orders';
/** Issue 15: the Enterprise "Contact sales" form, mailed to SALES_EMAIL and recorded. */
export const SALES_CONTACT_PATH = '/api/sales/contact';
/** The one currency of every price and order. */
export const CURRENCY = 'CNY';
