import type { OAuthConfig } from '../../config-accounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { OauthRepositories } from './repositories.ts';
import type { AuthService, Sessions } from '../auth/index.ts';
import type { RegisterModule } from '../module.ts';
import { FlowCookie } from './flow-cookie.ts';
import { GoogleOidc } from './google.ts';
import { oauthRoutes } from './routes.ts';
import { OAuthService } from './service.ts';
import { WechatConnect } from './wechat.ts';

export { OAuthService, toConnector } from './service.ts';
export {
  createOauthRepositories,
  type OauthRepositories,
  linkedIdentities,
  type LinkedIdentities,
} from './repositories.ts';

export interface OAuthDeps {
  data: DataAccess<OauthRepositories>;
  auth: AuthService;
  sessions: Sessions;
  oauth: OAuthConfig;
  publicUrl: string;
  tokenHmacSecret: string;
  now: Clock;
}

/** Google and WeChat sign-in, and linking them to the signed-in account. */
export const register: RegisterModule<OAuthDeps, { oauth: OAuthService }> = async (app, deps) => {
  const cookie = new FlowCookie(deps.tokenHmacSecret, deps.publicUrl.startsWith('https:'));
  const oauth = new OAuthService({
    data: deps.data,
    sessions: deps.sessions,
    cookie,
    google: deps.oauth.google ? new GoogleOidc(deps.oauth.google) : null,
    wechat: deps.oauth.wechat ? new WechatConnect(deps.oauth.wechat) : null,
    publicUrl: deps.publicUrl,
    now: deps.now,
    log: app.log,
  });
  await app.register(oauthRoutes, { oauth, auth: deps.auth, cookie });
  return { oauth };
};
