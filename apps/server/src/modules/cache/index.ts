import type { Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import { notifyChannel } from '../events/index.ts';
import type { RegisterModule } from '../module.ts';
import { Fences } from './fences.ts';
import { ReadCache } from './read-cache.ts';

export { ReadCache, uncached, type CachedReads, type Loaded } from './read-cache.ts';

/** The NOTIFY channel of migration 0018's triggers. */
export const CACHE_CHANNEL = 'truss_cache';

/** The listening side of a NOTIFY channel (the events bus provides it). */
export interface NotifyChannel {
  listen(
    channel: string,
    handlers: { notify(payload: string): void; reset(): void; listening?(up: boolean): void },
  ): () => void;
}

export interface CacheDeps {
  data: DataAccess<DataScope>;
  /** Writes this process finished (the database handle's counter). */
  writes: { readonly seq: number };
  /** The events bus: its LISTEN connection (PostgreSQL) or the embedded database's NOTIFY. */
  channel: NotifyChannel;
  now: Clock;
  /** READ_CACHE_SECONDS: the longest an entry lives; 0: no cache. */
  seconds: number;
}

/**
 * The hot reads' cache (sessions, project lists, model lists, profiles, subscriptions). Writes
 * invalidate it through the database: migration 0018's triggers NOTIFY the tags of every
 * committed change, whoever made it, and every instance drops what depends on them as the
 * notification arrives (milliseconds). After a write of this process the next read waits for
 * that (`Fences`), so a caller always reads its own writes. Nothing is kept while the LISTEN
 * connection is down, and nothing longer than `seconds`.
 */
export const register: RegisterModule<CacheDeps, { cache: ReadCache }> = async (app, deps) => {
  let fences: Fences | null = null;
  const cache = new ReadCache({
    now: deps.now,
    ttlMs: deps.seconds * 1000,
    settle: () => fences?.pending() ?? null,
  });
  if (deps.seconds <= 0) return { cache };
  fences = new Fences({
    writes: deps.writes,
    send: (payload) => notifyChannel(deps.data.repos, CACHE_CHANNEL, payload),
    lost: () => cache.clear(),
  });
  const unlisten = deps.channel.listen(CACHE_CHANNEL, {
    notify: (payload) => {
      if (fences?.heard(payload)) return;
      cache.invalidate(payload.split(' ').filter((tag) => tag.length > 0));
    },
    reset: () => cache.clear(),
    listening: (up) => cache.setListening(up),
  });
  app.addHook('onClose', async () => {
    unlisten();
    cache.setListening(false);
  });
  return { cache };
};
