import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from '@truss/contracts';
import { TooManyRequestsError } from '../../http/errors.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';

/** Failures of one (account, IP) pair answered at once; after these the waits start. */
export const PAIR_FREE_FAILURES = 3;
/** Failures from one IP, over all accounts, within IP_FAILURE_WINDOW_SECONDS. */
export const IP_FAILURE_LIMIT = 100;
export const IP_FAILURE_WINDOW_SECONDS = 60 * 60;

/** The 'account' rows' key: the typed email as seen from one client IP. */
export function pairKey(email: string, ip: string): string {
  return `${email} ${ip}`;
}

/** Seconds until the oldest failure that still counts towards `limit` leaves the window. */
function windowWait(times: Date[], limit: number, windowSeconds: number, now: Date): number {
  if (times.length < limit) return 0;
  const oldest = times[times.length - limit]!;
  return windowSeconds - (now.getTime() - oldest.getTime()) / 1000;
}

/**
 * Failed password sign-ins, held in the database so the limits hold across processes. After
 * OWASP ASVS (V2.2.1), they never lock the owner out:
 * - per (account, IP) — the typed email, known or not, so both answer alike: after
 *   PAIR_FREE_FAILURES failures each next try waits a doubling delay after the last failure
 *   (1 s, 2 s, 4 s, ...), and LOGIN_FAILURE_LIMIT failures in the window refuse the pair until
 *   the oldest leaves it. Failures from other IPs never block this one: the owner signs in from
 *   their own IP (or by emailed code) while an attacker hammers the account elsewhere.
 * - per IP, over all accounts: a ceiling of IP_FAILURE_LIMIT an hour, far above what an office
 *   behind one NAT address fails, so one guessing colleague does not lock out the rest.
 * `ip` is `request.ip`, which honours TRUST_PROXY. A refused try answers 429 with Retry-After,
 * even with the right password, and is not counted.
 */
export class LoginLimits {
  constructor(
    private readonly data: DataAccess,
    private readonly now: Clock,
  ) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const now = this.now();
    const repo = this.data.repos.auth;
    const [pair, byIp] = await Promise.all([
      repo.loginFailuresSince(
        'account',
        pairKey(email, ip),
        addSeconds(now, -LOGIN_FAILURE_WINDOW_SECONDS),
      ),
      repo.loginFailuresSince('ip', ip, addSeconds(now, -IP_FAILURE_WINDOW_SECONDS)),
    ]);
    let wait = Math.max(
      windowWait(pair, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS, now),
      windowWait(byIp, IP_FAILURE_LIMIT, IP_FAILURE_WINDOW_SECONDS, now),
    );
    const last = pair[pair.length - 1];
    if (last && pair.length >= PAIR_FREE_FAILURES) {
      const delay = 2 ** (pair.length - PAIR_FREE_FAILURES);
      wait = Math.max(wait, delay - (now.getTime() - last.getTime()) / 1000);
    }
    if (wait > 0) throw new TooManyRequestsError(wait);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = this.now();
    await this.data.repos.auth.insertLoginFailures(
      [
        { scope: 'account', key: pairKey(email, ip) },
        { scope: 'ip', key: ip },
      ],
      now,
    );
    // Keep the table small: everything older than a day is past any window.
    if (Math.random() < 0.01) {
      await this.data.repos.auth.pruneLoginFailures(addSeconds(now, -24 * 60 * 60));
    }
  }

  /** The right password clears this IP's failures for the account (not the IP's ceiling). */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.data.repos.auth.clearLoginFailures('account', pairKey(email, ip));
  }
}
