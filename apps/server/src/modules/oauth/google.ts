import type * as Oidc from 'openid-client';

/** openid-client, loaded on the first Google sign-in (the idle server does not hold it). */
const loadOidc = () => import('openid-client');
import type { OAuthConfig } from '../../config-accounts.ts';
import { OAuthFailedError } from './errors.ts';

interface GoogleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

type GoogleSettings = NonNullable<OAuthConfig['google']>;

/**
 * Google sign-in through OpenID Connect (openid-client): authorization code flow with PKCE S256,
 * state and nonce. Discovery runs on first use and is retried after a failure.
 */
export class GoogleOidc {
  #config: Promise<Oidc.Configuration> | null = null;

  constructor(private readonly settings: GoogleSettings) {}

  #configuration(): Promise<Oidc.Configuration> {
    this.#config ??= (async () => {
      const issuer = new URL(this.settings.issuer);
      // Plain http only for a local issuer (the tests' provider); Google itself is https.
      const local = issuer.protocol === 'http:';
      const oidc = await loadOidc();
      return oidc.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
        timeout: 10,
        ...(local ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
    })().catch((error: unknown) => {
      this.#config = null;
      throw new OAuthFailedError('OIDC discovery failed', error);
    });
    return this.#config;
  }

  /** A new verifier, state and nonce, and the URL that starts the flow at the provider. */
  async start(redirectUri: string): Promise<{
    url: string;
    state: string;
    nonce: string;
    verifier: string;
  }> {
    const config = await this.#configuration();
    const oidc = await loadOidc();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, verifier };
  }

  /**
   * Redeems the code (with the PKCE verifier) and checks the ID token: signature, issuer,
   * audience, expiry, state and nonce. Any failure is OAUTH_FAILED.
   */
  async finish(input: {
    callbackUrl: URL;
    state: string;
    nonce: string;
    verifier: string;
  }): Promise<GoogleIdentity> {
    const config = await this.#configuration();
    const oidc = await loadOidc();
    let claims: Oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
        pkceCodeVerifier: input.verifier,
        expectedState: input.state,
        expectedNonce: input.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new OAuthFailedError(
        `OIDC code exchange failed: ${error instanceof Error ? error.message : String(error)}`,
        error,
      );
    }
    if (!claims?.sub) throw new OAuthFailedError('ID token without a subject');
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null;
    return {
      subject: claims.sub,
      email,
      emailVerified: claims.email_verified === true,
      name,
    };
  }
}
