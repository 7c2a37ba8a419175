import { EMAIL_CODE_HOURLY_LIMIT, EMAIL_CODE_RESEND_SECONDS } from '@truss/contracts';
import { TooManyRequestsError } from '../../http/errors.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import { createQuotasRepositories, type QuotasRepositories } from './repositories.ts';
import { QuotaExceededError, type QuotaErrorCode } from './errors.ts';
import type { QuotaUse } from './repository.ts';

/** The caps; 0 turns one off. Read from EMAIL_CHECK_LIMIT, SIGNUP_LIMIT, INVITATION_MAIL_LIMIT. */
export interface QuotaLimits {
  /** POST /api/auth/check-email per client IP per hour. */
  emailChecksPerHour: number;
  /** POST /api/auth/signup per client IP per day. */
  signupsPerDay: number;
  /** Invitation mails (new and re-sent) per inviting user per day. */
  invitationMailsPerUserDay: number;
  /** Invitation mails per client IP per day. */
  invitationMailsPerIpDay: number;
}

export const DEFAULT_QUOTA_LIMITS: QuotaLimits = {
  emailChecksPerHour: 30,
  signupsPerDay: 20,
  invitationMailsPerUserDay: 100,
  invitationMailsPerIpDay: 200,
};

/** Invitation mails from one project to one address a day (invite, re-invite, resend). */
export const INVITATION_MAILS_PER_ADDRESS_DAY = 3;

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

interface Cap {
  kind: string;
  key: string;
  limit: number;
  windowSeconds: number;
  code: QuotaErrorCode;
}

/**
 * Seconds until `amount` more fits under `limit`: the oldest uses leave the window first.
 * 0 when it fits now.
 */
export function waitForRoom(
  uses: QuotaUse[],
  amount: number,
  limit: number,
  windowSeconds: number,
  now: Date,
): number {
  const used = uses.reduce((sum, use) => sum + use.amount, 0);
  let excess = used + amount - limit;
  if (excess <= 0) return 0;
  if (amount > limit) return windowSeconds;
  for (const use of uses) {
    excess -= use.amount;
    if (excess <= 0) {
      return windowSeconds - (now.getTime() - use.created_at.getTime()) / 1000;
    }
  }
  return windowSeconds;
}

/**
 * Caps per caller on what costs others something: e-mail checks (they reveal who is registered),
 * sign-ups and invitation mails. Counted in the database (table quota_events), so the caps hold
 * across processes; `ip` is `request.ip`, which honours TRUST_PROXY. A refused action is not
 * counted and answers 429 with its own code and Retry-After.
 */
export class Quotas {
  constructor(
    private readonly data: DataAccess<QuotasRepositories>,
    private readonly now: Clock,
    private readonly limits: QuotaLimits | null,
  ) {}

