import {
  EMAIL_CODE_HOURLY_LIMIT,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailCodePurpose, UserRow } from '../../db/schema.ts';
import { TooManyRequestsError } from '../../http/errors.ts';
import { addSeconds } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import {
  InvalidVerificationCodeError,
  SendCodeFailedError,
  VerificationCodeExpiredError,
} from './errors.ts';
import type { TokenService } from './tokens.ts';
import type { DataScope } from '../../repositories.ts';
import { createAuthRepositories } from './repositories.ts';

const HOUR_SECONDS = 60 * 60;

export interface IssuedCode {
  id: string;
  code: string;
  expiresIn: number;
}

/**
 * The mailed one-time codes of every purpose (sign-up verification, sign-in, reset links): only
 * HMACs are stored, a new one kills the older ones, and the send limits (1 a minute, 5 an hour
 * per address and purpose) are counted from the stored rows, so they hold across processes.
 */
export class EmailCodes {
  constructor(private readonly tokens: TokenService) {}

  /** Seconds until another mail of this purpose may go out; 0 = now. */
  async waitBeforeSend(
    scope: DataScope,
    userId: string,
    purpose: EmailCodePurpose,
    now: Date,
  ): Promise<number> {
    const repos = createAuthRepositories(scope.executor);
    const lastHour = await repos.auth.codeTimesSince(
      userId,
      purpose,
      addSeconds(now, -HOUR_SECONDS),
    );
    const elapsed = (at: Date) => (now.getTime() - at.getTime()) / 1000;
    let wait = 0;
    const latest = lastHour.at(-1);
    if (latest) wait = Math.max(wait, EMAIL_CODE_RESEND_SECONDS - elapsed(latest));
    if (lastHour.length >= EMAIL_CODE_HOURLY_LIMIT) {
      // The oldest mail of the hour must leave the window first.
      const oldest = lastHour[lastHour.length - EMAIL_CODE_HOURLY_LIMIT]!;
      wait = Math.max(wait, HOUR_SECONDS - elapsed(oldest));
    }
    return Math.max(0, wait);
  }

  /** 429 TOO_MANY_REQUESTS with Retry-After when the address must wait. */
  async assertMaySend(
    scope: DataScope,
    userId: string,
    purpose: EmailCodePurpose,
    now: Date,
  ): Promise<void> {
    const wait = await this.waitBeforeSend(scope, userId, purpose, now);
    if (wait > 0) throw new TooManyRequestsError(wait);
  }

  /**
   * A fresh 6-digit code (older ones of the purpose stop working); `email` is the address an
   * add_email code goes to, kept with it.
   */
  async issue(
    scope: DataScope,
    userId: string,
    purpose: EmailCodePurpose,
    now: Date,
    email?: string,
  ): Promise<IssuedCode> {
    const code = this.tokens.newEmailCode();
    return this.#store(scope, userId, purpose, this.tokens.hashEmailCode(userId, code), code, {
      now,
      ttl: EMAIL_CODE_TTL_SECONDS,
      email,
    });
  }

  /** A fresh link token (stored as its HMAC; older ones of the purpose stop working). */
  async issueToken(
    scope: DataScope,
    userId: string,
    purpose: EmailCodePurpose,
    now: Date,
    ttl: number,
  ): Promise<IssuedCode> {
    const token = this.tokens.newResetToken();
    return this.#store(scope, userId, purpose, this.tokens.hashResetToken(token), token, {
      now,
      ttl,
    });
  }

  /**
   * Sends the mail of an issued code. A failed send is logged and drops the code, so the user may
   * ask again at once (its row would count against the send limits); then SEND_CODE_FAILED is
   * thrown, unless `quiet` (the reset form must not tell whether an address exists).
   */
  async mail(
    scope: DataScope,
    issued: IssuedCode,
    send: () => Promise<unknown>,
    { log, what, quiet = false }: { log: FastifyBaseLogger; what: string; quiet?: boolean },
  ): Promise<void> {
    const repos = createAuthRepositories(scope.executor);
    try {
      await send();
    } catch (error) {
      log.error({ err: error }, `${what} mail failed`);
      await repos.auth.deleteCode(issued.id);
      if (!quiet) throw new SendCodeFailedError(error);
    }
  }

  /**
   * Checks a presented code in the caller's transaction: consumed on success; a miss is counted
   * (the fifth kills the code). Returns the error to throw AFTER the commit, so the count stays.
   */
  async check(
    scope: DataScope,
    user: UserRow,
    purpose: EmailCodePurpose,
    code: string,
    now: Date,
  ): Promise<InvalidVerificationCodeError | VerificationCodeExpiredError | null> {
    const repos = createAuthRepositories(scope.executor);
    const active = await repos.auth.activeCodeForUpdate(user.id, purpose);
    if (!active) return new InvalidVerificationCodeError();
    if (
      active.expires_at.getTime() <= now.getTime() ||
      active.attempts >= EMAIL_CODE_MAX_ATTEMPTS
    ) {
      return new VerificationCodeExpiredError();
    }
    const presented = this.tokens.hashEmailCode(user.id, code);
    if (!safeEqual(presented, active.code_hash)) {
      await repos.auth.incrementCodeAttempts(active.id);
      return new InvalidVerificationCodeError();
    }
    await repos.auth.consumeCode(active.id, now);
    return null;
  }

  async #store(
    scope: DataScope,
    userId: string,
    purpose: EmailCodePurpose,
    codeHash: string,
    plain: string,
    { now, ttl, email }: { now: Date; ttl: number; email?: string },
  ): Promise<IssuedCode> {
    const repos = createAuthRepositories(scope.executor);
    await repos.auth.invalidateCodes(userId, purpose, now);
    const row = await repos.auth.insertCode({
      userId,
      purpose,
      codeHash,
      createdAt: now,
      expiresAt: addSeconds(now, ttl),
      ...(email ? { email } : {}),
    });
    return { id: row.id, code: plain, expiresIn: ttl };
  }
}
