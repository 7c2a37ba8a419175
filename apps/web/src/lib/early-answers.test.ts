import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-store';
import {
  askEarly,
  dropEarlyAnswers,
  EARLY_ANSWER_MAX_AGE_MS,
  requestKey,
  takeEarlyAnswer,
} from './early-answers';
import { createHttp } from './http';

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
  dropEarlyAnswers();
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

  it("is taken by the app's client instead of asking again, once", async () => {
    const { http, appCalls } = setup(() => json(200, [{ id: 'p1' }]));
    void askEarly(session, '/api/project/p1/models', { sort: 'updated_at', order: 'desc' });
    const query = { sort: 'updated_at', order: 'desc' };
    await expect(http.get('/api/project/p1/models', { query })).resolves.toEqual([{ id: 'p1' }]);
    expect(appCalls).toEqual([]);
    // Taken: the next read asks the server.
    await expect(http.get('/api/project/p1/models', { query })).resolves.toEqual({ from: 'app' });
    expect(appCalls).toHaveLength(1);
  });

  it('is not taken for another query, another path or another method', async () => {
    const { http, appCalls } = setup(() => json(200, { from: 'early' }));
    void askEarly(session, '/api/project/p1/models', { sort: 'updated_at', order: 'desc' });
    await http.get('/api/project/p1/models', { query: { sort: 'name', order: 'asc' } });
    await http.get('/api/project/p2/models', { query: { sort: 'updated_at', order: 'desc' } });
    await http.request('/api/project/p1/models?sort=updated_at&order=desc', { method: 'HEAD' });
    expect(appCalls).toHaveLength(3);
  });

  it('is asked for again by the client when it failed (an expired token, a 500)', async () => {
    const { http, appCalls } = setup(() => json(401, { code: 'UNAUTHORIZED' }));
    void askEarly(session, '/api/user/profile');
    await expect(http.get('/api/user/profile')).resolves.toEqual({ from: 'app' });
    expect(appCalls).toEqual(['/api/user/profile']);
  });

  it('is not used once stale', async () => {
    vi.useFakeTimers();
    setup(() => json(200, []));
    void askEarly(session, '/api/project');
    vi.advanceTimersByTime(EARLY_ANSWER_MAX_AGE_MS + 1);
    expect(takeEarlyAnswer('/api/project')).toBeNull();
    // And dropped: not there for a later read either.
    expect(takeEarlyAnswer('/api/project')).toBeNull();
    vi.useRealTimers();
  });

  it('is dropped when the session ends (a sign-out)', async () => {
    const { http, appCalls } = setup(() => json(200, { from: 'early' }));
    void askEarly(session, '/api/project');
    http.endSession();
    expect(takeEarlyAnswer('/api/project')).toBeNull();
    expect(appCalls).toEqual([]);
  });

  it('is not taken by a signed-out client', async () => {
    const { http, store, appCalls } = setup(() => json(200, { from: 'early' }));
    void askEarly(session, '/api/health');
    store.clear();
    await expect(http.get('/api/health')).resolves.toEqual({ from: 'app' });
    expect(appCalls).toEqual(['/api/health']);
  });
});
