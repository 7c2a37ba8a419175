import type { Clock } from '../../lib/clock.ts';

/** What a cached read loaded: the value, the tags it depends on (null: do not keep it). */
export interface Loaded<T> {
  value: T;
  /** `u:<user>`, `p:<project>`, `s:<session>` (see migration 0018); null: answer, keep nothing. */
  tags: readonly string[] | null;
  /** Keep it no longer than this (e.g. when a paid period ends); default: the TTL. */
  until?: Date | null;
}

/** The read side services depend on: a value by key, loaded on a miss. */
export interface CachedReads {
  read<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T>;
}

/** No cache at all: every read loads (services built without one, unit tests). */
export const uncached: CachedReads = {
  read: async (_key, load) => (await load()).value,
};

interface Entry {
  value: unknown;
  tags: readonly string[];
  expires: number;
}

interface Flight {
  epoch: number;
  promise: Promise<unknown>;
}

interface ReadCacheOptions {
  now: Clock;
  /** Longest life of an entry, in ms; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  /**
   * Before answering from memory: null when every write this process made has been heard of,
   * else a promise that settles once it has (`Fences.pending`).
   */
  settle?: () => Promise<void> | null;
}

/**
 * In-process read-through cache with tag invalidation. Entries are kept only while the process
 * hears every invalidation (`setListening(true)`: the LISTEN connection is up); otherwise each
 * read loads. An invalidation drops the entries carrying any of its tags and bumps `epoch`: a
 * load that started before it is answered but never kept, and a read arriving after it never
 * joins such a load, so nothing read before a change outlives the change's notification; and
 * after a write of this process, the next read first waits until its notifications are in.
 * Concurrent misses of one key share one load. The TTL bounds what a lost notification could
 * leave behind (a connection that died silently).
 */
export class ReadCache implements CachedReads {
  readonly #o: Required<ReadCacheOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #byTag = new Map<string, Set<string>>();
  readonly #flights = new Map<string, Flight>();
  #epoch = 0;
  #listening = false;
  /** Counters for tests and metrics. */
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(options: ReadCacheOptions) {
    this.#o = { maxEntries: 20_000, settle: () => null, ...options };
  }

  /** Whether entries are kept right now. */
  get active(): boolean {
    return this.#listening && this.#o.ttlMs > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  async read<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    if (!this.active) return (await load()).value;
    const settling = this.#o.settle();
    if (settling) await settling;
    const now = this.#o.now().getTime();
    const entry = this.#entries.get(key);
    if (entry) {
      if (entry.expires > now) {
        this.stats.hits += 1;
        return entry.value as T;
      }
      this.#drop(key);
    }
    const flight = this.#flights.get(key);
    if (flight && flight.epoch === this.#epoch) return flight.promise as Promise<T>;
    this.stats.misses += 1;
    const epoch = this.#epoch;
    const promise = load().then((loaded) => {
      if (this.#flights.get(key)?.promise === promise) this.#flights.delete(key);
      if (loaded.tags && epoch === this.#epoch && this.active) {
        this.#keep(key, loaded, this.#o.now().getTime());
      }
      return loaded.value;
    });
    this.#flights.set(key, { epoch, promise });
    promise.catch(() => {
      if (this.#flights.get(key)?.promise === promise) this.#flights.delete(key);
    });
    return promise;
  }

  /** A change committed: drop every entry that depends on one of `tags`. */
  invalidate(tags: readonly string[]): void {
    this.#epoch += 1;
    this.stats.invalidations += 1;
    for (const tag of tags) {
      const keys = this.#byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.#drop(key);
    }
  }

  /** Drops everything (notifications may have been missed). */
  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#byTag.clear();
  }

  /** The invalidation channel is up (entries may be kept) or down (every read loads). */
  setListening(up: boolean): void {
    this.clear();
    this.#listening = up;
  }

  #keep(key: string, loaded: Loaded<unknown>, now: number): void {
    if (this.#entries.has(key)) this.#drop(key);
    while (this.#entries.size >= this.#o.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest);
    }
    const until = loaded.until ? loaded.until.getTime() : Infinity;
    const expires = Math.min(now + this.#o.ttlMs, until);
    if (expires <= now) return;
    const tags = [...new Set(loaded.tags)];
    // Shared by every reader from now on: frozen, so no caller can change what others get (and
    // the response serializer may keep its JSON, http/serializer.ts).
    this.#entries.set(key, { value: deepFreeze(loaded.value), tags, expires });
    for (const tag of tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.#byTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (value instanceof Date) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
