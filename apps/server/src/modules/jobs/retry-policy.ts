import { faultError } from '../../http/fault-errors.ts';
import type { JobFailure } from './errors.ts';

/** When a failed attempt runs again: the backoff of counted attempts and of outages. */

/** Delay before attempt `attempt + 1`: base * 2^(attempt-1), capped, with ±20 % jitter. */
export function retryDelaySeconds(
  attempt: number,
  settings: { retryBaseSeconds: number; retryMaxSeconds: number },
  random: () => number = Math.random,
): number {
  const raw = Math.min(
    settings.retryBaseSeconds * 2 ** Math.max(0, attempt - 1),
    settings.retryMaxSeconds,
  );
  return raw * (0.8 + 0.4 * random());
}

/**
 * Attempts failed by an outage (database or object store away) are retried without counting,
 * after 5 s, 10 s, 20 s ... up to 5 min, for up to 24 deferrals in a row (about 1.5 h): a store
 * that blinks for seconds or minutes never fails a model for good. Past that, attempts count.
 */
const OUTAGE_RETRY_BASE_SECONDS = 5;
const OUTAGE_RETRY_MAX_SECONDS = 300;
const OUTAGE_DEFERRALS = 24;
/** How the deferrals in a row are counted: the job's last_error starts with this. */
const OUTAGE_MARK = /^OUTAGE#(\d+) /;

/** The 503 code of an outage behind `error` (DATABASE_UNAVAILABLE, STORAGE_UNAVAILABLE), or null. */
export function outageCode(error: unknown): string | null {
  const fault = faultError(error) ?? faultError((error as { cause?: unknown } | null)?.cause);
  return fault && fault.statusCode === 503 ? fault.code : null;
}

/** Deferral number `n` (1-based) of an outage: its delay in seconds (±20 % jitter). */
export function outageDelaySeconds(n: number, random: () => number = Math.random): number {
  const raw = Math.min(
    OUTAGE_RETRY_BASE_SECONDS * 2 ** Math.max(0, n - 1),
    OUTAGE_RETRY_MAX_SECONDS,
  );
  return raw * (0.8 + 0.4 * random());
}

/** The `last_error` text of a failure (2,000 characters at most). */
export function failureText(failure: JobFailure): string {
  return `${failure.code}: ${failure.message}`.slice(0, 2000);
}

/**
 * The deferral number (1-based) the next retry of `lastError`'s job would be if `error` is an
 * outage and the deferrals in a row are not used up; null: count the attempt as failed.
 */
export function nextOutageDeferral(error: unknown, lastError: string | null): number | null {
  if (!outageCode(error)) return null;
  const deferrals = Number(OUTAGE_MARK.exec(lastError ?? '')?.[1] ?? 0);
  return deferrals < OUTAGE_DEFERRALS ? deferrals + 1 : null;
}
