import type { Clock } from '../../lib/clock.ts';
import type { CachedReads } from '../cache/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { AuthRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import type { Quotas } from '../quotas/index.ts';
import { CodeSignInService } from './code-signin.ts';
import { EmailCodes } from './codes.ts';
import { createAuthGuard } from './guard.ts';
import { LoginLimits } from './login-limits.ts';
import { PasswordResetService } from './password-reset.ts';
import { PasswordHasher } from './passwords.ts';
import { authRoutes } from './routes.ts';
import { AuthService } from './service.ts';
import { Sessions } from './sessions.ts';
import { TokenService } from './tokens.ts';

export {
  CurrentPasswordIncorrectError,
  PasswordUpdateFailedError,
  SameAsOldPasswordError,
} from './errors.ts';
export type { EmailCodes } from './codes.ts';
export { SendCodeFailedError } from './errors.ts';
export { requestLogSerializer } from './log-redaction.ts';
export { assertStrongPassword } from './password-reset.ts';
export { PasswordHasher } from './passwords.ts';
export { AuthService } from './service.ts';
export { assertActive, assertCanSignIn, Sessions } from './sessions.ts';
export {
  createAuthRepositories,
  type AuthRepositories,
  authTokens,
  type AuthTokens,
} from './repositories.ts';

export interface AuthDeps {
  data: DataAccess<AuthRepositories>;
  /** Caps on e-mail checks and sign-ups per client IP. */
  quotas: Quotas;
  mailer: Mailer;
  now: Clock;
  publicUrl: string;
  jwtSecret: string;
  tokenHmacSecret: string;
  /** The hot reads' cache: the bearer check keeps sessions in it. */
  cache: CachedReads;
}

export interface AuthModule {
  auth: AuthService;
  sessions: Sessions;
  passwords: PasswordHasher;
  /** The mailed one-time codes (for adding an email to an account without one). */
  codes: EmailCodes;
  /** onRequest hook of protected routes: 401 unless the bearer token is good. */
  requireAuth: ReturnType<typeof createAuthGuard>;
}

/**
 * Sign-up, sign-in (password and email code), refresh, sign-out and password reset, over one
 * shared code store, session issuer and sign-in limits; and the bearer guard every module uses.
 */
export const register: RegisterModule<AuthDeps, AuthModule> = async (app, deps) => {
  const { data, mailer, now, publicUrl } = deps;
  const log = app.log;
  const passwords = new PasswordHasher();
  await passwords.warmUp();
  const tokens = new TokenService({
    jwtSecret: deps.jwtSecret,
    hmacSecret: deps.tokenHmacSecret,
    now,
  });
  const shared = { data, passwords, tokens, mailer, now, publicUrl, log };
  const sessions = new Sessions(tokens);
  const codes = new EmailCodes(tokens);
  const limits = new LoginLimits(data, now);
  const auth = new AuthService({
    ...shared,
    sessions,
    codes,
    limits,
    quotas: deps.quotas,
    cache: deps.cache,
  });
  const codeSignIn = new CodeSignInService({
    ...shared,
    codes,
    sessions,
    quotas: deps.quotas,
    limits,
  });
  const passwordReset = new PasswordResetService({ ...shared, codes, sessions, limits });
  const requireAuth = createAuthGuard(auth);
  await app.register(authRoutes, { auth, codeSignIn, passwordReset, requireAuth });
  return { auth, sessions, passwords, codes, requireAuth };
};
