import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from '@truss/contracts';
import { TooManyRequestsError } from '../../http/errors.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { AuthRepositories } from './repositories.ts';
import { LoginDelayedError } from './errors.ts';

/** Failures of one (account, IP) pair answered at once; after these the waits start. */
const PAIR_FREE_FAILURES = 3;
/**
 * Failures from one IP, over all accounts, within IP_FAILURE_WINDOW_SECONDS after which the IP
 * is "busy": its pairs get no free failures and wait BUSY_PAIR_DELAY_SECONDS (doubling) after
 * each of their own failures. A pair without failures of its own is never held back by it.
 */
const IP_FAILURE_LIMIT = 100;
const IP_FAILURE_WINDOW_SECONDS = 60 * 60;
const BUSY_PAIR_DELAY_SECONDS = 30;
/** Failures of one account, from any IP, within ACCOUNT_WINDOW_SECONDS answered at once. */
const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_WINDOW_SECONDS = 24 * 60 * 60;
/** The account-wide delay doubles from 1 s up to this. */
const ACCOUNT_MAX_DELAY_SECONDS = 15 * 60;

/** The 'account' rows' key for one (account, IP) pair: the typed email as seen from one IP. */
function pairKey(email: string, ip: string): string {
  return `${email} ${ip}`;
}
// The account-wide rows are keyed by the typed email alone (scope 'account'): an email (lower
// case, validated by emailSchema) never holds a space, so the two kinds of keys never meet.

/** Seconds until the oldest failure that still counts towards `limit` leaves the window. */
function windowWait(times: Date[], limit: number, windowSeconds: number, now: Date): number {
  if (times.length < limit) return 0;
  const oldest = times[times.length - limit]!;
  return windowSeconds - (now.getTime() - oldest.getTime()) / 1000;
}

/** Seconds still to wait after the last of `times`, when it must be `delay` seconds ago. */
function delayWait(times: Date[], delay: number, now: Date): number {
  const last = times[times.length - 1];
  return last ? delay - (now.getTime() - last.getTime()) / 1000 : 0;
}

/** A password try let through: its failure rows are written before the password is checked. */
interface LoginAttempt {
  email: string;
  ip: string;
  rowIds: string[];
}

/**
 * Failed password sign-ins, held in the database so the limits hold across processes. After
 * OWASP ASVS 5.0 (V6.3.1, V6.3.8), they slow guessing down without locking the owner out:
 * - per account, from any IP (the typed email, known or not, so both answer alike): the first
 *   ACCOUNT_FREE_FAILURES failures within 24 h answer at once; after that each try waits a
 *   doubling delay after the account's last failure (1 s, 2 s, ... up to 15 minutes), whatever
 *   its IP: 429 LOGIN_DELAYED with Retry-After. The owner is never locked out: sign-in by emailed
 *   code or link and password reset do not pass here, and succeeding with either clears it.
 * - per (account, IP): after PAIR_FREE_FAILURES failures each next try waits a doubling delay
 *   after the last failure (1 s, 2 s, 4 s, ...), and LOGIN_FAILURE_LIMIT failures in 15 minutes
 *   refuse the pair until the oldest leaves the window (429 TOO_MANY_REQUESTS). The right
 *   password clears the pair.
 * - per IP, over all accounts: past IP_FAILURE_LIMIT failures an hour the IP is busy, and each of
 *   its pairs waits 30 s, 60 s, ... after each of its own failures. A colleague behind the same
 *   office NAT who has not failed signs in at once; nobody is shut out by someone else's misses.
 * Every try on one account is serialised (an advisory lock) and counted as a failure before its
 * password is checked, so parallel guesses from many IPs meet the limits one by one; the right
 * password takes its rows back. `ip` is `request.ip`, which honours TRUST_PROXY. A refused try
 * is not counted.
 */
export class LoginLimits {
  constructor(
    private readonly data: DataAccess<AuthRepositories>,
    private readonly now: Clock,
  ) {}

  /** Refuses the try (429) or counts it as a failure until `succeeded` says otherwise. */
  async begin(email: string, ip: string): Promise<LoginAttempt> {
    const now = this.now();
    const rowIds = await this.data.transaction(async ({ auth: repo }) => {
      await repo.lockLoginAccount(email);
      const [account, pair, byIp] = await Promise.all([
        repo.loginFailuresSince('account', email, addSeconds(now, -ACCOUNT_WINDOW_SECONDS)),
        repo.loginFailuresSince(
          'account',
          pairKey(email, ip),
          addSeconds(now, -LOGIN_FAILURE_WINDOW_SECONDS),
        ),
        repo.loginFailuresSince('ip', ip, addSeconds(now, -IP_FAILURE_WINDOW_SECONDS)),
      ]);
      if (account.length >= ACCOUNT_FREE_FAILURES) {
        const delay = Math.min(
          2 ** (account.length - ACCOUNT_FREE_FAILURES),
          ACCOUNT_MAX_DELAY_SECONDS,
        );
        const wait = delayWait(account, delay, now);
        if (wait > 0) throw new LoginDelayedError(wait);
      }
      let wait = windowWait(pair, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS, now);
      if (byIp.length >= IP_FAILURE_LIMIT) {
        if (pair.length > 0) {
          const delay = BUSY_PAIR_DELAY_SECONDS * 2 ** (pair.length - 1);
          wait = Math.max(wait, delayWait(pair, delay, now));
        }
      } else if (pair.length >= PAIR_FREE_FAILURES) {
        wait = Math.max(wait, delayWait(pair, 2 ** (pair.length - PAIR_FREE_FAILURES), now));
      }
      if (wait > 0) throw new TooManyRequestsError(wait);
      return repo.insertLoginFailures(
        [
          { scope: 'account', key: email },
          { scope: 'account', key: pairKey(email, ip) },
          { scope: 'ip', key: ip },
        ],
        now,
      );
    });
    // Keep the table small: everything older than a day is past any window.
    if (Math.random() < 0.01) {
      await this.data.repos.auth.pruneLoginFailures(addSeconds(now, -ACCOUNT_WINDOW_SECONDS));
    }
    return { email, ip, rowIds };
  }

  /**
   * The right password: its own rows go, and the pair's failures with them. The account-wide
   * failures stay (they may be someone else's guesses); a code or link sign-in clears them.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const repo = this.data.repos.auth;
    await repo.deleteLoginFailures(attempt.rowIds);
    await repo.clearLoginFailures('account', pairKey(attempt.email, attempt.ip));
  }

  /** The owner proved the mailbox (code, magic link, reset): the account starts afresh. */
  async recordSuccess(email: string, ip?: string): Promise<void> {
    const repo = this.data.repos.auth;
    await repo.clearLoginFailures('account', email);
    if (ip) await repo.clearLoginFailures('account', pairKey(email, ip));
  }
}
