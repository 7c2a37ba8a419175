import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_HEARTBEAT_TIMEOUT_MS,
  EVENT_RECONNECT_MAX_MS,
  EVENT_RECONNECT_MIN_MS,
  type ServerEvent,
} from '@truss/contracts';
import { reconnectDelay, SseParser, startEventStream, toServerEvent } from './events';

const PROJECT = '00000000-0000-4000-8000-0000000000aa';
const event = (id: string, type: ServerEvent['type'] = 'project.updated'): ServerEvent => ({
  id,
  type,
  projectId: PROJECT,
  data: {},
  at: '2026-11-22T10:00:00.000Z',
});

describe('SSE parser', () => {
  it('parses messages with event, id and multi-line data', () => {
    const parser = new SseParser();
    const out = parser.feed('event: member.changed\nid: 7\ndata: {"a":1,\ndata: "b":2}\n\n');
    expect(out).toEqual([{ event: 'member.changed', id: '7', data: '{"a":1,\n"b":2}' }]);
  });

  it('joins chunks split anywhere, including between CR and LF', () => {
    const text = 'id: 1\r\ndata: hello\r\n\r\n: heartbeat\r\n\r\ndata:world\r\n\r\n';
    for (let size = 1; size <= text.length; size += 1) {
      const parser = new SseParser();
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...parser.feed(text.slice(i, i + size)));
      expect(out).toEqual([
        { event: 'message', id: '1', data: 'hello' },
        // The id persists (last event id) until changed.
        { event: 'message', id: '1', data: 'world' },
      ]);
    }
  });

  it('ignores comments (heartbeats), unknown fields and retry, and lone CR line endings', () => {
    const parser = new SseParser();
    expect(parser.feed(': ping\n\n')).toEqual([]);
    expect(parser.feed('retry: 10\nfoo: bar\r\rdata\r\r')).toEqual([
      { event: 'message', id: undefined, data: '' },
    ]);
  });

  it('keeps an unterminated message until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.feed('data: {"x":')).toEqual([]);
    expect(parser.feed('1}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'message', id: undefined, data: '{"x":1}' }]);
  });

  it('turns data into server events by the contracts schema', () => {
    const good = event('e1', 'member.removed');
    expect(toServerEvent({ event: 'message', id: 'e1', data: JSON.stringify(good) })).toEqual(good);
    expect(toServerEvent({ event: 'ready', id: undefined, data: 'ok' })).toBeNull();
    expect(toServerEvent({ event: 'message', id: undefined, data: '{"type":"nope"}' })).toBeNull();
  });
});

describe('reconnect back-off', () => {
  it('starts at 1000 ms and doubles up to 18 000 000 ms', () => {
    const none = () => 0;
    const schedule = Array.from({ length: 18 }, (_, i) => reconnectDelay(i, none));
    expect(schedule.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 16000, 32000]);
    expect(schedule[14]).toBe(16_384_000);
    expect(schedule[15]).toBe(EVENT_RECONNECT_MAX_MS);
    expect(schedule[17]).toBe(EVENT_RECONNECT_MAX_MS);
    expect(reconnectDelay(1000, none)).toBe(EVENT_RECONNECT_MAX_MS);
  });

  it('adds up to 20 % jitter, never below the base nor above the maximum', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1100);
    expect(reconnectDelay(0, () => 0.99)).toBeLessThanOrEqual(1200);
    expect(reconnectDelay(3, () => 1)).toBe(9600);
    expect(reconnectDelay(20, () => 1)).toBe(EVENT_RECONNECT_MAX_MS);
    for (let i = 0; i < 200; i += 1) {
      const d = reconnectDelay(2);
      expect(d).toBeGreaterThanOrEqual(4000);
      expect(d).toBeLessThanOrEqual(4800);
    }
  });
});

