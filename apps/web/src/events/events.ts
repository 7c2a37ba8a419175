import {
  EVENT_HEARTBEAT_TIMEOUT_MS,
  EVENT_RECONNECT_MAX_MS,
  EVENT_RECONNECT_MIN_MS,
  serverEventSchema,
  type ServerEvent,
} from '@truss/contracts';
import { newRequestId } from '../lib/http';
import { getLocale } from '../lib/locale';

/** One message of a `text/event-stream` (https://html.spec.whatwg.org/#event-stream-interpretation). */
export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * An incremental SSE parser: feed it decoded text in chunks of any size (a line, a field or even
 * a CRLF pair may be split between chunks) and it returns the messages completed so far.
 * Comment lines (`: heartbeat`) produce nothing; `retry:` is ignored (the client has its own
 * back-off).
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  /** The last chunk ended with CR: a LF at the start of the next one belongs to it. */
  private pendingCr = false;

  feed(chunk: string): SseMessage[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text;
    const out: SseMessage[] = [];
    const lines = this.buffer.split(/\r\n|\r|\n/);
    // The last piece has no line ending yet (an empty string when the chunk ended on one).
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      const message = this.line(line);
      if (message) out.push(message);
    }
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const message: SseMessage = {
        event: this.event || 'message',
        data: this.data.join('\n'),
        id: this.id,
      };
      this.data = [];
      this.event = '';
      return message;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}

/** A message's data as a Truss server event, or null (heartbeats, `ready`, foreign messages). */
export function toServerEvent(message: SseMessage): ServerEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(message.data);
  } catch {
    return null;
  }
  const parsed = serverEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Share of a delay added at random, so many tabs don't reconnect in the same instant. */
export const RECONNECT_JITTER = 0.2;

/**
 * Spec §9: the reconnect delay starts at 1000 ms and doubles after every failed attempt up to
 * 18 000 000 ms, plus up to 20 % jitter (never above the maximum). `attempt` counts from 0.
 */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  min = EVENT_RECONNECT_MIN_MS,
  max = EVENT_RECONNECT_MAX_MS,
): number {
  const base = Math.min(max, min * 2 ** Math.max(0, Math.min(attempt, 64)));
  return Math.min(max, Math.round(base * (1 + RECONNECT_JITTER * random())));
}

export type StreamStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export interface EventStreamOptions {
  url?: string;
  fetch?: typeof globalThis.fetch;
  /** The bearer token to send; null stops the stream (signed out). */
  getToken: () => string | null;
  /** No account (a share page): no Authorization header, cookies sent; `getToken` unused. */
  anonymous?: boolean;
  /** Runs before every (re)connect: refresh an expired token. Throwing counts as a failure. */
  prepare?: () => Promise<void>;
  /** The server said 401: refresh the session; resolve false to stop for good. */
  onUnauthorized?: () => Promise<boolean>;
  onEvent: (event: ServerEvent) => void;
  /** The stream is (again) open. `reconnected` is true after the first time: events may be missed. */
  onOpen?: (info: { reconnected: boolean }) => void;
  onStatus?: (status: StreamStatus) => void;
  heartbeatTimeoutMs?: number;
  /** The Accept-Language to send (spec §7: every call); the locale cookie by default. */
  getLocale?: () => string;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  logger?: Pick<Console, 'warn'>;
}

export interface EventStream {
  stop(): void;
  /** Skip the wait and reconnect now (the browser came back online). */
  reconnectNow(): void;
}

/**
 * GET /api/events read through fetch streaming (EventSource cannot send the Authorization header).
 * Any byte resets the heartbeat timer; 45 s of silence aborts and reconnects with back-off.
 * A successful open resets the back-off.
 */
export function startEventStream(options: EventStreamOptions): EventStream {
  const url = options.url ?? '/api/events';
  const doFetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
  const heartbeatMs = options.heartbeatTimeoutMs ?? EVENT_HEARTBEAT_TIMEOUT_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const logger = options.logger ?? console;

  let stopped = false;
  let attempt = 0;
  let opened = false;
  let lastEventId: string | undefined;
  let controller: AbortController | null = null;
  let retryTimer: unknown = null;
  let heartbeatTimer: unknown = null;

  const status = (s: StreamStatus) => options.onStatus?.(s);

  function clearHeartbeat(): void {
    if (heartbeatTimer !== null) clearTimer(heartbeatTimer);
    heartbeatTimer = null;
  }

  function armHeartbeat(abort: AbortController): void {
    clearHeartbeat();
    heartbeatTimer = setTimer(() => abort.abort(new Error('heartbeat timeout')), heartbeatMs);
  }

  function scheduleReconnect(): void {
    if (stopped) return;
    const delay = reconnectDelay(attempt, options.random);
    attempt += 1;
    status('waiting');
    retryTimer = setTimer(() => {
      retryTimer = null;
      void connect();
    }, delay);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    status('connecting');
    const abort = new AbortController();
    controller = abort;
    try {
      await options.prepare?.();
      const token = options.anonymous ? null : options.getToken();
      if (!token && !options.anonymous) {
        stop();
        return;
      }
      if (stopped) return;
      // Spec §7: every call carries Accept-Language and a fresh request key, the stream too
      // (it is read through fetch, so unlike EventSource it can send headers).
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        'Accept-Language': (options.getLocale ?? getLocale)(),
        'X-Request-Id': newRequestId(),
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      armHeartbeat(abort);
      const response = await doFetch(url, {
        headers,
        signal: abort.signal,
        cache: 'no-store',
        // Open for as long as the tab is: it must not queue before the page's own requests
        // (nor count among them where a browser or a tool waits for those to finish).
        priority: 'low',
        ...(options.anonymous ? { credentials: 'include' as const } : {}),
      });
      if (response.status === 401) {
        clearHeartbeat();
        const again = options.onUnauthorized ? await options.onUnauthorized() : false;
        if (!again) {
          stop();
          return;
        }
        throw new Error('unauthorized');
      }
      if (!response.ok || !response.body) throw new Error(`event stream HTTP ${response.status}`);

      attempt = 0;
      status('open');
      options.onOpen?.({ reconnected: opened });
      opened = true;
      armHeartbeat(abort);

      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        armHeartbeat(abort);
        for (const message of parser.feed(value)) {
          if (message.id) lastEventId = message.id;
          const event = toServerEvent(message);
          if (event && !stopped) options.onEvent(event);
        }
      }
      throw new Error('event stream closed');
    } catch (error) {
      clearHeartbeat();
      if (stopped) return;
      if (controller === abort) controller = null;
      logger.warn('[events] stream interrupted:', error instanceof Error ? error.message : error);
      scheduleReconnect();
    }
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    clearHeartbeat();
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
    controller?.abort();
    controller = null;
    status('stopped');
  }

  void connect();

  return {
    stop,
    reconnectNow() {
      if (stopped || retryTimer === null) return;
      clearTimer(retryTimer);
      retryTimer = null;
      attempt = 0;
      void connect();
    },
  };
}
