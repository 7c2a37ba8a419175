import { AppError } from './errors.ts';

/** Seconds a client should wait before retrying while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export class DatabaseUnavailableError extends AppError {
  constructor(cause?: unknown) {
    super('DATABASE_UNAVAILABLE', 503, {
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      detail: 'database connection failed',
      cause,
    });
  }
}

/** Seconds a client should wait before retrying while the object store is away. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The object store (S3) cannot be reached or answers 5xx: not the database's fault, so its own
 * code (STORAGE_UNAVAILABLE), still 503 with Retry-After.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause?: unknown, detail = 'object storage unreachable') {
    super('STORAGE_UNAVAILABLE', 503, {
      headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
      detail,
      cause,
    });
  }
}

class InsufficientStorageError extends AppError {
  constructor(cause?: unknown) {
    super('INSUFFICIENT_STORAGE', 507, { detail: 'no space left for storage', cause });
  }
}

/** Socket-level failures of the connection to PostgreSQL (node's errno codes). */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs meaning the server went away or is not accepting connections: class 08 (connection
 * exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
/** Texts `pg` and pg-pool raise when a socket dies or a connect times out (no code attached). */
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed|terminating connection/i;
const NO_SPACE_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);
/**
 * SQLSTATE 53100 disk_full: PostgreSQL, and PGlite writing its files into a full DATA_DIR ("could
 * not extend file ...: No space left on device").
 */
const DISK_FULL_SQLSTATE = '53100';
/** A database error whose code says something else (58030 io_error) but whose text says full. */
const NO_SPACE_MESSAGE = /No space left on device|Disk quota exceeded/;

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (typeof current === 'object' && current !== null && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

/** Whether an error (or its cause) says PostgreSQL cannot be reached right now. */
function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((link) => {
    const code = codeOf(link);
    if (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    const message = (link as { message?: unknown }).message;
    return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
  });
}

/** Whether an error (or its cause) is a socket-level failure (refused, reset, timed out...). */
export function isConnectionFailure(error: unknown): boolean {
  return causes(error).some((link) => {
    const code = codeOf(link);
    const name = (link as { name?: unknown }).name;
    return CONNECTION_ERRNOS.has(code) || name === 'TimeoutError';
  });
}

/** Whether an error (or its cause) is a full disk or an exhausted quota, of a file or the database. */
function isOutOfSpace(error: unknown): boolean {
  return causes(error).some((link) => {
    const code = codeOf(link);
    if (NO_SPACE_ERRNOS.has(code) || code === DISK_FULL_SQLSTATE) return true;
    const message = (link as { message?: unknown }).message;
    return (
      /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string' && NO_SPACE_MESSAGE.test(message)
    );
  });
}

/**
 * Operating faults turned into typed errors the client can act on: the database away -> 503 with
 * Retry-After; the disk full (storage or database) -> 507. Anything else stays unknown (500, details only in the log).
 */
export function faultError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  // A storage failure wrapped by a library (tus) keeps its cause: it is not the database's.
  const storage = causes(error).find((link) => link instanceof StorageUnavailableError);
  if (storage) return storage as StorageUnavailableError;
  if (isOutOfSpace(error)) return new InsufficientStorageError(error);
  if (isDatabaseUnavailable(error)) return new DatabaseUnavailableError(error);
  return null;
}
