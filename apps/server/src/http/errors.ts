import type { ErrorCode } from '@truss/contracts';

interface AppErrorOptions {
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** Internal detail for the log; never sent to the client. */
  detail?: string;
  cause?: unknown;
}

/**
 * Base class of every expected failure. `code` is the stable machine code of the contracts'
 * catalogue; the error handler turns it into `{ statusCode, statusMessage, message, code }` with
 * the text in the caller's language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, statusCode: number, options: AppErrorOptions = {}) {
    super(
      options.detail ?? code,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = new.target.name;
    this.code = code;
    this.statusCode = statusCode;
    this.headers = options.headers ?? {};
  }
}

export class UnauthorizedError extends AppError {
  constructor(detail?: string) {
    super('UNAUTHORIZED', 401, { detail });
  }
}

export class ForbiddenError extends AppError {
  constructor(detail?: string) {
    super('FORBIDDEN', 403, { detail });
  }
}

export class NotFoundError extends AppError {
  constructor(detail?: string) {
    super('NOT_FOUND', 404, { detail });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', 429, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}
