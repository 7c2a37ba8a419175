import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_LIFETIME_DAYS, type AuthResponse } from '@truss/contracts';
import type { UserRow } from '../../db/schema.ts';
import { addSeconds } from '../../lib/clock.ts';
import { toProfile } from '../users/index.ts';
import { AccountStatusError, EmailNotVerifiedError } from './errors.ts';
import type { TokenService } from './tokens.ts';
import type { DataScope } from '../../repositories.ts';
import { createAuthRepositories } from './repositories.ts';

const DAY_SECONDS = 24 * 60 * 60;

interface StartedSession {
  familyId: string;
  refreshToken: string;
}

/** Refuses sign-in for any status but active. */
export function assertActive(user: UserRow): void {
  if (user.status !== 'active') throw new AccountStatusError(user.status);
}

/**
 * The account's email does not stand in the way of signing in: it is verified, or there is none
 * (a WeChat sign-up: an address is only ever added to it once its mailed code came back).
 */
export function emailSettled(user: Pick<UserRow, 'email' | 'email_verified'>): boolean {
  return user.email_verified || user.email === null;
}

/**
 * Whether the account may sign in at all: active, and its email (if any) verified. Every
 * sign-in path (password, code, reset link, Google, WeChat, refresh) asks this.
 */
export function assertCanSignIn(user: UserRow): void {
  assertActive(user);
  if (!emailSettled(user)) throw new EmailNotVerifiedError();
}

/** New refresh-token families (one per sign-in) and the token response of a sign-in. */
export class Sessions {
  constructor(private readonly tokens: TokenService) {}

  async start(scope: DataScope, userId: string, now: Date): Promise<StartedSession> {
    const repos = createAuthRepositories(scope.executor);
    const familyId = randomUUID();
    const refreshToken = this.tokens.newRefreshToken();
    await repos.auth.insertRefreshToken({
      family_id: familyId,
      user_id: userId,
      token_hash: this.tokens.hashRefreshToken(refreshToken),
      parent_id: null,
      created_at: now,
      family_expires_at: addSeconds(now, REFRESH_TOKEN_LIFETIME_DAYS * DAY_SECONDS),
    });
    return { familyId, refreshToken };
  }

  /** Signs the access token of a started session (after its transaction committed). */
  async respond(user: UserRow, session: StartedSession): Promise<AuthResponse> {
    const access = await this.tokens.signAccessToken({
      userId: user.id,
      sessionId: session.familyId,
    });
    return { ...access, refreshToken: session.refreshToken, user: toProfile(user) };
  }
}
