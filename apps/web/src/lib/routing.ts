import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import type en from '../locales/en.json';

export type TitleKey = keyof (typeof en)['titles'];

export interface PageHandle {
  /** Route name from the spec's table; the guard decides by it. */
  name: string;
  /** Key under `titles` in the locale files. */
  title?: TitleKey;
  /** How the guard loads the session data (see `GuardOptions` in app/guard.ts). */
  guard?: {
    sessionDataInBackground?: boolean;
    /** What it returns is the page's loader data (`useLoaderData`). */
    prefetch?: (args: LoaderFunctionArgs) => unknown;
  };
}

/** A page route: named for the guard, titled for the top bar, its component loaded lazily. */
export function page(
  path: string | undefined,
  handle: PageHandle,
  load: () => Promise<{ default: ComponentType }>,
  extra: { loader?: LoaderFunction; index?: false } = {},
): RouteObject {
  return {
    path,
    handle,
    ...(extra.loader ? { loader: extra.loader } : {}),
    lazy: async () => ({ Component: (await load()).default }),
  };
}

export function indexPage(
  handle: PageHandle,
  load: () => Promise<{ default: ComponentType }>,
): RouteObject {
  return { index: true, handle, lazy: async () => ({ Component: (await load()).default }) };
}
