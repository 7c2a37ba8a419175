import type { ErrorCode } from '@truss/contracts';
import { AppError } from '../../http/errors.ts';
import type { UserStatus } from '../../db/schema.ts';

export class InvalidCredentialsError extends AppError {
  constructor() {
    super('INVALID_CREDENTIALS', 401);
  }
}

export class EmailNotVerifiedError extends AppError {
  constructor() {
    super('EMAIL_NOT_VERIFIED', 403);
  }
}

export class InvalidVerificationCodeError extends AppError {
  constructor() {
    super('INVALID_VERIFICATION_CODE', 400);
  }
}

export class VerificationCodeExpiredError extends AppError {
  constructor() {
    super('VERIFICATION_CODE_EXPIRED', 400);
  }
}

export class SendCodeFailedError extends AppError {
  constructor(cause: unknown) {
    super('SEND_CODE_FAILED', 502, { cause, detail: 'sending the verification mail failed' });
  }
}

export class RefreshTokenInvalidError extends AppError {
  constructor(detail?: string) {
    super('REFRESH_TOKEN_INVALID', 401, { detail });
  }
}

const statusCodes: Record<Exclude<UserStatus, 'active'>, ErrorCode> = {
  not_activated: 'ACCOUNT_NOT_ACTIVATED',
  suspended: 'ACCOUNT_SUSPENDED',
  deleted: 'ACCOUNT_DELETED',
};

/** A sign-in refused because of the account's status (each status has its own code). */
export class AccountStatusError extends AppError {
  constructor(status: Exclude<UserStatus, 'active'>) {
    super(statusCodes[status] ?? 'ACCOUNT_ABNORMAL', 403);
  }
}

export class ResetTokenMissingError extends AppError {
  constructor() {
    super('RESET_TOKEN_MISSING', 400);
  }
}

/** Not shaped like one of our reset tokens (a mangled link). */
export class ResetLinkInvalidError extends AppError {
  constructor() {
    super('RESET_LINK_INVALID', 400);
  }
}

/** Unknown, already used, replaced or older than 30 minutes. */
export class ResetLinkExpiredError extends AppError {
  constructor() {
    super('RESET_LINK_EXPIRED', 400);
  }
}

export class PasswordTooWeakError extends AppError {
  constructor() {
    super('PASSWORD_TOO_WEAK', 400);
  }
}

/** A new password from the common passwords list, or a trivial pattern (common-passwords.ts). */
export class PasswordTooCommonError extends AppError {
  constructor() {
    super('PASSWORD_TOO_COMMON', 400);
  }
}

export class SameAsOldPasswordError extends AppError {
  constructor() {
    super('SAME_AS_OLD_PASSWORD', 400);
  }
}

export class PasswordUpdateFailedError extends AppError {
  constructor(cause?: unknown) {
    super('PASSWORD_UPDATE_FAILED', 500, { cause, detail: 'storing the new password failed' });
  }
}

export class CurrentPasswordIncorrectError extends AppError {
  constructor() {
    super('CURRENT_PASSWORD_INCORRECT', 400);
  }
}

/**
 * Too many failed password sign-ins on this account, from any IP: wait (Retry-After), or sign in
 * with an emailed code, which this never holds back.
 */
export class LoginDelayedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('LOGIN_DELAYED', 429, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}
