import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** A person who can sign in at the test provider. */
export interface OidcTestAccount {
  /** The `sub` claim (also what the sign-in page's button posts). */
  sub: string;
  email: string;
  /** Default true. */
  email_verified?: boolean;
  name?: string;
}

export interface OidcTestProvider {
  /** http://127.0.0.1:<port> — set as GOOGLE_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts can be added while it runs. */
  accounts: Map<string, OidcTestAccount>;
  close(): Promise<void>;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID Connect provider (npm `oidc-provider`) on 127.0.0.1 for tests, standing in for
 * Google: discovery, authorization with PKCE, token endpoint with ID tokens (RS256).
 * The login page lists the accounts as buttons ("Sign in as <email>"); consent is given
 * automatically. The redirect URI registered for the client is `redirectUri`.
 */
export async function startOidcProvider(options: {
  port?: number;
  accounts: OidcTestAccount[];
  /** Where the provider sends the browser back to (the app's PUBLIC_URL/callback). */
  redirectUri: string;
}): Promise<OidcTestProvider> {
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  const clientId = `truss-test-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  let provider: Provider | null = null;
  const server = createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    const active = provider;
    void handle(active, req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the claims into the ID token; so does this provider.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified ?? true,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
  };
  provider = new Provider(issuer, configuration);

  async function handle(active: Provider, req: IncomingMessage, res: ServerResponse) {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) {
      active.callback()(req, res);
      return;
    }
    const details = await active.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (req.method === 'POST' && match[2]) {
        const form = await readForm(req);
        const sub = form.get('sub') ?? '';
        if (!accounts.has(sub)) {
          res.statusCode = 400;
          res.end('unknown account');
          return;
        }
        await active.interactionFinished(
          req,
          res,
          { login: { accountId: sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const buttons = [...accounts.values()]
        .map(
          (account) =>
            `<form method="post" action="/interaction/${details.uid}/login"><input type="hidden" name="sub" value="${escape(account.sub)}"><button type="submit">Sign in as ${escape(account.email)}</button></form>`,
        )
        .join('\n');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html><head><title>Test identity provider</title></head><body><h1>Choose an account</h1>${buttons}</body></html>`,
      );
      return;
    }
    // Consent: granted at once for what the client asked.
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent without a session');
    const grant = details.grantId
      ? await active.Grant.find(details.grantId)
      : new active.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await active.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser at the provider without a browser: opens `authorizationUrl`, signs in as
 * `sub` and follows the redirects (keeping the provider's cookies) until the provider sends the
 * browser to the app's redirect URI; returns that URL (with code, state and iss, or error).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  sub: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
  };
  let url = new URL(authorizationUrl);
  let init: RequestInit = { method: 'GET' };
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.href.startsWith(redirectUri)) return url;
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status === 200 && /\/interaction\/[^/"]+\/login/.test(html)) {
      const action = /action="([^"]+\/login)"/.exec(html)![1]!;
      url = new URL(action, url);
      init = {
        method: 'POST',
        body: new URLSearchParams({ sub }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
      continue;
    }
    throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
  }
  throw new Error('too many redirects at the provider');
}
