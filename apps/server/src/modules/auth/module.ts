import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import { CodeSignInService } from './code-signin.ts';
import { EmailCodes } from './codes.ts';
import { LoginLimits } from './login-limits.ts';
import { PasswordResetService } from './password-reset.ts';
import type { PasswordHasher } from './passwords.ts';
import { AuthService } from './service.ts';
import { Sessions } from './sessions.ts';
import type { TokenService } from './tokens.ts';

export interface AuthServicesDeps {
  data: DataAccess;
  passwords: PasswordHasher;
  tokens: TokenService;
  mailer: Mailer;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The auth services over one shared code store, session issuer and sign-in limits. */
export function createAuthServices(deps: AuthServicesDeps) {
  const sessions = new Sessions(deps.tokens);
  const codes = new EmailCodes(deps.tokens);
  const limits = new LoginLimits(deps.data, deps.now);
  const auth = new AuthService({ ...deps, sessions, codes, limits });
  const codeSignIn = new CodeSignInService({ ...deps, codes, sessions });
  const passwordReset = new PasswordResetService({ ...deps, codes, sessions });
  return { auth, codeSignIn, passwordReset, sessions };
}
