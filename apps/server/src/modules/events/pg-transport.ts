import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ChannelHandlers, EventEnvelope, EventTransport } from './bus.ts';

const EVENTS_CHANNEL = 'truss_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clear of it. */
export const MAX_NOTIFY_BYTES = 7900;
/** An event whose own JSON is larger than this travels without its `data`. */
const MAX_EVENT_BYTES = 4000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

interface WirePayload {
  e: EventEnvelope['event'];
  u: string[];
}

/**
 * Splits an envelope into NOTIFY payloads under `maxBytes`: the event once per chunk of its
 * audience. An oversized event loses its `data` (clients refetch anyway).
 */
export function encodeEnvelope(
  envelope: EventEnvelope,
  maxBytes = MAX_NOTIFY_BYTES,
): { payloads: string[]; truncated: boolean } {
  let event = envelope.event;
  let truncated = false;
  if (Buffer.byteLength(JSON.stringify(event)) > MAX_EVENT_BYTES) {
    event = { ...event, data: { truncated: true } };
    truncated = true;
  }
  const base = Buffer.byteLength(JSON.stringify({ e: event, u: [] } satisfies WirePayload));
  const payloads: string[] = [];
  let chunk: string[] = [];
  let size = base;
  for (const userId of envelope.userIds) {
    const cost = Buffer.byteLength(JSON.stringify(userId)) + 1;
    if (chunk.length > 0 && size + cost > maxBytes) {
      payloads.push(JSON.stringify({ e: event, u: chunk } satisfies WirePayload));
      chunk = [];
      size = base;
    }
    chunk.push(userId);
    size += cost;
  }
  if (chunk.length > 0) payloads.push(JSON.stringify({ e: event, u: chunk } satisfies WirePayload));
  return { payloads, truncated };
}

export function decodePayload(payload: string): EventEnvelope | null {
  try {
    const parsed = JSON.parse(payload) as Partial<WirePayload>;
    if (!parsed.e || !Array.isArray(parsed.u)) return null;
    return { event: parsed.e, userIds: parsed.u.filter((id) => typeof id === 'string') };
  } catch {
    return null;
  }
}

interface PgNotifyTransportOptions {
  connectionString: string;
  /** Runs `SELECT pg_notify(channel, payload)` on the shared pool (a repository call). */
  notify(channel: string, payload: string): Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated `pg` client per process listens; any process sends
 * with NOTIFY through its pool. The listener reconnects with back-off after an error and then
 * reports a reset (events sent while it was away are lost).
 */
export class PgNotifyTransport implements EventTransport {
  readonly #o: PgNotifyTransportOptions;
  #client: pg.Client | null = null;
  #handlers: { deliver(envelope: EventEnvelope): void; reset(): void } | null = null;
  #closed = false;
  #attempt = 0;
  #timer: NodeJS.Timeout | null = null;
  #everConnected = false;
  /** Extra channels (`listen`) and their handlers, LISTENed on every (re)connect. */
  readonly #channels = new Map<string, Set<ChannelHandlers>>();
  /** Channels whose LISTEN took effect on the current connection. */
  readonly #listenedOn = new Set<string>();

  constructor(options: PgNotifyTransportOptions) {
    this.#o = options;
  }

  async start(handlers: { deliver(envelope: EventEnvelope): void; reset(): void }): Promise<void> {
    this.#handlers = handlers;
    await this.#connect();
  }

  async send(envelope: EventEnvelope): Promise<void> {
    const { payloads, truncated } = encodeEnvelope(envelope);
    if (truncated) this.#o.log.warn({ type: envelope.event.type }, 'event data too large: dropped');
    for (const payload of payloads) await this.#o.notify(EVENTS_CHANNEL, payload);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  listen(channel: string, handlers: ChannelHandlers): () => void {
    let set = this.#channels.get(channel);
    if (!set) {
      set = new Set();
      this.#channels.set(channel, set);
      const client = this.#client;
      // Connected already: LISTEN now (otherwise the next connect does).
      client?.query(`LISTEN ${client.escapeIdentifier(channel)}`).then(
        () => {
          if (this.#client !== client) return;
          this.#listenedOn.add(channel);
          for (const each of this.#channels.get(channel) ?? []) each.listening?.(true);
        },
        (error: unknown) => this.#lost(client, error),
      );
    } else if (this.#client && this.#listenedOn.has(channel)) {
      // The channel is LISTENed on the live connection already.
      queueMicrotask(() => handlers.listening?.(true));
    }
    set.add(handlers);
    return () => set.delete(handlers);
  }

  /** Whether the listening connection is up (health, tests). */
  get listening(): boolean {
    return this.#client !== null;
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#o.connectionString, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL) {
        for (const handlers of this.#channels.get(message.channel) ?? []) {
          handlers.notify(message.payload ?? '');
        }
        return;
      }
      if (!message.payload) return;
      const envelope = decodePayload(message.payload);
      if (envelope) this.#handlers?.deliver(envelope);
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      for (const channel of this.#channels.keys()) {
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      this.#lost(client, error);
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    for (const channel of this.#channels.keys()) this.#listenedOn.add(channel);
    this.#attempt = 0;
    if (this.#everConnected) {
      this.#o.log.info('event listener reconnected');
      this.#handlers?.reset();
      for (const set of this.#channels.values()) for (const handlers of set) handlers.reset();
    }
    this.#everConnected = true;
    for (const set of this.#channels.values()) {
      for (const handlers of set) handlers.listening?.(true);
    }
  }

  #lost(client: pg.Client, error: unknown): void {
    if (this.#client === client) {
      this.#client = null;
      this.#listenedOn.clear();
      for (const set of this.#channels.values()) {
        for (const handlers of set) handlers.listening?.(false);
      }
    }
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.#closed || this.#timer) return;
    this.#o.log.warn({ err: error }, 'event listener lost its connection; reconnecting');
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.#attempt);
    this.#attempt += 1;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#connect();
    }, delay);
    this.#timer.unref();
  }
}
