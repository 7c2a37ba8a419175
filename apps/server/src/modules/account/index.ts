import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import type { EmailCodes, PasswordHasher } from '../auth/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { EventPublisher } from '../events/index.ts';
import type { RegisterModule } from '../module.ts';
import type { OAuthService } from '../oauth/index.ts';
import type { ProjectDeletionListener } from '../projects/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { AccountEmailService } from './email.ts';
import { accountRoutes } from './routes.ts';
import { AccountService } from './service.ts';

export interface AccountDeps {
  /** Account owns no tables: it changes users, projects and members through their functions. */
  data: DataAccess<DataScope>;
  passwords: PasswordHasher;
  /** The mailed codes that add an email to an account without one. */
  codes: EmailCodes;
  mailer: Mailer;
  publicUrl: string;
  events: EventPublisher;
  /** Which sign-in methods exist (the last one cannot be unlinked). */
  oauth: OAuthService;
  /** The projects module's live list: deleting an account deletes the projects it owns alone. */
  deletionListeners: ProjectDeletionListener[];
  storage: ObjectStorage;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
}

/** Password change, adding an email, sign-in connectors, and account deletion. */
export const register: RegisterModule<AccountDeps, { account: AccountService }> = async (
  app,
  deps,
) => {
  const account = new AccountService({
    data: deps.data,
    passwords: deps.passwords,
    events: deps.events,
    providers: () => deps.oauth.providers(),
    deletionListeners: deps.deletionListeners,
    storage: deps.storage,
    now: deps.now,
    log: app.log,
  });
  const email = new AccountEmailService({
    data: deps.data,
    codes: deps.codes,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    now: deps.now,
    log: app.log,
  });
  await app.register(accountRoutes, { account, email, requireAuth: deps.requireAuth });
  return { account };
};
