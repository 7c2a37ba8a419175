import { randomUUID } from 'node:crypto';
import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
  REFRESH_GRACE_SECONDS,
  REFRESH_TOKEN_LIFETIME_DAYS,
  type AuthResponse,
  type Locale,
  type TokenPair,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailCodePurpose, UserRow } from '../../db/schema.ts';
import { TooManyRequestsError, UnauthorizedError } from '../../http/errors.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { verificationCodeMail } from '../../mail/templates.ts';
import type { DataAccess, Repositories } from '../../repositories.ts';
import { newProjectMetadata } from '../projects/service.ts';
import { EmailAlreadyRegisteredError } from '../users/errors.ts';
import { toProfile } from '../users/service.ts';
import {
  AccountStatusError,
  EmailNotRegisteredError,
  EmailNotVerifiedError,
  InvalidCredentialsError,
  InvalidVerificationCodeError,
  RefreshTokenInvalidError,
  SendCodeFailedError,
  VerificationCodeExpiredError,
} from './errors.ts';
import type { PasswordHasher } from './passwords.ts';
import type { TokenService } from './tokens.ts';

/** Who is calling, from a valid access token whose session is still alive. */
export interface AuthContext {
  userId: string;
  /** The refresh-token family of the sign-in (JWT `sid`). */
  sessionId: string;
}

export interface AuthServiceDeps {
  data: DataAccess;
  passwords: PasswordHasher;
  tokens: TokenService;
  mailer: Mailer;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const VERIFY_EMAIL: EmailCodePurpose = 'verify_email';
const DAY_SECONDS = 24 * 60 * 60;

interface IssuedCode {
  id: string;
  code: string;
  expiresIn: number;
}

/** Refuses sign-in for any status but active. */
function assertActive(user: UserRow): void {
  if (user.status !== 'active') throw new AccountStatusError(user.status);
}

export class AuthService {
  readonly #d: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.#d = deps;
  }

  /** Registered = an account whose email is verified (unverified sign-ups may sign up again). */
  async checkEmail(email: string): Promise<{ registered: boolean }> {
    const user = await this.#d.data.repos.users.findByEmail(email);
    return { registered: Boolean(user?.email_verified) };
  }