/** A fake /api/events: each call returns a stream the test writes to. */
function fakeServer(statuses: number[] = []) {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const requests: {
    headers: Record<string, string>;
    signal: AbortSignal;
    priority: RequestPriority | undefined;
  }[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      headers: init?.headers as Record<string, string>,
      signal: init?.signal as AbortSignal,
      priority: init?.priority,
    });
    const status = statuses.shift() ?? 200;
    if (status !== 200) return new Response('', { status });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.push(controller);
        init?.signal?.addEventListener('abort', () => {
          try {
            controller.error(init.signal?.reason);
          } catch {
            // already closed
          }
        });
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    requests,
    send(text: string, index = streams.length - 1) {
      streams[index]?.enqueue(encoder.encode(text));
    },
    close(index = streams.length - 1) {
      streams[index]?.close();
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

afterEach(() => vi.useRealTimers());

describe('event stream client', () => {
  const logger = { warn: vi.fn() };

  it('sends the bearer token, delivers events and reconnects after silence', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const events: ServerEvent[] = [];
    const opens: boolean[] = [];
    const stream = startEventStream({
      fetch: server.fetch,
      getToken: () => 'tok-1',
      onEvent: (e) => events.push(e),
      onOpen: ({ reconnected }) => opens.push(reconnected),
      random: () => 0,
      logger,
    });
    await flush();
    expect(server.requests[0]?.headers.Authorization).toBe('Bearer tok-1');
    expect(server.requests[0]?.priority).toBe('low');
    server.send(`id: e1\ndata: ${JSON.stringify(event('e1'))}\n\n: hb\n\n`);
    await flush();
    expect(events.map((e) => e.id)).toEqual(['e1']);

    // Heartbeats keep it alive...
    await vi.advanceTimersByTimeAsync(EVENT_HEARTBEAT_TIMEOUT_MS - 1000);
    server.send(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(EVENT_HEARTBEAT_TIMEOUT_MS - 1000);
    expect(server.requests).toHaveLength(1);
    // ...45 s of silence aborts, then 1000 ms later it reconnects with the last event id.
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.requests[0]?.signal.aborted).toBe(true);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(EVENT_RECONNECT_MIN_MS);
    await flush();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers['Last-Event-ID']).toBe('e1');
    // Spec §7: every call, this one included, carries the language and a fresh request key.
    expect(server.requests[0]?.headers['Accept-Language']).toBe('en');
    expect(server.requests[0]?.headers['X-Request-Id']).toMatch(/^[\w-]{8,}$/);
    expect(server.requests[1]?.headers['X-Request-Id']).not.toBe(
      server.requests[0]?.headers['X-Request-Id'],
    );
    expect(opens).toEqual([false, true]);
    stream.stop();
    expect(server.requests[1]?.signal.aborted).toBe(true);
  });

  it('backs off 1 s, 2 s, 4 s on failures and resets after a successful open', async () => {
    vi.useFakeTimers();
    const server = fakeServer([503, 503, 503]);
    const stream = startEventStream({
      fetch: server.fetch,
      getToken: () => 'tok',
      onEvent: () => undefined,
      random: () => 0,
      logger,
    });
    await flush();
    expect(server.requests).toHaveLength(1);
    for (const [wait, calls] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(server.requests).toHaveLength(calls - 1);
      await vi.advanceTimersByTimeAsync(1);
      await flush();
      expect(server.requests).toHaveLength(calls);
    }
    // The 4th attempt opened: a close now retries after 1000 ms again.
    server.close();
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(server.requests).toHaveLength(5);
    stream.stop();
  });

  it('refreshes the token before reconnecting and after a 401', async () => {
    vi.useFakeTimers();
    const server = fakeServer([401]);
    let token = 'old';
    const prepare = vi.fn(async () => undefined);
    const onUnauthorized = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const stream = startEventStream({
      fetch: server.fetch,
      getToken: () => token,
      prepare,
      onUnauthorized,
      onEvent: () => undefined,
      random: () => 0,
      logger,
    });
    await flush();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(server.requests[1]?.headers.Authorization).toBe('Bearer new');
    stream.stop();
  });

  it('stops for good when signed out or the refresh fails', async () => {
    vi.useFakeTimers();
    const server = fakeServer([401]);
    const statuses: string[] = [];
    startEventStream({
      fetch: server.fetch,
      getToken: () => 'tok',
      onUnauthorized: async () => false,
      onEvent: () => undefined,
      onStatus: (s) => statuses.push(s),
      logger,
    });
    await flush();
    await vi.advanceTimersByTimeAsync(EVENT_RECONNECT_MAX_MS * 2);
    expect(server.requests).toHaveLength(1);
    expect(statuses.at(-1)).toBe('stopped');

    const none = fakeServer();
    startEventStream({ fetch: none.fetch, getToken: () => null, onEvent: () => undefined });
    await flush();
    expect(none.requests).toHaveLength(0);
  });
});
