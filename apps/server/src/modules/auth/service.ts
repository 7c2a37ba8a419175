import {
  EMAIL_CODE_TTL_SECONDS,
  REFRESH_GRACE_SECONDS,
  type AuthResponse,
  type Locale,
  type TokenPair,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailCodePurpose, UserRow } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { AppError } from '../../http/errors.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { verificationCodeMail } from '../../mail/templates.ts';
import type { CachedReads } from '../cache/index.ts';
import type { DataAccess } from '../../repositories.ts';
import type { AuthRepositories } from './repositories.ts';
import { newProjectMetadata, projectRows } from '../projects/index.ts';
import type { Quotas } from '../quotas/index.ts';
import { EmailAlreadyRegisteredError, userAccounts } from '../users/index.ts';
import type { EmailCodes, IssuedCode } from './codes.ts';
import {
  AccountStatusError,
  EmailNotVerifiedError,
  InvalidCredentialsError,
  InvalidVerificationCodeError,
  RefreshTokenInvalidError,
} from './errors.ts';
import type { LoginLimits } from './login-limits.ts';
import { assertStrongPassword } from './password-reset.ts';
import type { PasswordHasher } from './passwords.ts';
import { assertActive, assertCanSignIn, emailSettled, type Sessions } from './sessions.ts';
import type { TokenService } from './tokens.ts';

/** Who is calling, from a valid access token whose session is still alive. */
interface AuthServiceDeps {
  data: DataAccess<AuthRepositories>;
  passwords: PasswordHasher;
  tokens: TokenService;
  sessions: Sessions;
  codes: EmailCodes;
  limits: LoginLimits;
  quotas: Quotas;
  mailer: Mailer;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Keeps valid sessions between requests; a revocation or account change drops them. */
  cache: CachedReads;
}

const VERIFY_EMAIL: EmailCodePurpose = 'verify_email';

