import { randomBytes, randomInt, webcrypto } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, VERIFICATION_CODE_LENGTH } from '@truss/contracts';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import { hmacSha256 } from '../../lib/crypto.ts';

/** Verified access tokens kept in memory (one entry is about 300 bytes). */
const VERIFIED_CACHE_SIZE = 10_000;

interface AccessClaims {
  userId: string;
  sessionId: string;
}

/**
 * Token crypto: HS256 access tokens (sub, sid = refresh family, iat, exp), opaque refresh tokens
 * and mailed codes. Only HMAC-SHA256 digests of refresh tokens and codes reach the database.
 */
export class TokenService {
  /** Imported once: jose would import raw key bytes again on every sign and verify. */
  readonly #jwtKey: Promise<webcrypto.CryptoKey>;
  readonly #hmacSecret: string;
  readonly #now: Clock;
  /**
   * Tokens already verified, with their expiry: a client sends the same access token with every
   * request, and each jose verify is a round trip to the crypto thread pool. Bounded; the
   * oldest entry goes first. The session behind a token is still checked on every request
   * (AuthService.authenticate, through the read cache that a revocation clears at once).
   */
  readonly #verified = new Map<string, AccessClaims & { exp: number }>();

  constructor(options: { jwtSecret: string; hmacSecret: string; now: Clock }) {
    this.#jwtKey = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(options.jwtSecret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.#hmacSecret = options.hmacSecret;
    this.#now = options.now;
  }

  async signAccessToken(claims: AccessClaims): Promise<{ token: string; expiresIn: number }> {
    const iat = Math.floor(this.#now().getTime() / 1000);
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.#jwtKey);
    return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  /** The claims of a valid, unexpired access token, or null. */
  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.exp * 1000 > this.#now().getTime()) {
        return { userId: known.userId, sessionId: known.sessionId };
      }
      this.#verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.#jwtKey, {
        algorithms: ['HS256'],
        currentDate: this.#now(),
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
        this.#verified.delete(this.#verified.keys().next().value as string);
      }
      this.#verified.set(token, { ...claims, exp: Number(payload.exp) });
      return claims;
    } catch {
      return null;
    }
  }

  /** The first refresh token of a new sign-in. */
  newRefreshToken(): string {
    return randomBytes(32).toString('base64url');
  }

  /**
   * The token that replaces `parent` on rotation. Deterministic, so a parent presented again
   * within the grace window yields the same child without the plaintext being stored anywhere.
   */
  childRefreshToken(parent: string): string {
    return hmacSha256(this.#hmacSecret, `refresh-child:${parent}`).toString('base64url');
  }

  hashRefreshToken(token: string): string {
    return hmacSha256(this.#hmacSecret, `refresh:${token}`).toString('hex');
  }

  newEmailCode(): string {
    return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
      .toString()
      .padStart(VERIFICATION_CODE_LENGTH, '0');
  }

  /** A password reset link's token: 256 random bits. */
  newResetToken(): string {
    return randomBytes(32).toString('base64url');
  }

  hashResetToken(token: string): string {
    return hmacSha256(this.#hmacSecret, `reset:${token}`).toString('hex');
  }

  /** Bound to the user, so one digest says nothing about the same code for someone else. */
  hashEmailCode(userId: string, code: string): string {
    return hmacSha256(this.#hmacSecret, `email-code:${userId}:${code}`).toString('hex');
  }
}
