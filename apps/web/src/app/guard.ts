import { replace, type LoaderFunctionArgs } from 'react-router';
import { takeBootHandoff, type BootHandoff, type BootSessionAnswers } from '../boot/handoff';
import { authStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import { signInPath } from '../lib/navigation';
import { profileQuery } from '../features/auth/api';

/** Spec §2 "Route guard": route names that are open without sign-in. */
export const OPEN_ROUTE_NAMES = new Set([
  'signin',
  'magic-code',
  'dev',
  'slug',
  'email',
  'reset-password',
  'signup',
  'verify-email',
  'home',
  'index',
  'upgrade-payment',
  'upgrade-paycode',
  'callback',
]);

export function isOpenRoute(name: string): boolean {
  return OPEN_ROUTE_NAMES.has(name) || name.startsWith('page-');
}

export interface RouteHandle {
  /** The route's name (spec §2 table), used by the guard. */
  name: string;
  /** i18n key of the page title shown in the top bar and the document title. */
  title?: string;
}

function fullPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Signed-in data the app frame needs, asked for at once (one round trip, not four): the profile,
 * the preferences, the subscription and, if empty, the project list. Only a failed profile blocks
 * the page; the others are shown as errors where they are used. The profile goes out at once, the
 * others once `after` has settled (a page's own requests, which come first). `early`: the same
 * requests made by the boot before the app started (the models list), taken instead of asking.
 */
export async function loadSessionData(
  after?: Promise<unknown>,
  early?: BootSessionAnswers,
): Promise<void> {
  const profile = queryClient.ensureQueryData(profileQuery(early?.profile));
  const optional = (what: string, load: () => Promise<unknown>) =>
    load().catch((error: unknown) => console.error(`[guard] failed to ${what}`, error));
  // Their API modules load here, not with the sign-in pages (the signed-in frames preload them),
  // all before any of their requests, so that these go out in this order.
  const queries = Promise.resolve(after)
    .catch(() => undefined)
    .then(() =>
      Promise.all([
        import('../features/settings/api'),
        import('../features/subscription/api'),
        import('../features/projects/api'),
      ]),
    )
    .then(([settings, subscription, projects]) => ({
      preferencesQuery: settings.preferencesQuery,
      subscriptionQuery: subscription.subscriptionQuery,
      projectsQuery: projects.projectsQuery,
    }));
  const rest = Promise.all([
    // Time zone, date and time formats apply to every date shown, so before the first page.
    optional('load preferences', async () => {
      const { preferencesQuery } = await queries;
      await queryClient.ensureQueryData(preferencesQuery(early?.preferences));
    }),
    optional('get subscription info', async () => {
      const { subscriptionQuery } = await queries;
      await queryClient.ensureQueryData(subscriptionQuery(early?.subscription));
    }),
    optional('load projects', async () => {
      const { projectsQuery } = await queries;
      const cached = queryClient.getQueryData(projectsQuery().queryKey);
      if (!cached?.length) {
        await queryClient.fetchQuery({ ...projectsQuery(early?.projects), staleTime: 0 });
      }
    }),
  ]);
  await profile;
  await rest;
}

export interface GuardOptions {
  /**
   * Render once the profile is in (the sign-in is valid) and load the rest of the session data
   * behind the page: for the full-window viewer, whose first frame should not wait for the
   * subscription and the project list it hardly shows. Those are asked for after the prefetch
   * has started (its module loads with the page): the page's own data first, beside the profile.
   */
  sessionDataInBackground?: boolean;
  /**
   * Started as early as the page may load: at once on open pages, else as soon as the user is
   * known to be signed in, beside the session data. What it returns is the loader's result (the
   * page's `useLoaderData`). `boot`: what the boot started before the app, on the first page.
   */
  prefetch?: (args: LoaderFunctionArgs, boot?: BootHandoff | null) => unknown;
}

/** The loader every page route gets: redirect unauthenticated users, then load session data. */
export function guardLoader(name: string, options: GuardOptions = {}) {
  return async (args: LoaderFunctionArgs) => {
    const { request } = args;
    // What the boot started before the app (boot/handoff.ts): the first page's loader takes it,
    // once, and its queries start with its answers; any other page's loader finds nothing.
    const boot = takeBootHandoff();
    if (isOpenRoute(name)) {
      // Open pages (a shared model) prefetch what they show, for anyone.
      return options.prefetch?.(args) ?? null;
    }
    // A signed-out visitor's page takes none of the boot's answers (asked with a stale session).
    if (!authStore.getState().isAuthenticated) throw replace(signInPath(fullPath(request)));
    const prefetched = options.prefetch?.(args, boot) ?? null;
    try {
      if (options.sessionDataInBackground) {
        const session = loadSessionData(Promise.resolve(prefetched), boot?.session);
        await queryClient.ensureQueryData(profileQuery());
        // A failed profile has already failed the page above; the rest only logs.
        session.catch((error: unknown) => console.error('[guard] session data', error));
      } else {
        await loadSessionData(undefined, boot?.session);
      }
    } catch (error) {
      if (!authStore.getState().isAuthenticated) throw replace(signInPath(fullPath(request)));
      throw error;
    }
    return prefetched;
  };
}