export class AuthService {
  readonly #d: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.#d = deps;
  }

  /**
   * Registered = an account whose email is verified (unverified sign-ups may sign up again).
   * It tells strangers who has an account, so each client IP gets EMAIL_CHECK_LIMIT an hour.
   */
  async checkEmail(email: string, ip: string): Promise<{ registered: boolean }> {
    await this.#d.quotas.emailCheck(ip);
    const user = await userAccounts(this.#d.data.repos).findByEmail(email);
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
    /** The client IP (request.ip): SIGNUP_LIMIT sign-ups a day each. */
    ip: string;
  }): Promise<{ email: string; codeExpiresIn: number }> {
    assertStrongPassword(input.password);
    await this.#d.quotas.signup(input.ip);
    const passwordHash = await this.#d.passwords.hash(input.password);
    const now = this.#d.now();
    const { user, issued, expiresIn } = await this.#d.data.transaction(async (repos) => {
      let user = await userAccounts(repos).findByEmailForUpdate(input.email);
      if (user) {
        if (user.email_verified || user.status !== 'active')
          throw new EmailAlreadyRegisteredError();
        await userAccounts(repos).setPassword(user.id, passwordHash, input.language, now);
        user = { ...user, language: input.language };
      } else {
        user = await userAccounts(repos).create({
          email: input.email,
          password_hash: passwordHash,
          language: input.language,
        });
        await projectRows(repos).createDefaultProject(user.id, newProjectMetadata(user.id));
      }
      // A repeated sign-up while a mail may not go out keeps the code already mailed.
      const latest = await repos.auth.latestCode(user.id, VERIFY_EMAIL);
      const wait = await this.#d.codes.waitBeforeSend(repos, user.id, VERIFY_EMAIL, now);
      if (latest && wait > 0 && !latest.consumed_at) {
        const remaining = Math.max(0, (latest.expires_at.getTime() - now.getTime()) / 1000);
        return { user, issued: null, expiresIn: Math.floor(remaining) };
      }
      const issued = await this.#d.codes.issue(repos, user.id, VERIFY_EMAIL, now);
      return { user, issued, expiresIn: issued.expiresIn };
    });
    if (issued) await this.#mailCode(input.email, user, issued);
    return { email: input.email, codeExpiresIn: expiresIn };
  }

  /**
   * Mails a new code (the old one stops working); 1 a minute, 5 an hour per address. Every
   * address gets the same answer (ASVS V6.3.8): an unknown, already verified or inactive one
   * gets 200 and no mail, under the same per-address limit.
   */
  async resendVerification(email: string): Promise<{ email: string; codeExpiresIn: number }> {
    const sent = await this.#d.quotas.addressMail(VERIFY_EMAIL, email);
    const answer = { email, codeExpiresIn: EMAIL_CODE_TTL_SECONDS };
    const now = this.#d.now();
    let prepared: { user: UserRow; issued: IssuedCode } | null;
    try {
      prepared = await this.#d.data.transaction(async (repos) => {
        const user = await userAccounts(repos).findByEmailForUpdate(email);
        if (!user || user.email_verified || user.status !== 'active') return null;
        // A sign-up's own code, mailed moments ago: only whoever signed up can be here.
        await this.#d.codes.assertMaySend(repos, user.id, VERIFY_EMAIL, now);
        return { user, issued: await this.#d.codes.issue(repos, user.id, VERIFY_EMAIL, now) };
      });
    } catch (error) {
      await sent.refund();
      throw error;
    }
    if (!prepared) return answer;
    try {
      await this.#mailCode(email, prepared.user, prepared.issued);
    } catch (error) {
      await sent.refund();
      throw error;
    }
    return answer;
  }

  /** Checks the mailed code; on success the email is verified and the user is signed in. */
  async verifyEmail(email: string, code: string): Promise<AuthResponse> {
    const now = this.#d.now();
    const outcome = await this.#d.data.transaction(async (repos) => {
      const user = await userAccounts(repos).findByEmailForUpdate(email);
      // Unknown and already verified look alike (this route must not tell who is registered).
      if (!user || user.email_verified) {
        return { ok: false as const, error: new InvalidVerificationCodeError() };
      }
      assertActive(user);
      // Counted in the committed transaction; the fifth miss kills the code.
      const error = await this.#d.codes.check(repos, user, VERIFY_EMAIL, code, now);
      if (error) return { ok: false as const, error };
      const verified = await userAccounts(repos).markEmailVerified(user.id, now);
      const session = await this.#d.sessions.start(repos, user.id, now);
      return { ok: true as const, user: verified, session };
    });
    if (!outcome.ok) throw outcome.error;
    return this.#d.sessions.respond(outcome.user, outcome.session);
  }

  /**
   * Password sign-in. Unknown email and wrong password look and take the same, and both count
   * against the account, (account, IP) and per-IP failure limits (checked first: 429 even when
   * right; see login-limits.ts).
   */
  async login(email: string, password: string, ip: string): Promise<AuthResponse> {
    const attempt = await this.#d.limits.begin(email, ip);
    const user = await userAccounts(this.#d.data.repos).findByEmail(email);
    let valid = false;
    if (user?.password_hash) {
      valid = await this.#d.passwords.verify(user.password_hash, password);
    } else {
      await this.#d.passwords.verifyDummy(password);
    }
    // The try was counted as a failure before the check; a wrong password leaves it so.
    if (!user || !valid) throw new InvalidCredentialsError();
    await this.#d.limits.succeeded(attempt);
    assertCanSignIn(user);
    const now = this.#d.now();
    const session = await this.#d.data.transaction((repos) =>
      this.#d.sessions.start(repos, user.id, now),
    );
    return this.#d.sessions.respond(user, session);
  }

  /**
   * Rotates a refresh token. The parent presented again within REFRESH_GRACE_SECONDS returns the
   * same child (a lost response); later, it is a replay: the whole family is revoked. An account
   * that may no longer sign in loses the family and gets its status error.
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
      const user = await userAccounts(repos).findById(row.user_id);
      if (!user || user.status !== 'active' || !emailSettled(user)) {
        await repos.auth.revokeFamily(row.family_id, now);
        return { ok: false as const, reason: 'account not usable', user };
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
      if ('user' in outcome && outcome.user) throw this.#signInRefusal(outcome.user);
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

  /** Sign out everywhere: every session of the account ends, the caller's too. */
  async logoutAll(userId: string): Promise<void> {
    await this.#d.data.repos.auth.revokeAllFamilies(userId, this.#d.now());
  }

  /**
   * Bearer check: a valid JWT whose session is neither revoked nor expired, user active. The
   * session's state comes from the read cache: a revocation (logout, sign out everywhere,
   * password change, refresh-token reuse) or a change of the account (status, verification,
   * deletion) drops it on every instance as it commits (migration 0018's triggers).
   */
  async authenticate(accessToken: string): Promise<AuthContext> {
    const claims = await this.#d.tokens.verifyAccessToken(accessToken);
    if (!claims) throw new UnauthorizedError('invalid or expired access token');
    const session = await this.#d.cache.read(`session:${claims.sessionId}`, async () => {
      const found = await this.#d.data.repos.auth.findSession(claims.sessionId);
      const usable = found && !found.revokedAt && found.userStatus === 'active';
      return {
        value: found,
        // Only usable sessions are kept: a refused token costs its query every time.
        tags: usable ? [`s:${claims.sessionId}`, `u:${found.userId}`] : null,
        until: found?.familyExpiresAt ?? null,
      };
    });
    const now = this.#d.now().getTime();
    if (
      !session ||
      session.userId !== claims.userId ||
      session.revokedAt ||
      session.familyExpiresAt.getTime() <= now ||
      session.userStatus !== 'active' ||
      !session.emailSettled
    ) {
      throw new UnauthorizedError('session revoked or expired');
    }
    return claims;
  }

  #signInRefusal(user: UserRow): AppError {
    if (user.status !== 'active') return new AccountStatusError(user.status);
    return new EmailNotVerifiedError();
  }

  /** Sends the code mail; if that fails the code is dropped so an immediate resend works. */
  async #mailCode(to: string, user: UserRow, issued: IssuedCode): Promise<void> {
    const mail = verificationCodeMail({
      to,
      code: issued.code,
      locale: user.language,
      expiresInSeconds: issued.expiresIn,
      publicUrl: this.#d.publicUrl,
    });
    await this.#d.codes.mail(this.#d.data.repos, issued, () => this.#d.mailer.send(mail), {
      log: this.#d.log,
      what: 'verification',
    });
  }
}
