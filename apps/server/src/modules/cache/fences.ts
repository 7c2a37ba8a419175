import { randomUUID } from 'node:crypto';

/** How long a fence waits for its own notification before giving up. */
const FENCE_TIMEOUT_MS = 1_000;

interface FencesDeps {
  /** Writes this process finished (db/write-counter.ts). */
  writes: { readonly seq: number };
  /** NOTIFY on the cache channel. */
  send(payload: string): Promise<void>;
  /** A fence failed: nothing cached may be trusted. */
  lost(): void;
}

/**
 * Read-your-writes on this instance. A write's invalidation arrives through the LISTEN
 * connection a little after its commit. When this process has finished a write since the last
 * fence, the next cache hit first sends one more NOTIFY and waits until this process hears it:
 * PostgreSQL delivers notifications in commit order, so by then every invalidation of those
 * writes has been applied. Concurrent hits share one fence. A fence that fails or times out
 * reports `lost` (the cache is cleared) instead.
 */
export class Fences {
  readonly #d: FencesDeps;
  readonly #prefix = `fence:${randomUUID()}:`;
  readonly #waiting = new Map<string, () => void>();
  #seq = 0;
  /** Local writes that fences have caught up with. */
  #settled: number;
  #flight: { covers: number; done: Promise<void> } | null = null;

  constructor(deps: FencesDeps) {
    this.#d = deps;
    this.#settled = deps.writes.seq;
  }

  /** A fence's own notification arrived; true if the payload was a fence. */
  heard(payload: string): boolean {
    if (!payload.startsWith('fence:')) return false;
    this.#waiting.get(payload)?.();
    return true;
  }

  /** Null when every local write is caught up with; else the fence to wait for. */
  pending(): Promise<void> | null {
    const writes = this.#d.writes.seq;
    if (writes <= this.#settled) return null;
    if (this.#flight && this.#flight.covers >= writes) return this.#flight.done;
    const flight = { covers: writes, done: this.#fence(writes) };
    this.#flight = flight;
    void flight.done.finally(() => {
      if (this.#flight === flight) this.#flight = null;
    });
    return flight.done;
  }

  async #fence(covers: number): Promise<void> {
    this.#seq += 1;
    const id = `${this.#prefix}${this.#seq}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.#waiting.set(id, () => resolve(true));
      timer = setTimeout(() => resolve(false), FENCE_TIMEOUT_MS);
      this.#d.send(id).catch(() => resolve(false));
    });
    try {
      if (!(await heard)) this.#d.lost();
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(id);
      // Lost or heard, the entries from before these writes are gone or current now.
      this.#settled = Math.max(this.#settled, covers);
    }
  }
}
