import type { ServerEvent } from '@truss/contracts';

/** A test client for GET /api/events (fetch streaming, like the web app). */
export interface SseClient {
  status: number;
  /** Everything received so far, unparsed. */
  raw(): string;
  events: ServerEvent[];
  /** Resolves with the first event (already received or arriving) that matches. */
  waitFor(match: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(baseUrl: string, token: string): Promise<SseClient> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  let raw = '';
  let buffer = '';
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        raw += value;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as ServerEvent);
          cut = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // aborted by close()
    } finally {
      notify();
    }
  })();
  return {
    status: response.status,
    raw: () => raw,
    events,
    ended,
    close: () => abort.abort(),
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
