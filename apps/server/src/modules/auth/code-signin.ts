import { type AuthResponse, type CodeSendResponse } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailCodePurpose } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { signInCodeMail } from '../../mail/account-mails.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { EmailCodes } from './codes.ts';
import { EmailNotRegisteredError, InvalidVerificationCodeError } from './errors.ts';
import { assertCanSignIn, type Sessions } from './sessions.ts';

const SIGN_IN: EmailCodePurpose = 'sign_in';

export interface CodeSignInDeps {
  data: DataAccess;
  codes: EmailCodes;
  sessions: Sessions;
  mailer: Mailer;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Sign-in with a mailed 6-digit code (and the same code in a magic link). Only registered,
 * verified, active accounts get a code. An unknown address answers 404 EMAIL_NOT_REGISTERED:
 * the spec lists that text for this form, and POST /api/auth/check-email already tells anyone
 * whether an address is registered, so hiding it here would protect nothing.
 */
export class CodeSignInService {
  constructor(private readonly d: CodeSignInDeps) {}

  async send(email: string): Promise<CodeSendResponse> {
    const now = this.d.now();
    const { user, issued } = await this.d.data.transaction(async (repos) => {
      const user = await repos.users.findByEmailForUpdate(email);
      if (!user || user.status === 'deleted') throw new EmailNotRegisteredError();
      assertCanSignIn(user);
      await this.d.codes.assertMaySend(repos, user.id, SIGN_IN, now);
      return { user, issued: await this.d.codes.issue(repos, user.id, SIGN_IN, now) };
    });
    const mail = signInCodeMail({
      to: email,
      code: issued.code,
      locale: user.language,
      expiresInSeconds: issued.expiresIn,
      publicUrl: this.d.publicUrl,
    });
    await this.d.codes.mail(this.d.data.repos, issued, () => this.d.mailer.send(mail), {
      log: this.d.log,
      what: 'sign-in code',
    });
    const resendIn = await this.d.codes.waitBeforeSend(this.d.data.repos, user.id, SIGN_IN, now);
    return { email, codeExpiresIn: issued.expiresIn, resendIn: Math.ceil(resendIn) };
  }

  async verify(email: string, code: string): Promise<AuthResponse> {
    const now = this.d.now();
    const outcome = await this.d.data.transaction(async (repos) => {
      const user = await repos.users.findByEmailForUpdate(email);
      if (!user) return { ok: false as const, error: new InvalidVerificationCodeError() };
      assertCanSignIn(user);
      const error = await this.d.codes.check(repos, user, SIGN_IN, code, now);
      if (error) return { ok: false as const, error };
      const session = await this.d.sessions.start(repos, user.id, now);
      return { ok: true as const, user, session };
    });
    if (!outcome.ok) throw outcome.error;
    return this.d.sessions.respond(outcome.user, outcome.session);
  }
}
