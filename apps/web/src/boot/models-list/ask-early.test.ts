import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from '../../lib/auth-store';
import { withFirstAnswer } from '../../lib/first-answer';
import { createHttp } from '../../lib/http';
import { askEarly, requestKey } from './ask-early';

const session = { token: 'tok', locale: 'zh-CN' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The entry's fetch (global) and the app client's fetch, recorded apart. */
function setup(early: (url: string) => Response) {
  const entryCalls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      entryCalls.push({ url: String(input), headers: new Headers(init?.headers) });
      return early(String(input));
    }),
  );
  const store = createAuthStore(null);
  store.setState({
    token: 'tok',
    refreshToken: 'r',
    tokenExpiry: Date.now() + 60_000,
    isAuthenticated: true,
  });
  const appCalls: string[] = [];
  const http = createHttp({
    store,
    fetch: (async (input: RequestInfo | URL) => {
      appCalls.push(String(input));
      return json(200, { from: 'app' });
    }) as typeof globalThis.fetch,
    getLocale: () => 'en',
    currentPath: () => '/models',
    navigate: vi.fn(),
    retryDelay: 0,
    logger: { error: vi.fn(), warn: vi.fn() },
  });
  return { http, store, entryCalls, appCalls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('early answers', () => {
  it('keys a request by its path and its query in the order given', () => {
    expect(requestKey('/api/project')).toBe('/api/project');
    expect(requestKey('/api/project/p/models', { sort: 'name', order: 'asc' })).toBe(
      '/api/project/p/models?sort=name&order=asc',
    );
    expect(requestKey('/api/x', {})).toBe('/api/x');
  });

  it('asks with the stored token and the page language', async () => {
    const { entryCalls } = setup(() => json(200, []));
    await askEarly(session, '/api/project');
    expect(entryCalls).toHaveLength(1);
    expect(entryCalls[0]!.url).toBe('/api/project');
    expect(entryCalls[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(entryCalls[0]!.headers.get('accept-language')).toBe('zh-CN');
    // A fresh request key per request (spec §7), as the app's client sends one.
    await askEarly(session, '/api/user/profile');
    const keys = entryCalls.map((call) => call.headers.get('x-request-id'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("is taken by the app's query instead of asking again, once", async () => {
    const { http, appCalls } = setup(() => json(200, [{ id: 'p1' }]));
    const query = { sort: 'updated_at', order: 'desc' };
    // As a query function the loader gave the early answer to (lib/first-answer.ts).
    const get = withFirstAnswer(
      () => http.get('/api/project/p1/models', { query }),
      askEarly(session, '/api/project/p1/models', query),
    );
    await expect(get()).resolves.toEqual([{ id: 'p1' }]);
    expect(appCalls).toEqual([]);
    // Taken: the next read asks the server.
    await expect(get()).resolves.toEqual({ from: 'app' });
    expect(appCalls).toHaveLength(1);
  });

  it('is asked for again by the client when it failed (an expired token, a 500)', async () => {
    const { http, appCalls } = setup(() => json(401, { code: 'UNAUTHORIZED' }));
    const get = withFirstAnswer(
      () => http.get('/api/user/profile'),
      askEarly(session, '/api/user/profile'),
    );
    await expect(get()).resolves.toEqual({ from: 'app' });
    expect(appCalls).toEqual(['/api/user/profile']);
  });

  it("leaves the app's client alone: its reads ask the server", async () => {
    const { http, appCalls } = setup(() => json(200, { from: 'early' }));
    void askEarly(session, '/api/project');
    await expect(http.get('/api/project')).resolves.toEqual({ from: 'app' });
    expect(appCalls).toEqual(['/api/project']);
  });
});