  /**
   * New account (status active, email unverified) with its Default Project, then a mailed code.
   * Signing up again before verifying replaces the password and mails a fresh code.
   */
  async signup(input: {
    email: string;
    password: string;
    language: Locale;
  }): Promise<{ email: string; codeExpiresIn: number }> {
    const passwordHash = await this.#d.passwords.hash(input.password);
    const now = this.#d.now();
    const { user, issued, expiresIn } = await this.#d.data.transaction(async (repos) => {
      let user = await repos.users.findByEmailForUpdate(input.email);
      if (user) {
        if (user.email_verified || user.status !== 'active')
          throw new EmailAlreadyRegisteredError();
        await repos.users.setPassword(user.id, passwordHash, input.language, now);
        user = { ...user, language: input.language };
      } else {
        user = await repos.users.create({
          email: input.email,
          password_hash: passwordHash,
          language: input.language,
        });
        await repos.projects.createDefaultProject(user.id, newProjectMetadata(user.id));
      }
      // A repeated sign-up within the resend window keeps the code already mailed.
      const latest = await repos.auth.latestCode(user.id, VERIFY_EMAIL);
      if (latest && this.#withinResendWindow(latest.created_at, now) && !latest.consumed_at) {
        const remaining = Math.max(0, (latest.expires_at.getTime() - now.getTime()) / 1000);
        return { user, issued: null, expiresIn: Math.floor(remaining) };
      }
      const issued = await this.#issueCode(repos, user.id, now);
      return { user, issued, expiresIn: issued.expiresIn };
    });
    if (issued) await this.#mailCode(user, issued);
    return { email: user.email, codeExpiresIn: expiresIn };
  }

  /** Mails a new code (the old one stops working); one mail per address per minute. */
  async resendVerification(email: string): Promise<{ email: string; codeExpiresIn: number }> {
    const now = this.#d.now();
    const { user, issued } = await this.#d.data.transaction(async (repos) => {
      const user = await repos.users.findByEmailForUpdate(email);
      if (!user) throw new EmailNotRegisteredError();
      if (user.email_verified) throw new EmailAlreadyRegisteredError();
      assertActive(user);
      const latest = await repos.auth.latestCode(user.id, VERIFY_EMAIL);
      if (latest && this.#withinResendWindow(latest.created_at, now)) {
        const wait =
          EMAIL_CODE_RESEND_SECONDS - (now.getTime() - latest.created_at.getTime()) / 1000;
        throw new TooManyRequestsError(wait);
      }
      return { user, issued: await this.#issueCode(repos, user.id, now) };
    });
    await this.#mailCode(user, issued);
    return { email: user.email, codeExpiresIn: issued.expiresIn };
  }

  /** Checks the mailed code; on success the email is verified and the user is signed in. */
  async verifyEmail(email: string, code: string): Promise<AuthResponse> {
    const now = this.#d.now();
    const outcome = await this.#d.data.transaction(async (repos) => {
      const user = await repos.users.findByEmailForUpdate(email);
      if (!user) return { ok: false as const, error: new InvalidVerificationCodeError() };
      if (user.email_verified) throw new EmailAlreadyRegisteredError();
      assertActive(user);
      const active = await repos.auth.activeCodeForUpdate(user.id, VERIFY_EMAIL);
      if (!active) return { ok: false as const, error: new InvalidVerificationCodeError() };
      if (
        active.expires_at.getTime() <= now.getTime() ||
        active.attempts >= EMAIL_CODE_MAX_ATTEMPTS
      ) {
        return { ok: false as const, error: new VerificationCodeExpiredError() };
      }
      const presented = this.#d.tokens.hashEmailCode(user.id, code);
      if (!safeEqual(presented, active.code_hash)) {
        // Counted in the committed transaction; the fifth miss kills the code.
        await repos.auth.incrementCodeAttempts(active.id);
        return { ok: false as const, error: new InvalidVerificationCodeError() };
      }
      await repos.auth.consumeCode(active.id, now);
      const verified = await repos.users.markEmailVerified(user.id, now);
      const session = await this.#startSession(repos, user.id, now);
      return { ok: true as const, user: verified, session };
    });
    if (!outcome.ok) throw outcome.error;
    const access = await this.#d.tokens.signAccessToken({
      userId: outcome.user.id,
      sessionId: outcome.session.familyId,
    });
    return { ...access, refreshToken: outcome.session.refreshToken, user: toProfile(outcome.user) };
  }

  /** Password sign-in. Unknown email and wrong password look and take the same. */
  async login(email: string, password: string): Promise<AuthResponse> {
    const user = await this.#d.data.repos.users.findByEmail(email);
    if (!user?.password_hash) {
      await this.#d.passwords.verifyDummy(password);
      throw new InvalidCredentialsError();
    }
    if (!(await this.#d.passwords.verify(user.password_hash, password))) {
      throw new InvalidCredentialsError();
    }
    assertActive(user);
    if (!user.email_verified) throw new EmailNotVerifiedError();
    const now = this.#d.now();
    const session = await this.#d.data.transaction((repos) =>
      this.#startSession(repos, user.id, now),
    );
    const access = await this.#d.tokens.signAccessToken({
      userId: user.id,
      sessionId: session.familyId,
    });
    return { ...access, refreshToken: session.refreshToken, user: toProfile(user) };
  }

  /**
   * Rotates a refresh token. The parent presented again within REFRESH_GRACE_SECONDS returns the
   * same child (a lost response); later, it is a replay: the whole family is revoked.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const { tokens } = this.#d;
    const now = this.#d.now();
    const outcome = await this.#d.data.transaction(async (repos) => {
      const row = await repos.auth.findRefreshTokenForUpdate(tokens.hashRefreshToken(refreshToken));
      if (!row) return { ok: false as const, reason: 'unknown token' };
      if (row.revoked_at) return { ok: false as const, reason: 'revoked family' };
      if (row.family_expires_at.getTime() <= now.getTime()) {
        return { ok: false as const, reason: 'family expired' };
      }
      const user = await repos.users.findById(row.user_id);
      if (!user || user.status !== 'active' || !user.email_verified) {
        await repos.auth.revokeFamily(row.family_id, now);
        return { ok: false as const, reason: 'account not usable' };
      }
      const child = tokens.childRefreshToken(refreshToken);
      if (row.used_at) {
        if (now.getTime() - row.used_at.getTime() <= REFRESH_GRACE_SECONDS * 1000) {
          return { ok: true as const, userId: row.user_id, familyId: row.family_id, child };
        }
        await repos.auth.revokeFamily(row.family_id, now);
        return { ok: false as const, reason: 'reuse after grace: family revoked' };
      }
      await repos.auth.markRefreshTokenUsed(row.id, now);
      await repos.auth.insertRefreshToken({
        family_id: row.family_id,
        user_id: row.user_id,
        token_hash: tokens.hashRefreshToken(child),
        parent_id: row.id,
        created_at: now,
        family_expires_at: row.family_expires_at,
      });
      return { ok: true as const, userId: row.user_id, familyId: row.family_id, child };
    });
    if (!outcome.ok) {
      this.#d.log.info({ reason: outcome.reason }, 'refresh refused');
      throw new RefreshTokenInvalidError(outcome.reason);
    }
    const access = await tokens.signAccessToken({
      userId: outcome.userId,
      sessionId: outcome.familyId,
    });
    return { ...access, refreshToken: outcome.child };
  }

  /**
   * Ends the access token's session and the given refresh token's family. Either proves the
   * session: an expired access token with a valid refresh token still logs out.
   */
  async logout(accessToken: string | null, refreshToken?: string): Promise<void> {
    let auth: AuthContext | null = null;
    if (accessToken) {
      try {
        auth = await this.authenticate(accessToken);
      } catch (error) {
        if (!refreshToken) throw error;
      }
    }
    if (!auth && !refreshToken) throw new UnauthorizedError('logout without credentials');
    const now = this.#d.now();
    await this.#d.data.transaction(async (repos) => {
      if (auth) await repos.auth.revokeFamily(auth.sessionId, now);
      if (!refreshToken) return;
      const row = await repos.auth.findRefreshToken(this.#d.tokens.hashRefreshToken(refreshToken));
      if (row && (!auth || row.user_id === auth.userId) && row.family_id !== auth?.sessionId) {
        await repos.auth.revokeFamily(row.family_id, now);
      }
    });
  }

  /** Bearer check: a valid JWT whose session is neither revoked nor expired, user active. */
  async authenticate(accessToken: string): Promise<AuthContext> {
    const claims = await this.#d.tokens.verifyAccessToken(accessToken);
    if (!claims) throw new UnauthorizedError('invalid or expired access token');
    const session = await this.#d.data.repos.auth.findSession(claims.sessionId);
    const now = this.#d.now().getTime();
    if (
      !session ||
      session.userId !== claims.userId ||
      session.revokedAt ||
      session.familyExpiresAt.getTime() <= now ||
      session.userStatus !== 'active' ||
      !session.emailVerified
    ) {
      throw new UnauthorizedError('session revoked or expired');
    }
    return claims;
  }

  #withinResendWindow(createdAt: Date, now: Date): boolean {
    return now.getTime() - createdAt.getTime() < EMAIL_CODE_RESEND_SECONDS * 1000;
  }

  async #issueCode(repos: Repositories, userId: string, now: Date): Promise<IssuedCode> {
    const code = this.#d.tokens.newEmailCode();
    await repos.auth.invalidateCodes(userId, VERIFY_EMAIL, now);
    const row = await repos.auth.insertCode({
      userId,
      purpose: VERIFY_EMAIL,
      codeHash: this.#d.tokens.hashEmailCode(userId, code),
      createdAt: now,
      expiresAt: addSeconds(now, EMAIL_CODE_TTL_SECONDS),
    });
    return { id: row.id, code, expiresIn: EMAIL_CODE_TTL_SECONDS };
  }

  /** Sends the code mail; if that fails the code is dropped so an immediate resend works. */
  async #mailCode(user: UserRow, issued: IssuedCode): Promise<void> {
    const mail = verificationCodeMail({
      to: user.email,
      code: issued.code,
      locale: user.language,
      expiresInSeconds: issued.expiresIn,
      publicUrl: this.#d.publicUrl,
    });
    try {
      await this.#d.mailer.send(mail);
    } catch (error) {
      this.#d.log.error({ err: error }, 'verification mail failed');
      await this.#d.data.repos.auth.deleteCode(issued.id);
      throw new SendCodeFailedError(error);
    }
  }

  async #startSession(
    repos: Repositories,
    userId: string,
    now: Date,
  ): Promise<{ familyId: string; refreshToken: string }> {
    const familyId = randomUUID();
    const refreshToken = this.#d.tokens.newRefreshToken();
    await repos.auth.insertRefreshToken({
      family_id: familyId,
      user_id: userId,
      token_hash: this.#d.tokens.hashRefreshToken(refreshToken),
      parent_id: null,
      created_at: now,
      family_expires_at: addSeconds(now, REFRESH_TOKEN_LIFETIME_DAYS * DAY_SECONDS),
    });
    return { familyId, refreshToken };
  }
}
