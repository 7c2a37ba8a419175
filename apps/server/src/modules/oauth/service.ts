import { randomBytes } from 'node:crypto';
import type {
  AuthProviders,
  Connector,
  Locale,
  OAuthCallbackBody,
  OAuthCallbackResponse,
  OAuthProvider,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { UserIdentityRow, UserRow } from '../../db/schema.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import { safeEqual } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { OauthRepositories } from './repositories.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { assertActive, assertCanSignIn, authTokens, type Sessions } from '../auth/index.ts';
import { newProjectMetadata, projectRows } from '../projects/index.ts';
import {
  IdentityLinkedToOtherAccountError,
  OAuthCancelledError,
  OAuthEmailNotVerifiedError,
  OAuthFailedError,
  OAuthProviderDisabledError,
  OAuthStateInvalidError,
} from './errors.ts';
import { FLOW_TTL_SECONDS, type FlowCookie, type OAuthFlow } from './flow-cookie.ts';
import type { GoogleOidc } from './google.ts';
import type { WechatConnect } from './wechat.ts';
import { userAccounts } from '../users/index.ts';

interface OAuthServiceDeps {
  data: DataAccess<OauthRepositories>;
  sessions: Sessions;
  cookie: FlowCookie;
  google: GoogleOidc | null;
  wechat: WechatConnect | null;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
}

/** What the provider told us about the person, in one shape for both providers. */
interface ProviderIdentity {
  provider: OAuthProvider;
  subject: string;
  unionId: string | null;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
}

export function toConnector(
  provider: OAuthProvider,
  available: boolean,
  identity: UserIdentityRow | undefined,
): Connector {
  return {
    provider,
    available,
    linked: Boolean(identity),
    display_name: identity?.display_name ?? null,
    email: identity?.email ?? null,
    linked_at: identity?.created_at.toISOString() ?? null,
  };
}

/**
 * Google (OIDC) and WeChat sign-in and linking. The round trip is bound to the browser by the
 * signed flow cookie; the provider returns to the web page /callback, which posts the query here,
 * so tokens travel in a response body only, never in a URL.
 */
export class OAuthService {
  constructor(private readonly d: OAuthServiceDeps) {}

  providers(): AuthProviders {
    return { google: Boolean(this.d.google), wechat: Boolean(this.d.wechat) };
  }

  get redirectUri(): string {
    return `${this.d.publicUrl}/callback`;
  }

  async start(
    provider: OAuthProvider,
    input: { mode: 'signin' | 'link'; redirect?: string },
    caller: AuthContext | null,
  ): Promise<{ authorizationUrl: string; setCookie: string }> {
    if (input.mode === 'link' && !caller) throw new UnauthorizedError('linking needs a sign-in');
    const base = {
      provider,
      mode: input.mode,
      redirect: input.redirect ?? null,
      userId: input.mode === 'link' ? caller!.userId : null,
      expiresAt: this.d.now().getTime() + FLOW_TTL_SECONDS * 1000,
    };
    let flow: OAuthFlow;
    let authorizationUrl: string;
    if (provider === 'google') {
      if (!this.d.google) throw new OAuthProviderDisabledError(provider);
      const started = await this.d.google.start(this.redirectUri);
      flow = { ...base, state: started.state, nonce: started.nonce, verifier: started.verifier };
      authorizationUrl = started.url;
    } else {
      if (!this.d.wechat) throw new OAuthProviderDisabledError(provider);
      const state = randomBytes(24).toString('base64url');
      flow = { ...base, state, nonce: null, verifier: null };
      authorizationUrl = this.d.wechat.authorizationUrl(this.redirectUri, state);
    }
    return { authorizationUrl, setCookie: this.d.cookie.serialize(flow) };
  }

  /**
   * Finishes a round trip: the flow cookie must exist and hold the returned state; then the
   * provider's code is redeemed and the person signed in (or linked, in mode link).
   */
  async callback(
    cookieHeader: string | undefined,
    body: OAuthCallbackBody,
    caller: AuthContext | null,
    language: Locale,
  ): Promise<OAuthCallbackResponse> {
    const flow = this.d.cookie.read(cookieHeader, this.d.now());
    if (!flow) throw new OAuthStateInvalidError('no valid flow cookie');
    if (!body.state || !safeEqual(body.state, flow.state)) {
      throw new OAuthStateInvalidError('state does not match the flow cookie');
    }
    if (body.error) {
      if (body.error === 'access_denied') throw new OAuthCancelledError();
      throw new OAuthFailedError(`provider error: ${body.error}`);
    }
    if (!body.code) throw new OAuthFailedError('callback without a code');
    if (flow.mode === 'link' && caller && caller.userId !== flow.userId) {
      throw new OAuthStateInvalidError('linking flow of another user');
    }
    const identity = await this.#identify(flow, body);
    if (flow.mode === 'link') {
      const connector = await this.#link(flow.userId!, identity);
      return { mode: 'link', provider: flow.provider, redirect: flow.redirect, connector };
    }
    const { user, created, session } = await this.#signIn(identity, language);
    const auth = await this.d.sessions.respond(user, session);
    return { mode: 'signin', provider: flow.provider, redirect: flow.redirect, created, auth };
  }

  async #identify(flow: OAuthFlow, body: OAuthCallbackBody): Promise<ProviderIdentity> {
    if (flow.provider === 'google') {
      if (!this.d.google || !flow.nonce || !flow.verifier) {
        throw new OAuthProviderDisabledError('google');
      }
      const callbackUrl = new URL(this.redirectUri);
      callbackUrl.searchParams.set('code', body.code!);
      callbackUrl.searchParams.set('state', body.state!);
      if (body.iss) callbackUrl.searchParams.set('iss', body.iss);
      const google = await this.d.google.finish({
        callbackUrl,
        state: flow.state,
        nonce: flow.nonce,
        verifier: flow.verifier,
      });
      return {
        provider: 'google',
        subject: google.subject,
        unionId: null,
        email: google.email,
        emailVerified: google.emailVerified,
        displayName: google.name,
      };
    }
    if (!this.d.wechat) throw new OAuthProviderDisabledError('wechat');
    const wechat = await this.d.wechat.finish(body.code!);
    return {
      provider: 'wechat',
      subject: wechat.openid,
      unionId: wechat.unionid,
      email: null,
      emailVerified: false,
      displayName: wechat.nickname,
    };
  }

  async #findLinked(repos: OauthRepositories, identity: ProviderIdentity) {
    return (
      (await repos.identities.findBySubject(identity.provider, identity.subject)) ??
      (identity.unionId
        ? await repos.identities.findByUnionId(identity.provider, identity.unionId)
        : undefined)
    );
  }

  async #link(userId: string, identity: ProviderIdentity): Promise<Connector> {
    const now = this.d.now();
    const row = await this.d.data.transaction(async (repos) => {
      const user = await userAccounts(repos).findByIdForUpdate(userId);
      if (!user) throw new UnauthorizedError('linking user is gone');
      assertActive(user);
      const existing = await this.#findLinked(repos, identity);
      if (existing && existing.user_id !== userId) throw new IdentityLinkedToOtherAccountError();
      return repos.identities.link({ userId, ...this.#identityValues(identity), now });
    });
    return toConnector(identity.provider, true, row);
  }

  async #signIn(identity: ProviderIdentity, language: Locale) {
    const now = this.d.now();
    const outcome = await this.d.data.transaction(async (repos) => {
      const linked = await this.#findLinked(repos, identity);
      if (linked) {
        const user = await userAccounts(repos).findByIdForUpdate(linked.user_id);
        if (!user) throw new OAuthFailedError('identity without a user');
        assertCanSignIn(user);
        return { user, created: false, session: await this.d.sessions.start(repos, user.id, now) };
      }
      let user: UserRow | undefined;
      let created = false;
      if (identity.provider === 'wechat') {
        // WeChat tells no email: a new account without one (its owner may add one later, with a
        // mailed code, for the features that mail).
        user = await this.#create(repos, null, identity, language);
        created = true;
      } else {
        if (!identity.email || !identity.emailVerified) throw new OAuthEmailNotVerifiedError();
        // The address is Google-verified: it signs into the account that holds it (claiming a
        // sign-up that never verified it), or becomes a new account's.
        user = await userAccounts(repos).findByEmailForUpdate(identity.email);
        if (user) {
          assertActive(user);
          if (!user.email_verified) user = await this.#claimUnverified(repos, user, now);
        } else {
          user = await this.#create(repos, identity.email, identity, language);
          created = true;
        }
      }
      await repos.identities.link({ userId: user.id, ...this.#identityValues(identity), now });
      return { user, created, session: await this.d.sessions.start(repos, user.id, now) };
    });
    return outcome;
  }

  /** A new account with its Default Project; `email` (verified by the provider) or none. */
  async #create(
    repos: OauthRepositories,
    email: string | null,
    identity: ProviderIdentity,
    language: Locale,
  ): Promise<UserRow> {
    const user = await userAccounts(repos).create({
      email,
      email_verified: email !== null,
      password_hash: null,
      language,
      full_name: identity.displayName,
    });
    await projectRows(repos).createDefaultProject(user.id, newProjectMetadata(user.id));
    this.d.log.info({ userId: user.id, provider: identity.provider }, 'account made by sign-in');
    return user;
  }

  /**
   * A sign-up that never verified its email, claimed by the provider-verified owner of the
   * address: the email becomes verified and the unverified password is dropped (whoever signed
   * up may not have been the owner).
   */
  async #claimUnverified(repos: OauthRepositories, user: UserRow, now: Date): Promise<UserRow> {
    const claimed = await userAccounts(repos).update(user.id, {
      email_verified: true,
      password_hash: null,
      updated_at: now,
    });
    await authTokens(repos).revokeAllFamilies(user.id, now);
    this.d.log.info({ userId: user.id }, 'unverified sign-up claimed through a provider');
    return claimed ?? user;
  }

  #identityValues(identity: ProviderIdentity) {
    return {
      provider: identity.provider,
      subject: identity.subject,
      unionId: identity.unionId,
      email: identity.email,
      displayName: identity.displayName,
    };
  }
}
