/** PostgreSQL error fields, as raised by both `pg` and PGlite. */
interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
}

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as PgErrorLike).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** 23505 unique_violation, optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgErrorCode(error) !== '23505') return false;
  return constraint === undefined || (error as PgErrorLike).constraint === constraint;
}
