import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_TOKEN_TTL_SECONDS,
  type AuthResponse,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailCodePurpose, UserRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { passwordResetMail } from '../../mail/account-mails.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { AuthRepositories } from './repositories.ts';
import type { EmailCodes } from './codes.ts';
import { isCommonPassword } from './common-passwords.ts';
import {
  PasswordTooCommonError,
  PasswordTooWeakError,
  PasswordUpdateFailedError,
  ResetLinkExpiredError,
  ResetLinkInvalidError,
  ResetTokenMissingError,
  SameAsOldPasswordError,
} from './errors.ts';
import type { LoginLimits } from './login-limits.ts';
import type { PasswordHasher } from './passwords.ts';
import { assertActive, type Sessions } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import { userAccounts } from '../users/index.ts';

const RESET: EmailCodePurpose = 'reset_password';
/** 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface PasswordResetDeps {
  data: DataAccess<AuthRepositories>;
  codes: EmailCodes;
  sessions: Sessions;
  tokens: TokenService;
  passwords: PasswordHasher;
  mailer: Mailer;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Failed password sign-ins: a reset (the mailbox proved) clears the account's. */
  limits: LoginLimits;
}

/**
 * The account rules for a new password (sign-up, reset, change): length 8–128, and not one of the
 * most common passwords or a trivial pattern (PASSWORD_TOO_COMMON, which says why).
 */
export function assertStrongPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new PasswordTooWeakError();
  }
  if (isCommonPassword(password)) throw new PasswordTooCommonError();
}

/**
 * "Forgot password": a mailed link with a 256-bit token (stored as its HMAC, 30 minutes, once).
 * Requests for unknown addresses, inactive accounts or over the send limit answer exactly like a
 * sent mail, so the form tells nobody whether an address has an account.
 */
export class PasswordResetService {
  constructor(private readonly d: PasswordResetDeps) {}

  async forgot(email: string): Promise<{ ok: true; expiresIn: number }> {
    const answer = { ok: true as const, expiresIn: RESET_TOKEN_TTL_SECONDS };
    const now = this.d.now();
    const prepared = await this.d.data.transaction(async (repos) => {
      const user = await userAccounts(repos).findByEmailForUpdate(email);
      if (!user || user.status !== 'active') return null;
      if ((await this.d.codes.waitBeforeSend(repos, user.id, RESET, now)) > 0) return null;
      const issued = await this.d.codes.issueToken(repos, user.id, RESET, now, answer.expiresIn);
      return { user, issued };
    });
    if (!prepared) return answer;
    const mail = passwordResetMail({
      to: email,
      token: prepared.issued.code,
      locale: prepared.user.language,
      expiresInSeconds: prepared.issued.expiresIn,
      publicUrl: this.d.publicUrl,
    });
    // Quiet: an error here would tell that the address exists.
    await this.d.codes.mail(this.d.data.repos, prepared.issued, () => this.d.mailer.send(mail), {
      log: this.d.log,
      what: 'password reset',
      quiet: true,
    });
    return answer;
  }

  /**
   * Sets the new password, marks the email verified (the link proved the mailbox), revokes every
   * session of the account and signs this browser in.
   */
  async reset(token: string | undefined, password: string): Promise<AuthResponse> {
    if (!token?.trim()) throw new ResetTokenMissingError();
    if (!TOKEN_SHAPE.test(token)) throw new ResetLinkInvalidError();
    assertStrongPassword(password);
    const now = this.d.now();
    const hash = this.d.tokens.hashResetToken(token);
    const row = await this.d.data.repos.auth.findCodeByHashForUpdate(RESET, hash);
    const user = row && (await userAccounts(this.d.data.repos).findById(row.user_id));
    if (!row || !user || !this.#usable(row, now)) throw new ResetLinkExpiredError();
    assertActive(user);
    if (user.password_hash && (await this.d.passwords.verify(user.password_hash, password))) {
      throw new SameAsOldPasswordError();
    }
    const passwordHash = await this.d.passwords.hash(password);
    let result: { user: UserRow; session: Awaited<ReturnType<Sessions['start']>> };
    try {
      result = await this.d.data.transaction(async (repos) => {
        // Locked and checked again: two tabs submitting one link set one password.
        const locked = await repos.auth.findCodeByHashForUpdate(RESET, hash);
        if (!locked || !this.#usable(locked, now)) throw new ResetLinkExpiredError();
        await repos.auth.consumeCode(locked.id, now);
        const updated = await userAccounts(repos).resetPassword(user.id, passwordHash, now);
        if (!updated || updated.status !== 'active') throw new PasswordUpdateFailedError();
        await repos.auth.invalidateCodes(user.id, RESET, now);
        await repos.auth.revokeAllFamilies(user.id, now);
        return { user: updated, session: await this.d.sessions.start(repos, user.id, now) };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new PasswordUpdateFailedError(error);
    }
    if (result.user.email) await this.d.limits.recordSuccess(result.user.email);
    return this.d.sessions.respond(result.user, result.session);
  }

  #usable(
    row: { consumed_at: Date | null; invalidated_at: Date | null; expires_at: Date },
    now: Date,
  ) {
    return !row.consumed_at && !row.invalidated_at && row.expires_at.getTime() > now.getTime();
  }
}
