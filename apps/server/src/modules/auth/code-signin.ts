import { EMAIL_CODE_TTL_SECONDS, type AuthResponse, type CodeSendResponse } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailCodePurpose } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { signInCodeMail } from '../../mail/account-mails.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { AuthRepositories } from './repositories.ts';
import type { EmailCodes } from './codes.ts';
import type { Quotas } from '../quotas/index.ts';
import { InvalidVerificationCodeError } from './errors.ts';
import type { LoginLimits } from './login-limits.ts';
import { assertCanSignIn, emailSettled, type Sessions } from './sessions.ts';
import { userAccounts } from '../users/index.ts';

const SIGN_IN: EmailCodePurpose = 'sign_in';

interface CodeSignInDeps {
  data: DataAccess<AuthRepositories>;
  codes: EmailCodes;
  sessions: Sessions;
  mailer: Mailer;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  quotas: Quotas;
  limits: LoginLimits;
}

/**
 * Sign-in with a mailed 6-digit code (and the same code in a magic link). Only active accounts
 * with a verified email get a code, but every address gets the same answer (OWASP ASVS V6.3.8):
 * 200 with the same body, the same per-address send limit (1 a minute, 5 an hour, counted for
 * unknown addresses too, so a 429 tells nothing either). An unknown, unverified, suspended or
 * deleted address gets no mail at all (no "sign up here" mail: the form must not become a way to
 * mail strangers). POST /api/auth/check-email still tells registered addresses apart, by the spec,
 * under its own per-IP cap. Only a failing mail server (502 SEND_CODE_FAILED) tells: an outage,
 * not something a caller can cause.
 */
export class CodeSignInService {
  constructor(private readonly d: CodeSignInDeps) {}

  async send(email: string): Promise<CodeSendResponse> {
    const sent = await this.d.quotas.addressMail(SIGN_IN, email);
    const answer = { email, codeExpiresIn: EMAIL_CODE_TTL_SECONDS, resendIn: sent.resendIn };
    const now = this.d.now();
    const prepared = await this.d.data.transaction(async (repos) => {
      const user = await userAccounts(repos).findByEmailForUpdate(email);
      if (!user || user.status !== 'active' || !emailSettled(user)) return null;
      // The address limit above is the same as this one; kept as the account's own record.
      if ((await this.d.codes.waitBeforeSend(repos, user.id, SIGN_IN, now)) > 0) return null;
      return { user, issued: await this.d.codes.issue(repos, user.id, SIGN_IN, now) };
    });
    if (!prepared) return answer;
    const mail = signInCodeMail({
      to: email,
      code: prepared.issued.code,
      locale: prepared.user.language,
      expiresInSeconds: prepared.issued.expiresIn,
      publicUrl: this.d.publicUrl,
    });
    try {
      await this.d.codes.mail(this.d.data.repos, prepared.issued, () => this.d.mailer.send(mail), {
        log: this.d.log,
        what: 'sign-in code',
      });
    } catch (error) {
      await sent.refund();
      throw error;
    }
    return answer;
  }

  /**
   * Checks the code, then whether the account may sign in (so a status is told only to whoever
   * holds a mailed code). Success clears the account's failed password sign-ins: the owner is
   * never kept out by guesses made at their password.
   */
  async verify(email: string, code: string, ip: string): Promise<AuthResponse> {
    const now = this.d.now();
    const outcome = await this.d.data.transaction(async (repos) => {
      const user = await userAccounts(repos).findByEmailForUpdate(email);
      if (!user) return { ok: false as const, error: new InvalidVerificationCodeError() };
      const error = await this.d.codes.check(repos, user, SIGN_IN, code, now);
      if (error) return { ok: false as const, error };
      assertCanSignIn(user);
      const session = await this.d.sessions.start(repos, user.id, now);
      return { ok: true as const, user, session };
    });
    if (!outcome.ok) throw outcome.error;
    await this.d.limits.recordSuccess(email, ip);
    return this.d.sessions.respond(outcome.user, outcome.session);
  }
}
