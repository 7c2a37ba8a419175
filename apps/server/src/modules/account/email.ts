import type { AddEmailResponse, Profile } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { addEmailCodeMail } from '../../mail/account-mails.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import { assertActive, authTokens, type EmailCodes } from '../auth/index.ts';
import {
  EmailAlreadyRegisteredError,
  toProfile,
  userAccounts,
  UserNotFoundError,
} from '../users/index.ts';
import { EmailAlreadySetError } from './errors.ts';

const ADD_EMAIL = 'add_email' as const;

interface AccountEmailDeps {
  data: DataAccess<DataScope>;
  codes: EmailCodes;
  mailer: Mailer;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * An email for an account made without one (WeChat sign-in): the address gets a 6-digit code
 * (the shared code store: HMAC only, 1 a minute and 5 an hour, five misses kill it), and becomes
 * the account's, verified, once the code comes back. Until then the account gets no mail.
 */
export class AccountEmailService {
  constructor(private readonly d: AccountEmailDeps) {}

  async send(userId: string, email: string): Promise<AddEmailResponse> {
    const now = this.d.now();
    const { user, issued } = await this.d.data.transaction(async (repos) => {
      const user = await userAccounts(repos).findByIdForUpdate(userId);
      if (!user) throw new UserNotFoundError();
      assertActive(user);
      if (user.email !== null) throw new EmailAlreadySetError();
      // Any account holding the address, verified or not, keeps it (the same answer sign-up and
      // POST /api/auth/check-email give).
      if (await userAccounts(repos).findByEmail(email)) throw new EmailAlreadyRegisteredError();
      await this.d.codes.assertMaySend(repos, user.id, ADD_EMAIL, now);
      return { user, issued: await this.d.codes.issue(repos, user.id, ADD_EMAIL, now, email) };
    });
    const mail = addEmailCodeMail({
      to: email,
      code: issued.code,
      locale: user.language,
      expiresInSeconds: issued.expiresIn,
      publicUrl: this.d.publicUrl,
    });
    await this.d.codes.mail(this.d.data.repos, issued, () => this.d.mailer.send(mail), {
      log: this.d.log,
      what: 'add-email code',
    });
    const resendIn = await this.d.codes.waitBeforeSend(this.d.data.repos, user.id, ADD_EMAIL, now);
    return { email, codeExpiresIn: issued.expiresIn, resendIn: Math.ceil(resendIn) };
  }

  /** The mailed code back: the address it went to becomes the account's, verified. */
  async confirm(userId: string, code: string): Promise<Profile> {
    const now = this.d.now();
    const outcome = await this.d.data.transaction(async (repos) => {
      const user = await userAccounts(repos).findByIdForUpdate(userId);
      if (!user) throw new UserNotFoundError();
      assertActive(user);
      if (user.email !== null) throw new EmailAlreadySetError();
      const active = await authTokens(repos).activeCodeForUpdate(user.id, ADD_EMAIL);
      // Counted in the committed transaction; the fifth miss kills the code.
      const error = await this.d.codes.check(repos, user, ADD_EMAIL, code, now);
      if (error) return { ok: false as const, error };
      const email = active?.email;
      if (!email) throw new Error('an add_email code without its address');
      // The unique index decides a race with a sign-up of the same address.
      const updated = await userAccounts(repos).setVerifiedEmail(user.id, email, now);
      return { ok: true as const, user: updated };
    });
    if (!outcome.ok) throw outcome.error;
    this.d.log.info({ userId }, 'email added to an account without one');
    return toProfile(outcome.user);
  }
}
