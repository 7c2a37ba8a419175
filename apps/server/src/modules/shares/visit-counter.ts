import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { ShareVisitsRepository } from './visits-repository.ts';

/** Who opened a link, as the request shows it; used for the day's mark, never stored. */
export interface ShareOpener {
  ip: string;
  userAgent: string;
}

/**
 * Counts opens and daily distinct visitors of share links without keeping who they were
 * (Plausible's scheme): the mark is HMAC(a random salt of the UTC day, share, IP, user agent).
 * The first open of a new day deletes the earlier days' salts and marks, so a mark outlives the
 * IP it came from by one day at most.
 */
export class ShareVisitCounter {
  #salt: { day: string; salt: Promise<string> } | null = null;

  constructor(
    private readonly deps: {
      visits: () => ShareVisitsRepository;
      now: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Counts one open. Never fails the page: a counting error is logged and the open is lost. */
  async count(shareId: string, opener: ShareOpener): Promise<void> {
    const at = this.deps.now();
    const day = at.toISOString().slice(0, 10);
    try {
      const salt = await this.#daySalt(day);
      const mark = createHmac('sha256', salt)
        .update(`${shareId}\n${opener.ip}\n${opener.userAgent}`)
        .digest('base64url');
      await this.deps.visits().recordOpen(shareId, day, mark, at);
    } catch (error) {
      this.deps.log.warn({ err: error, share: shareId }, 'share open not counted');
    }
  }

  #daySalt(day: string): Promise<string> {
    if (this.#salt?.day !== day) {
      const salt = (async () => {
        const repo = this.deps.visits();
        const value = await repo.daySalt(day, randomBytes(32).toString('base64url'));
        await repo.forgetBefore(day);
        return value;
      })();
      this.#salt = { day, salt };
      // A failed lookup is asked again on the next open rather than cached.
      salt.catch(() => {
        if (this.#salt?.salt === salt) this.#salt = null;
      });
    }
    return this.#salt.salt;
  }
}
