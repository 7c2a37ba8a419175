import type { FastifyBaseLogger, FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { OAuthConfig } from '../../config-accounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthService } from '../auth/service.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { EventPublisher } from '../events/bus.ts';
import { FlowCookie } from '../oauth/flow-cookie.ts';
import { GoogleOidc } from '../oauth/google.ts';
import { oauthRoutes } from '../oauth/routes.ts';
import { OAuthService } from '../oauth/service.ts';
import { WechatConnect } from '../oauth/wechat.ts';
import type { ProjectDeletionListener } from '../projects/service.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { usersRoutes } from '../users/routes.ts';
import { UsersService } from '../users/service.ts';
import { accountRoutes } from './routes.ts';
import { AccountService } from './service.ts';

export interface AccountsModuleDeps {
  data: DataAccess;
  auth: AuthService;
  sessions: Sessions;
  passwords: PasswordHasher;
  events: EventPublisher;
  requireAuth: onRequestAsyncHookHandler;
  storage: ObjectStorage;
  deletionListeners: ProjectDeletionListener[];
  oauth: OAuthConfig;
  publicUrl: string;
  tokenHmacSecret: string;
  now: Clock;
  log: FastifyBaseLogger;
}

/** Profile and settings, Google/WeChat sign-in and connectors, password and account deletion. */
export async function registerAccounts(app: FastifyInstance, deps: AccountsModuleDeps) {
  const users = new UsersService({
    data: deps.data,
    now: deps.now,
    log: deps.log,
    storage: deps.storage,
  });
  const cookie = new FlowCookie(deps.tokenHmacSecret, deps.publicUrl.startsWith('https:'));
  const oauth = new OAuthService({
    data: deps.data,
    sessions: deps.sessions,
    cookie,
    google: deps.oauth.google ? new GoogleOidc(deps.oauth.google) : null,
    wechat: deps.oauth.wechat ? new WechatConnect(deps.oauth.wechat) : null,
    publicUrl: deps.publicUrl,
    now: deps.now,
    log: deps.log,
  });
  const account = new AccountService({
    data: deps.data,
    passwords: deps.passwords,
    events: deps.events,
    providers: () => oauth.providers(),
    deletionListeners: deps.deletionListeners,
    storage: deps.storage,
    now: deps.now,
    log: deps.log,
  });
  await app.register(usersRoutes, { users, requireAuth: deps.requireAuth });
  await app.register(oauthRoutes, { oauth, auth: deps.auth, cookie });
  await app.register(accountRoutes, { account, requireAuth: deps.requireAuth });
  return { users, oauth, account };
}
