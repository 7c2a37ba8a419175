import { createHash, createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

/** The unlock cookie of code shares (one per share: its Path is the share's API prefix). */
export const UNLOCK_COOKIE = 'truss_share_unlock';
/** An unlock lasts at most this long (and never past the share's expiry). */
export const UNLOCK_MAX_SECONDS = 30 * 24 * 60 * 60;
/** Private-share file URLs are signed for the member for about this long (rounded up). */
const PRIVATE_FILE_URL_SECONDS = 60 * 60;

/**
 * Every secret of share links, all keyed with the server's token HMAC secret:
 *
 * - The link token is HMAC(secret, id + random salt), 192 bits in base64url. It is not stored:
 *   the database holds its SHA-256 (for the lookup) and the salt, so the owner can copy the link
 *   again from My Shares while a copy of the database alone opens no share. Changing the secret
 *   invalidates every link (as it does every access code).
 * - Access codes are HMAC(secret, share id + code): 10 000 values would fall to an offline
 *   search of a plain hash, not without the secret. The code itself cannot be shown again.
 * - The unlock cookie value is `version.exp.sig`, signed over the share id and the code version,
 *   so a new code (version + 1) voids every earlier unlock at once.
 */
export class ShareSecrets {
  constructor(private readonly secret: string) {}

  #mac(message: string): string {
    return createHmac('sha256', this.secret).update(message, 'utf8').digest('base64url');
  }

  newSalt(): string {
    return randomBytes(16).toString('base64url');
  }

  token(shareId: string, salt: string): string {
    return this.#mac(`share-token\n${shareId}\n${salt}`).slice(0, 32);
  }

  tokenHash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('base64url');
  }

  codeHmac(shareId: string, code: string): string {
    return this.#mac(`share-code\n${shareId}\n${code}`);
  }

  codeMatches(shareId: string, code: string, stored: string | null): boolean {
    return stored !== null && safeEqual(this.codeHmac(shareId, code), stored);
  }

  unlockValue(shareId: string, codeVersion: number, expSeconds: number): string {
    const sig = this.#mac(`share-unlock\n${shareId}\n${codeVersion}\n${expSeconds}`);
    return `${codeVersion}.${expSeconds}.${sig}`;
  }

  /** True when `value` unlocks this share at its current code version and has not run out. */
  unlockValid(value: string | undefined, shareId: string, codeVersion: number, now: Date): boolean {
    if (!value) return false;
    const [version, exp, sig] = value.split('.');
    if (!version || !exp || !sig || Number(version) !== codeVersion) return false;
    if (!/^\d+$/.test(exp) || Number(exp) * 1000 <= now.getTime()) return false;
    return safeEqual(this.unlockValue(shareId, codeVersion, Number(exp)), value);
  }

  /** `?u=&exp=&sig=` for a private share's file URL, bound to the member. */
  privateFileQuery(shareId: string, userId: string, now: Date): string {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    // Rounded up to the next hour (at least an hour ahead): stable, cacheable URLs.
    const exp =
      Math.ceil((nowSeconds + PRIVATE_FILE_URL_SECONDS) / PRIVATE_FILE_URL_SECONDS) *
      PRIVATE_FILE_URL_SECONDS;
    const sig = this.#privateSig(shareId, userId, exp);
    return `u=${userId}&exp=${exp}&sig=${sig}`;
  }

  /** The member a private-share file URL was signed for, or null. */
  privateFileUser(
    shareId: string,
    query: { u?: string; exp?: number; sig?: string },
    now: Date,
  ): string | null {
    if (!query.u || !query.exp || !query.sig) return null;
    if (query.exp * 1000 <= now.getTime()) return null;
    return safeEqual(this.#privateSig(shareId, query.u, query.exp), query.sig) ? query.u : null;
  }

  #privateSig(shareId: string, userId: string, exp: number): string {
    return this.#mac(`share-file\n${shareId}\n${userId}\n${exp}`).slice(0, 32);
  }
}

/** One cookie's value from a Cookie header (no cookie plugin needed for one name). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * Set-Cookie of an unlock: HttpOnly (scripts never see it), SameSite=Lax (not sent on cross-site
 * subrequests), scoped to the share's API prefix (page info and every file URL of that share, no
 * other path), Secure when the app is served over https.
 */
export function unlockCookieHeader(
  cookie: { name: string; value: string; path: string; maxAgeSeconds: number },
  secure: boolean,
): string {
  return [
    `${cookie.name}=${cookie.value}`,
    `Path=${cookie.path}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
