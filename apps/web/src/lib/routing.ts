import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import type { BootHandoff } from '../boot/handoff';
import type en from '../locales/en.json';
import type { TextPart } from '../locales/parts';
import { ensureTexts } from './i18n';

export type TitleKey = keyof (typeof en)['titles'];

export interface PageHandle {
  /** Route name from the spec's table; the guard decides by it. */
  name: string;
  /** Key under `titles` in the locale files. */
  title?: TitleKey;
  /** How the guard loads the session data (see `GuardOptions` in app/guard.ts). */
  guard?: {
    sessionDataInBackground?: boolean;
    /**
     * What it returns is the page's loader data (`useLoaderData`). `boot`: what the boot started
     * before the app, on the first page only (app/guard.ts).
     */
    prefetch?: (args: LoaderFunctionArgs, boot?: BootHandoff | null) => unknown;
  };
  /**
   * The part of the texts the page shows (locales/parts.ts): `start` only for the pages of the
   * auth layout that show nothing else; every other page loads the rest (the default) before it
   * renders.
   */
  texts?: TextPart;
}

/** The page's component, once it and the texts it shows are here. */
async function lazyPage(handle: PageHandle, load: () => Promise<{ default: ComponentType }>) {
  const [module] = await Promise.all([load(), ensureTexts(handle.texts ?? 'rest')]);
  return { Component: module.default };
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
    lazy: () => lazyPage(handle, load),
  };
}

export function indexPage(
  handle: PageHandle,
  load: () => Promise<{ default: ComponentType }>,
): RouteObject {
  return { index: true, handle, lazy: () => lazyPage(handle, load) };
}
