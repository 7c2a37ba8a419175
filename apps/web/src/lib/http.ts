import { createFetch, FetchError, type FetchOptions } from 'ofetch';
import { isErrorCode, type ErrorCode, type Locale, type TokenPair } from '@truss/contracts';
import type { AuthStore } from './auth-store';
import { newRequestId } from './request-id';

/** Spec §7: statuses that are retried; idempotent reads only (GET/HEAD), writes never. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
/** Spec §9: the fetch wrapper makes 3 attempts in total. */
export const FETCH_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 300;
/** Spec §4/§9: while a refresh runs, other callers wait up to 10 × 200 ms. */
export const REFRESH_WAIT_TRIES = 10;
export const REFRESH_WAIT_INTERVAL_MS = 200;

export const REFRESH_FAILED_MESSAGE = 'failed to refresh token';
export const REFRESH_TIMEOUT_MESSAGE = 'refresh token timeout';

/** Any 400–599 answer (and a request that got no answer: statusCode 0). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly code: ErrorCode | string;
  readonly fields: Record<string, string> | undefined;
  readonly data: unknown;
  /** Seconds from a Retry-After header (429), if any. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    statusCode: number;
    statusMessage: string;
    message: string;
    code: string;
    fields?: Record<string, string> | undefined;
    data?: unknown;
    retryAfter?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.statusCode = init.statusCode;
    this.statusMessage = init.statusMessage;
    this.code = init.code;
    this.fields = init.fields;
    this.data = init.data;
    this.retryAfter = init.retryAfter;
  }

  get errorCode(): ErrorCode | null {
    return isErrorCode(this.code) ? this.code : null;
  }

  /** True when the request never got an answer (offline, DNS, server down). */
  get isNetworkError(): boolean {
    return this.statusCode === 0;
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const status = error.statusCode ?? 0;
    const body: unknown = error.data;
    const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const retryAfterHeader = Number(error.response?.headers.get('retry-after'));
    const statusMessage =
      typeof b.statusMessage === 'string' ? b.statusMessage : (error.statusMessage ?? '');
    return new ApiError({
      statusCode: typeof b.statusCode === 'number' ? b.statusCode : status,
      statusMessage,
      message: typeof b.message === 'string' ? b.message : error.message,
      code:
        typeof b.code === 'string'
          ? b.code
          : status === 0
            ? 'CONNECTION_TIMEOUT'
            : status >= 500
              ? 'INTERNAL_ERROR'
              : 'UNKNOWN',
      fields:
        b.fields && typeof b.fields === 'object' ? (b.fields as Record<string, string>) : undefined,
      data: body,
      retryAfter:
        Number.isFinite(retryAfterHeader) && retryAfterHeader > 0 ? retryAfterHeader : undefined,
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ statusCode: 0, statusMessage: '', message, code: 'UNKNOWN', cause: error });
}

export { newRequestId };

export interface HttpDeps {
  store: AuthStore;
  getLocale: () => Locale;
  /** Full path of the page the user is on, for the sign-in redirect. */
  currentPath: () => string;
  navigate: (to: string) => void;
  /** Called whenever the session is dropped (401, failed refresh), e.g. to clear the query cache. */
  onSessionEnded?: () => void;
  fetch?: typeof globalThis.fetch;
  baseURL?: string;
  retryDelay?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  logger?: Pick<Console, 'error' | 'warn'>;
}

export type RequestOptions = Omit<FetchOptions<'json'>, 'retry' | 'responseType'> & {
  /** false for calls that must not trigger a token refresh (sign-in, refresh itself). */
  auth?: boolean;
};

export type Http = ReturnType<typeof createHttp>;

