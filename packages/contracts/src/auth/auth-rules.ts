/**
 * The sign-in rules as plain values, without zod: the auth schemas (auth.ts) are built from them,
 * and the web app's sign-in and sign-up forms check against them without loading zod
 * (apps/web/src/features/auth/validation.ts, tested to agree with the schemas).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const VERIFICATION_CODE_LENGTH = 6;
/** A mailed code: exactly six digits. */
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;
/** Longest address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** zod's own e-mail pattern (`z.regexes.email`), given to `z.email` so both sides use this one. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_LIFETIME_DAYS = 30;
/** A parent refresh token presented again within this window returns the same child. */
export const REFRESH_GRACE_SECONDS = 10;
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** At most one code mail per address in this many seconds (else 429 with Retry-After). */
export const EMAIL_CODE_RESEND_SECONDS = 60;
