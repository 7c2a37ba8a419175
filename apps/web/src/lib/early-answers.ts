/**
 * Answers to the app's first GET requests, asked for by the entry (main.tsx) from the stored
 * session before the app's code has downloaded: the app's HTTP client takes each one instead of
 * asking again (lib/http.ts). React-free and zod-free: it loads with the entry.
 *
 * Why: on a first visit the app's code takes a few round trips to arrive; the data a page shows
 * first (the profile, the project list, then the current project's models) would otherwise only
 * be asked for once that code runs, each answer waiting for the one before it.
 *
 * An answer is taken once, and only while fresh; one that failed is dropped, and the client asks
 * the usual way (refreshing the token, retrying, redirecting to sign-in as it does).
 */

import { Handoff } from './handoff';
import { withCallHeaders } from './request-id';

/** An early answer older than this is not used: the client asks again. */
export const EARLY_ANSWER_MAX_AGE_MS = 15_000;

export interface EarlySession {
  token: string;
  /** The Accept-Language the app sends (en or zh-CN). */
  locale: string;
}

const answers = new Handoff<unknown>(EARLY_ANSWER_MAX_AGE_MS);

/** A request's key: its path and its query in the order given (as the app's calls build it). */
export function requestKey(path: string, query?: Record<string, string>): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** GETs `path` now with the stored session and keeps the answer for the app's client. */
export function askEarly(
  session: EarlySession,
  path: string,
  query?: Record<string, string>,
): Promise<unknown> {
  const key = requestKey(path, query);
  const answer = fetch(key, {
    headers: withCallHeaders(
      { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
      session.locale,
    ),
  }).then(async (response) => {
    if (!response.ok) throw new Error(`early request ${path}: HTTP ${response.status}`);
    return (await response.json()) as unknown;
  });
  answers.put(key, answer);
  return answer;
}

/**
 * The early answer to a GET of `path` with `query`, if one was asked for at most
 * EARLY_ANSWER_MAX_AGE_MS ago and not taken yet; it is taken (a second call gets nothing).
 */
export function takeEarlyAnswer(
  path: string,
  query?: Record<string, string>,
): Promise<unknown> | null {
  // Every GET of the app passes here: nothing to build while no early answer waits.
  return answers.size > 0 ? answers.take(requestKey(path, query)) : null;
}

/** Forgets every early answer (tests; a sign-out). */
export function dropEarlyAnswers(): void {
  answers.clear();
}
