import type { ServerResponse } from 'node:http';
import {
  EVENT_HEARTBEAT_INTERVAL_MS,
  EVENT_RECONNECT_MIN_MS,
  type ServerEvent,
} from '@truss/contracts';
import type { EventBus } from './bus.ts';

/** A client that stops reading is dropped once this much is queued (it reconnects and refetches). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One SSE message: `id:` and the event as JSON on one `data:` line (no `event:` field). */
function formatEvent(event: ServerEvent): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
}

interface EventStreamsOptions {
  heartbeatMs?: number;
  retryMs?: number;
}

interface OpenStreamInput {
  response: ServerResponse;
  userId: string;
  /** Headers already set on the reply (request id); sent with the 200. */
  headers: Record<string, string | string[] | number | undefined>;
  /** Milliseconds until the stream ends by itself (the access token expires): the client then
   * reconnects with a fresh token. */
  closeAfterMs?: number;
  /** Asked every `everyMs` whether the client may still listen; the stream ends on false or an
   * error (a share page's stream ends soon after its share is disabled, deleted or expires). */
  recheck?: { everyMs: number; allowed: () => Promise<boolean> };
}

/**
 * The open `text/event-stream` responses of this process: each subscribes to the bus for its
 * user, writes a heartbeat comment every EVENT_HEARTBEAT_INTERVAL_MS and ends cleanly on
 * `closeAll` (server shutdown, or a bus reset after which events may have been missed).
 */
export class EventStreams {
  readonly #bus: EventBus;
  readonly #heartbeatMs: number;
  readonly #retryMs: number;
  readonly #open = new Set<(farewell?: string) => void>();

  constructor(bus: EventBus, options: EventStreamsOptions = {}) {
    this.#bus = bus;
    this.#heartbeatMs = options.heartbeatMs ?? EVENT_HEARTBEAT_INTERVAL_MS;
    this.#retryMs = options.retryMs ?? EVENT_RECONNECT_MIN_MS;
    bus.onReset(() => this.closeAll());
  }

  get size(): number {
    return this.#open.size;
  }

  open({ response, userId, headers, closeAfterMs, recheck }: OpenStreamInput): void {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    response.socket?.setNoDelay(true);
    response.write(`retry: ${this.#retryMs}\n: connected\n\n`);

    // `end` runs only from timers, the bus and socket events: after the constants below exist.
    let ended = false;
    const end = (farewell?: string) => {
      if (ended) return;
      if (farewell && !response.writableEnded) response.write(farewell);
      ended = true;
      clearInterval(heartbeat);
      clearInterval(rechecking);
      clearTimeout(expiry);
      unsubscribe();
      this.#open.delete(end);
      if (!response.writableEnded) response.end();
    };
    const write = (chunk: string) => {
      if (ended) return;
      if (response.writableLength > MAX_BUFFERED_BYTES) end();
      else response.write(chunk);
    };
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), this.#heartbeatMs);
    const endNow = () => end();
    heartbeat.unref();
    const expiry =
      closeAfterMs === undefined
        ? undefined
        : setTimeout(endNow, Math.min(2 ** 31 - 1, Math.max(0, closeAfterMs)));
    expiry?.unref();
    let checking = false;
    const rechecking = recheck
      ? setInterval(() => {
          if (checking) return;
          checking = true;
          void recheck
            .allowed()
            .catch(() => false)
            .then((allowed) => {
              checking = false;
              if (!allowed) end();
            });
        }, recheck.everyMs)
      : undefined;
    rechecking?.unref();
    const unsubscribe = this.#bus.subscribe(userId, (event) => write(formatEvent(event)));
    this.#open.add(end);
    response.on('close', endNow);
    response.on('error', endNow);
  }

  /**
   * Ends every open stream of this process. On shutdown each first gets a `retry:` hint and a
   * comment, so EventSource clients reconnect (to another instance, or this one restarted) soon.
   */
  closeAll(options: { shutdown?: boolean } = {}): void {
    const farewell = options.shutdown
      ? `retry: ${this.#retryMs}\n: server shutting down, reconnect\n\n`
      : undefined;
    for (const end of [...this.#open]) end(farewell);
  }
}
