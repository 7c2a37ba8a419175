import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * The first key of the two-key advisory locks that mark live API processes ('TRUS'); the
 * second is the process's own random key, recorded in the `upload_locks` rows it takes.
 */
export const LOCK_SESSION_NAMESPACE = 0x54525553;

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * This process's sign of life on the shared PostgreSQL: one connection of its own holding a
 * session-level advisory lock (LOCK_SESSION_NAMESPACE, key) for as long as the process lives.
 * When the process dies (kill -9, crash, its host's connection closed) PostgreSQL ends the
 * session and the lock is gone at once, so other instances see in `pg_locks` that the upload
 * locks recorded with `key` are held by no one and take them over without waiting out the
 * lease. While the connection is down `key` is null (locks taken meanwhile fall back to the
 * lease); a new connection takes a new key. Losing it tells `onLost` listeners: the locks
 * recorded with the old key look dead to other instances, so their requests must let go.
 */
export class LockSession {
  readonly #connectionString: string;
  readonly #log: FastifyBaseLogger;
  #client: pg.Client | null = null;
  #key: number | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;
  #delay = RECONNECT_FIRST_MS;
  #ready: Promise<void>;
  readonly #lostListeners = new Set<() => void>();

  constructor(connectionString: string, log: FastifyBaseLogger) {
    this.#connectionString = connectionString;
    this.#log = log;
    this.#ready = this.#connect();
  }

  /** The advisory key this process holds now; null while its connection is down. */
  get key(): number | null {
    return this.#key;
  }

  /** Called whenever the key held so far is given up (its connection was lost). */
  onLost(listener: () => void): () => void {
    this.#lostListeners.add(listener);
    return () => this.#lostListeners.delete(listener);
  }

  /** Settles once the first connection attempt has ended (taken or failed). */
  ready(): Promise<void> {
    return this.#ready;
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#connectionString, keepAlive: true });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, null));
    try {
      await client.connect();
      for (;;) {
        // Random keys of live processes never collide: a key someone holds is not taken.
        const key = randomInt(1, 2 ** 31 - 1);
        const { rows } = await client.query<{ taken: boolean }>(
          'SELECT pg_try_advisory_lock($1::int, $2::int) AS taken',
          [LOCK_SESSION_NAMESPACE, key],
        );
        if (rows[0]?.taken) {
          if (this.#closed) {
            await client.end();
            return;
          }
          this.#client = client;
          this.#key = key;
          this.#delay = RECONNECT_FIRST_MS;
          return;
        }
      }
    } catch (error) {
      this.#lost(client, error);
    }
  }

  #lost(client: pg.Client, error: unknown): void {
    if (this.#client === client) {
      this.#client = null;
      this.#key = null;
      for (const listener of this.#lostListeners) listener();
    }
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.#closed || this.#retry) return;
    this.#log.warn(
      { err: error ?? undefined, retryInMs: this.#delay },
      'upload lock session lost: upload locks fall back to their lease until it is back',
    );
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#connect();
    }, this.#delay);
    this.#retry.unref();
    this.#delay = Math.min(this.#delay * 2, RECONNECT_MAX_MS);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    this.#key = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
