import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from '@truss/contracts';
import { TooManyRequestsError } from '../../http/errors.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';

/**
 * Failed password sign-ins, per account (the typed email, known or not, so both answer alike)
 * and per client IP. After LOGIN_FAILURE_LIMIT failures within the window every attempt is
 * refused with 429 — even with the right password — until the oldest failure leaves the window.
 * Rows live in the database, so the limits hold across processes.
 */
export class LoginLimits {
  constructor(
    private readonly data: DataAccess,
    private readonly now: Clock,
  ) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const now = this.now();
    const since = addSeconds(now, -LOGIN_FAILURE_WINDOW_SECONDS);
    const repo = this.data.repos.auth;
    const [account, byIp] = await Promise.all([
      repo.loginFailuresSince('account', email, since),
      repo.loginFailuresSince('ip', ip, since),
    ]);
    let wait = 0;
    for (const times of [account, byIp]) {
      if (times.length < LOGIN_FAILURE_LIMIT) continue;
      const oldest = times[times.length - LOGIN_FAILURE_LIMIT]!;
      wait = Math.max(
        wait,
        LOGIN_FAILURE_WINDOW_SECONDS - (now.getTime() - oldest.getTime()) / 1000,
      );
    }
    if (wait > 0) throw new TooManyRequestsError(wait);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = this.now();
    await this.data.repos.auth.insertLoginFailures(
      [
        { scope: 'account', key: email },
        { scope: 'ip', key: ip },
      ],
      now,
    );
    // Keep the table small: everything older than a day is past any window.
    if (Math.random() < 0.01) {
      await this.data.repos.auth.pruneLoginFailures(addSeconds(now, -24 * 60 * 60));
    }
  }

  async recordSuccess(email: string): Promise<void> {
    await this.data.repos.auth.clearLoginFailures('account', email);
  }
}
