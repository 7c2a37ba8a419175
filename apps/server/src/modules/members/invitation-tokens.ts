import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@truss/contracts';
import { hmacSha256 } from '../../lib/crypto.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Invitation links carry 256 random bits (base64url); the database keeps only their
 * HMAC-SHA256 under the server's TOKEN_HMAC secret, so a database leak yields no usable link.
 */
export class InvitationTokens {
  readonly #secret: string;

  constructor(hmacSecret: string) {
    this.#secret = hmacSecret;
  }

  issue(now: Date): { token: string; tokenHash: string; expiresAt: Date } {
    const token = randomBytes(32).toString('base64url');
    return {
      token,
      tokenHash: this.hash(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    };
  }

  hash(token: string): string {
    return hmacSha256(this.#secret, `invitation:${token}`).toString('hex');
  }
}