  async emailCheck(ip: string): Promise<void> {
    await this.#take(null, 1, [
      {
        kind: 'email_check:ip',
        key: ip,
        limit: this.limits?.emailChecksPerHour ?? 0,
        windowSeconds: HOUR,
        code: 'EMAIL_CHECK_LIMITED',
      },
    ]);
  }

  /**
   * A code or link mail to `email` (`kind`: 'sign_in', 'verify_email'): 1 a minute and
   * EMAIL_CODE_HOURLY_LIMIT an hour per address, counted whether or not the address has an
   * account, so the answer (200 or 429, and its Retry-After) is the same for both. Always on
   * (these are the product's rules, not an operator's cap); 429 TOO_MANY_REQUESTS. Returns the
   * seconds before the next mail to this address may go, and `refund` undoes this one (a mail
   * that could not be sent does not count).
   */
  async addressMail(
    kind: string,
    email: string,
  ): Promise<{ resendIn: number; refund: () => Promise<void> }> {
    const key = `address_mail:${kind}`;
    const now = this.now();
    const resendIn = await this.data.transaction(async (tx) => {
      await tx.quotas.lock(key, email);
      const uses = await tx.quotas.usesSince(key, email, addSeconds(now, -HOUR));
      const wait = Math.max(
        waitForRoom(uses, 1, 1, EMAIL_CODE_RESEND_SECONDS, now),
        waitForRoom(uses, 1, EMAIL_CODE_HOURLY_LIMIT, HOUR, now),
      );
      if (wait > 0) throw new TooManyRequestsError(wait);
      await tx.quotas.insert([{ kind: key, key: email, amount: 1 }], now);
      const after = [...uses, { amount: 1, created_at: now }];
      return Math.max(
        EMAIL_CODE_RESEND_SECONDS,
        waitForRoom(after, 1, EMAIL_CODE_HOURLY_LIMIT, HOUR, now),
      );
    });
    return {
      resendIn: Math.ceil(resendIn),
      refund: () => this.data.repos.quotas.remove(key, email, now),
    };
  }

  async signup(ip: string): Promise<void> {
    await this.#take(null, 1, [
      {
        kind: 'signup:ip',
        key: ip,
        limit: this.limits?.signupsPerDay ?? 0,
        windowSeconds: DAY,
        code: 'SIGNUP_LIMITED',
      },
    ]);
  }

  /**
   * `count` invitation mails by `userId` from `ip`; inside the caller's transaction (`scope`: its repositories),
   * so a refusal rolls the invitations back with it.
   */
  async invitationMails(
    scope: DataScope,
    sender: { userId: string; ip: string },
    count: number,
  ): Promise<void> {
    if (count <= 0) return;
    await this.#take(createQuotasRepositories(scope.executor), count, [
      {
        kind: 'invitation_mail:user',
        key: sender.userId,
        limit: this.limits?.invitationMailsPerUserDay ?? 0,
        windowSeconds: DAY,
        code: 'INVITATION_MAIL_LIMITED',
      },
      {
        kind: 'invitation_mail:ip',
        key: sender.ip,
        limit: this.limits?.invitationMailsPerIpDay ?? 0,
        windowSeconds: DAY,
        code: 'INVITATION_MAIL_LIMITED',
      },
    ]);
  }

  /**
   * One invitation mail from `projectId` to `email`, in the caller's transaction: at most
   * INVITATION_MAILS_PER_ADDRESS_DAY a day per (project, address), counted whatever happens to the
   * invitation (cancelled and invited again, resent), so a manager cannot flood one outside
   * address. Always on (a product rule, not an operator's cap). Returns 0 and counts the mail, or
   * the seconds until one more may go (nothing counted).
   */
  async invitationAddressMail(scope: DataScope, projectId: string, email: string): Promise<number> {
    const repos = createQuotasRepositories(scope.executor);
    const kind = 'invitation_mail:address';
    const key = `${projectId} ${email}`;
    const now = this.now();
    await repos.quotas.lock(kind, key);
    const uses = await repos.quotas.usesSince(kind, key, addSeconds(now, -DAY));
    const wait = waitForRoom(uses, 1, INVITATION_MAILS_PER_ADDRESS_DAY, DAY, now);
    if (wait > 0) return wait;
    await repos.quotas.insert([{ kind, key, amount: 1 }], now);
    return 0;
  }

  async #take(repos: QuotasRepositories | null, amount: number, all: Cap[]): Promise<void> {
    const caps = all.filter((cap) => cap.limit > 0);
    if (caps.length === 0) return;
    const work = async (tx: QuotasRepositories): Promise<void> => {
      const now = this.now();
      for (const cap of caps) await tx.quotas.lock(cap.kind, cap.key);
      for (const cap of caps) {
        const since = addSeconds(now, -cap.windowSeconds);
        const uses = await tx.quotas.usesSince(cap.kind, cap.key, since);
        const wait = waitForRoom(uses, amount, cap.limit, cap.windowSeconds, now);
        if (wait > 0) throw new QuotaExceededError(cap.code, wait);
      }
      await tx.quotas.insert(
        caps.map((cap) => ({ kind: cap.kind, key: cap.key, amount })),
        now,
      );
    };
    if (repos) await work(repos);
    else await this.data.transaction(work);
    // Keep the table small: everything older than a day is past every window.
    if (Math.random() < 0.01) {
      await this.data.repos.quotas.prune(addSeconds(this.now(), -DAY));
    }
  }
}
