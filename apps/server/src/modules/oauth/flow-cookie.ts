import type { OAuthProvider } from '@truss/contracts';
import { hmacSha256, safeEqual } from '../../lib/crypto.ts';

const FLOW_COOKIE = 'truss_oauth';
const FLOW_COOKIE_PATH = '/api/auth/oauth';
/** Time to finish signing in at the provider. */
export const FLOW_TTL_SECONDS = 10 * 60;

/** What binds a provider round trip to the browser that started it. */
export interface OAuthFlow {
  provider: OAuthProvider;
  mode: 'signin' | 'link';
  state: string;
  /** OIDC only. */
  nonce: string | null;
  /** PKCE code verifier (OIDC only). */
  verifier: string | null;
  redirect: string | null;
  /** The signed-in user who asked to link (mode link). */
  userId: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * The flow travels in an HttpOnly, SameSite=Lax cookie, HMAC-signed (the verifier and nonce are
 * secrets of this browser; nothing is stored server-side, so any instance can finish the flow).
 */
export class FlowCookie {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  #mac(payload: string): string {
    return hmacSha256(this.secret, `oauth-flow:${payload}`).toString('base64url');
  }

  serialize(flow: OAuthFlow): string {
    const payload = Buffer.from(JSON.stringify(flow), 'utf8').toString('base64url');
    return this.#header(`${payload}.${this.#mac(payload)}`, FLOW_TTL_SECONDS);
  }

  /** Set-Cookie that removes the flow (every callback answer sends it: one try per flow). */
  clear(): string {
    return this.#header('', 0);
  }

  /** The flow from a Cookie header, or null when missing, tampered or expired. */
  read(cookieHeader: string | undefined, now: Date): OAuthFlow | null {
    const value = parseCookies(cookieHeader)[FLOW_COOKIE];
    if (!value) return null;
    const [payload, mac] = value.split('.');
    if (!payload || !mac || !safeEqual(mac, this.#mac(payload))) return null;
    try {
      const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OAuthFlow;
      return flow.expiresAt > now.getTime() ? flow : null;
    } catch {
      return null;
    }
  }

  #header(value: string, maxAge: number): string {
    return [
      `${FLOW_COOKIE}=${value}`,
      `Path=${FLOW_COOKIE_PATH}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secure ? ['Secure'] : []),
    ].join('; ');
  }
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!(name in cookies)) cookies[name] = part.slice(index + 1).trim();
  }
  return cookies;
}
