import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore, TOKEN_EXPIRY_MARGIN_MS, type AuthStore } from './auth-store';
import {
  ApiError,
  createHttp,
  FETCH_ATTEMPTS,
  REFRESH_TIMEOUT_MESSAGE,
  REFRESH_WAIT_INTERVAL_MS,
  REFRESH_WAIT_TRIES,
  RETRY_STATUS_CODES,
} from './http';

type Handler = (
  url: string,
  init: RequestInit & { headers: Headers },
) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function errorBody(statusCode: number, code: string, statusMessage = '') {
  return { statusCode, statusMessage, message: statusMessage || code, code };
}

function setup(
  handler: Handler,
  options: { path?: string; signedIn?: boolean; expiry?: number | null } = {},
) {
  const store: AuthStore = createAuthStore(null);
  if (options.signedIn) {
    store.setState({
      token: 'old-token',
      refreshToken: 'refresh-1',
      tokenExpiry: options.expiry === undefined ? Date.now() + 60_000 : options.expiry,
      isAuthenticated: true,
    });
  }
  const calls: { url: string; headers: Headers; method: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const url = String(input);
    calls.push({ url, headers, method: init?.method ?? 'GET' });
    return handler(url, { ...init, headers });
  });
  const navigate = vi.fn();
  const onSessionEnded = vi.fn();
  const logger = { error: vi.fn(), warn: vi.fn() };
  const http = createHttp({
    store,
    fetch: fetch as unknown as typeof globalThis.fetch,
    getLocale: () => 'zh-CN',
    currentPath: () => options.path ?? '/models?x=1',
    navigate,
    onSessionEnded,
    logger,
    retryDelay: 0,
  });
  return { http, store, fetch, calls, navigate, onSessionEnded, logger };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('retry rules (spec §7)', () => {
  it.each(RETRY_STATUS_CODES)(
    'retries a GET answered %i: 3 attempts in total, then throws',
    async (status) => {
      const { http, fetch, logger } = setup(() =>
        json(status, errorBody(status, 'INTERNAL_ERROR', 'boom')),
      );
      const error = await http.get('/api/project').catch((e: unknown) => e);
      expect(fetch).toHaveBeenCalledTimes(FETCH_ATTEMPTS);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).statusCode).toBe(status);
      // Logged once, after the last failure.
      expect(logger.error).toHaveBeenCalledTimes(1);
    },
  );

  it('returns the data when a retry succeeds', async () => {
    let n = 0;
    const { http, fetch } = setup(() =>
      ++n < 2 ? json(503, errorBody(503, 'INTERNAL_ERROR')) : json(200, [{ id: 1 }]),
    );
    await expect(http.get('/api/project')).resolves.toEqual([{ id: 1 }]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('retries HEAD like GET', async () => {
    const { http, fetch } = setup(() => new Response(null, { status: 502 }));
    await expect(http.request('/api/health', { method: 'HEAD' })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s', async (method) => {
    const { http, fetch } = setup(() => json(503, errorBody(503, 'INTERNAL_ERROR')));
    await expect(http.request('/api/project', { method, body: {} })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([400, 403, 404, 422])('does not retry a GET answered %i', async (status) => {
    const { http, fetch } = setup(() => json(status, errorBody(status, 'NOT_FOUND')));
    await expect(http.get('/api/x')).rejects.toMatchObject({
      statusCode: status,
      code: 'NOT_FOUND',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry an aborted request', async () => {
    const { http, fetch } = setup(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const controller = new AbortController();
    controller.abort();
    await expect(http.get('/api/project', { signal: controller.signal })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a GET that got no answer, then reports a network error', async () => {
    const { http, fetch } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await http.get('/api/project').catch((e: unknown) => e)) as ApiError;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(error.isNetworkError).toBe(true);
  });

  it('carries code, statusMessage, fields and Retry-After of the error body', async () => {
    const { http } = setup(() =>
      json(
        400,
        {
          ...errorBody(400, 'VALIDATION_ERROR', 'Please enter a valid email address'),
          fields: { email: 'bad' },
        },
        { 'retry-after': '30' },
      ),
    );
    const error = (await http
      .post('/api/auth/signup', {}, { auth: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errorCode).toBe('VALIDATION_ERROR');
    expect(error.statusMessage).toBe('Please enter a valid email address');
    expect(error.fields).toEqual({ email: 'bad' });
    expect(error.retryAfter).toBe(30);
  });
});

describe('headers', () => {
  it('sends Accept-Language, a fresh X-Request-Id per request and the bearer token', async () => {
    const { http, calls } = setup(() => json(200, {}), { signedIn: true });
    await http.get('/api/user/profile');
    await http.get('/api/user/profile');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('zh-CN');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer old-token');
    const ids = calls.map((c) => c.headers.get('X-Request-Id'));
    expect(ids[0]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('sends no Authorization header when signed out', async () => {
    const { http, calls } = setup(() => json(200, {}));
    await http.get('/api/subscription/plans');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('token lifecycle (spec §4)', () => {
  it('counts a token as expired 5000 ms before its expiry, or when it has none', () => {
    const store = createAuthStore(null);
    const now = 1_000_000;
    store.setTokens({ token: 't', refreshToken: 'r', expiresIn: 60 }, now);
    expect(store.getState().tokenExpiry).toBe(now + 60_000);
    expect(store.isTokenExpired(now + 60_000 - TOKEN_EXPIRY_MARGIN_MS - 1)).toBe(false);
    expect(store.isTokenExpired(now + 60_000 - TOKEN_EXPIRY_MARGIN_MS)).toBe(true);
    store.setState({ tokenExpiry: null });
    expect(store.isTokenExpired(now)).toBe(true);
  });

  it('refreshes an expired token before the call and uses the new one', async () => {
    const { http, calls, store } = setup(
      (url) =>
        url.endsWith('/api/auth/refresh')
          ? json(200, { token: 'new-token', expiresIn: 900, refreshToken: 'refresh-2' })
          : json(200, { ok: 1 }),
      { signedIn: true, expiry: Date.now() - 1 },
    );
    await expect(http.get('/api/user/profile')).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/user/profile']);
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer new-token');
    expect(store.getState()).toMatchObject({
      token: 'new-token',
      refreshToken: 'refresh-2',
      isRefreshing: false,
    });
  });

  it('runs one refresh at a time; other callers wait for it', async () => {
    vi.useFakeTimers();
    let release: (() => void) | undefined;
    const { http, calls } = setup(
      async (url) => {
        if (url.endsWith('/api/auth/refresh')) {
          await new Promise<void>((resolve) => (release = resolve));
          return json(200, { token: 'new-token', expiresIn: 900, refreshToken: 'refresh-2' });
        }
        return json(200, { ok: 1 });
      },
      { signedIn: true, expiry: Date.now() - 1 },
    );
    const first = http.get('/api/user/profile');
    const second = http.get('/api/project');
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_INTERVAL_MS);
    release?.();
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_INTERVAL_MS);
    await expect(Promise.all([first, second])).resolves.toEqual([{ ok: 1 }, { ok: 1 }]);
    expect(calls.filter((c) => c.url.endsWith('/api/auth/refresh'))).toHaveLength(1);
    expect(
      calls
        .filter((c) => !c.url.endsWith('/refresh'))
        .every((c) => c.headers.get('Authorization') === 'Bearer new-token'),
    ).toBe(true);
  });

  it('fails with "refresh token timeout" after 10 × 200 ms of waiting', async () => {
    vi.useFakeTimers();
    const { http, store, fetch } = setup(() => json(200, {}), {
      signedIn: true,
      expiry: Date.now() - 1,
    });
    store.setState({ isRefreshing: true });
    const result = http.get('/api/project').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_TRIES * REFRESH_WAIT_INTERVAL_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect((error as Error).message).toBe(REFRESH_TIMEOUT_MESSAGE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on refresh failure clears auth and goes to sign-in with the current full path', async () => {
    const { http, store, navigate, onSessionEnded } = setup(
      () => json(401, errorBody(401, 'REFRESH_TOKEN_INVALID', 'Refresh token is invalid')),
      { signedIn: true, expiry: Date.now() - 1 },
    );
    await expect(http.get('/api/user/profile')).rejects.toThrow('Refresh token is invalid');
    expect(store.getState()).toMatchObject({
      isAuthenticated: false,
      token: null,
      refreshToken: null,
    });
    expect(onSessionEnded).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/signin?redirect=%2Fmodels%3Fx%3D1');
  });

  it('uses "failed to refresh token" when the server gives no status message', async () => {
    const { http } = setup(() => new Response(null, { status: 500 }), {
      signedIn: true,
      expiry: Date.now() - 1,
    });
    await expect(http.get('/api/user/profile')).rejects.toThrow('failed to refresh token');
  });
});

describe('401 handling', () => {
  let ctx: ReturnType<typeof setup>;
  beforeEach(() => {
    ctx = setup(
      () => json(401, errorBody(401, 'TOKEN_INVALID', 'Token has expired or is invalid')),
      { signedIn: true },
    );
  });

  it('clears auth and redirects to sign-in with the current full path', async () => {
    await expect(ctx.http.get('/api/user/profile')).rejects.toMatchObject({ statusCode: 401 });
    expect(ctx.store.getState().isAuthenticated).toBe(false);
    expect(ctx.navigate).toHaveBeenCalledWith('/signin?redirect=%2Fmodels%3Fx%3D1');
  });

  it('does not redirect when already on /signin', async () => {
    const onSignIn = setup(() => json(401, errorBody(401, 'TOKEN_INVALID')), {
      signedIn: true,
      path: '/signin?redirect=%2Fmodels',
    });
    await expect(onSignIn.http.get('/api/user/profile')).rejects.toBeInstanceOf(ApiError);
    expect(onSignIn.store.getState().isAuthenticated).toBe(false);
    expect(onSignIn.navigate).not.toHaveBeenCalled();
  });

  it('leaves a wrong password on the sign-in form alone', async () => {
    const login = setup(() => json(401, errorBody(401, 'INVALID_CREDENTIALS')));
    await expect(login.http.post('/api/auth/login', {}, { auth: false })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(login.navigate).not.toHaveBeenCalled();
  });
});