export function createHttp(deps: HttpDeps) {
  const { store } = deps;
  const logger = deps.logger ?? console;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const $fetch = createFetch({
    fetch: deps.fetch ?? ((...args) => globalThis.fetch(...args)),
    Headers: globalThis.Headers,
    AbortController: globalThis.AbortController,
  });

  function signInRedirect(): void {
    const path = deps.currentPath();
    const pathname = path.split(/[?#]/)[0];
    if (pathname === '/signin') return;
    deps.navigate(`/signin?redirect=${encodeURIComponent(path)}`);
  }

  function endSession(): void {
    store.clear();
    deps.onSessionEnded?.();
  }

  const client = $fetch.create({
    baseURL: deps.baseURL ?? '',
    retryStatusCodes: RETRY_STATUS_CODES,
    retryDelay: deps.retryDelay ?? RETRY_DELAY_MS,
    onRequest({ options }) {
      // Runs before every attempt: a fresh request id each time, the current token and language.
      const headers = new Headers(options.headers);
      headers.set('Accept-Language', deps.getLocale());
      headers.set('X-Request-Id', newRequestId());
      headers.set('Accept', 'application/json');
      const { token, isAuthenticated } = store.getState();
      if (token && isAuthenticated && !headers.has('Authorization')) {
        headers.set('Authorization', `Bearer ${token}`);
      }
      options.headers = headers;
    },
  });

  let refreshPromise: Promise<void> | null = null;

  /** POST /api/auth/refresh. On failure auth is cleared and the user goes to sign-in. */
  async function refresh(): Promise<void> {
    if (refreshPromise) return refreshPromise;
    const { refreshToken } = store.getState();
    store.setState({ isRefreshing: true });
    refreshPromise = (async () => {
      try {
        if (!refreshToken) throw new Error(REFRESH_FAILED_MESSAGE);
        const pair = await client<TokenPair>('/api/auth/refresh', {
          method: 'POST',
          body: { refreshToken },
          retry: 0,
        });
        store.setTokens(pair, now());
        store.setState({ isRefreshing: false });
      } catch (error) {
        const apiError =
          error instanceof Error && !(error instanceof FetchError) ? null : toApiError(error);
        const message = apiError?.statusMessage || REFRESH_FAILED_MESSAGE;
        logger.warn('[auth] token refresh failed:', message);
        endSession();
        store.setState({ error: message });
        signInRedirect();
        throw new Error(message, { cause: error });
      } finally {
        refreshPromise = null;
      }
    })();
    return refreshPromise;
  }

  /** Before each API call while signed in: refresh an expired token; one refresh at a time. */
  async function ensureFreshToken(): Promise<void> {
    const state = store.getState();
    if (!state.isAuthenticated || !store.isTokenExpired(now())) return;
    if (state.isRefreshing) {
      for (let i = 0; i < REFRESH_WAIT_TRIES; i += 1) {
        await sleep(REFRESH_WAIT_INTERVAL_MS);
        if (!store.getState().isRefreshing) return;
      }
      throw new Error(REFRESH_TIMEOUT_MESSAGE);
    }
    await refresh();
  }

  async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
    const { auth = true, ...rest } = options;
    const method = (rest.method ?? 'GET').toUpperCase();
    const idempotent = method === 'GET' || method === 'HEAD';
    if (auth) await ensureFreshToken();
    const sentWithToken = auth && store.getState().isAuthenticated && !!store.getState().token;
    try {
      return await client<T>(url, {
        ...rest,
        method,
        retry: idempotent ? FETCH_ATTEMPTS - 1 : 0,
      } as FetchOptions<'json'>);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.statusCode === 401 && sentWithToken) {
        logger.warn('[auth] token is invalid or expired; signing out');
        endSession();
        signInRedirect();
      }
      logger.error(
        `[api] ${method} ${url} failed:`,
        apiError.statusCode,
        apiError.code,
        apiError.message,
      );
      throw apiError;
    }
  }

  return {
    request,
    get: <T>(url: string, options: RequestOptions = {}) =>
      request<T>(url, { ...options, method: 'GET' }),
    post: <T>(url: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>(url, { ...options, method: 'POST', body: body as RequestOptions['body'] }),
    refresh,
    ensureFreshToken,
    /** Drop the local session (used by logout); does not navigate. */
    endSession,
  };
}
