/**
 * GETs made by the boot from the stored session before the app's code has downloaded: their
 * answers go to the app in the boot's hand-off (boot/handoff.ts), which the route loader turns
 * into query data. React-free and zod-free: it loads with the entry.
 *
 * Why: on a first visit the app's code takes a few round trips to arrive; the data a page shows
 * first (the profile, the project list, then the current project's models) would otherwise only
 * be asked for once that code runs, each answer waiting for the one before it.
 */
import { withCallHeaders } from '../../lib/request-id';
import type { BootSession } from '../page';

/** A request's key: its path and its query in the order given (as the app's calls build it). */
export function requestKey(path: string, query?: Record<string, string>): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** GETs `path` now with the stored session; rejects on a failed answer (the app asks again). */
export function askEarly(
  session: BootSession,
  path: string,
  query?: Record<string, string>,
): Promise<unknown> {
  const answer = fetch(requestKey(path, query), {
    headers: withCallHeaders(
      { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
      session.locale,
    ),
  }).then(async (response) => {
    if (!response.ok) throw new Error(`early request ${path}: HTTP ${response.status}`);
    return (await response.json()) as unknown;
  });
  // Observed: the loader may never take it (another page, a sign-out).
  answer.catch(() => undefined);
  return answer;
}
