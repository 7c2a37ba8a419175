import { AppError } from '../../http/errors.ts';

/**
 * The one answer for every share link that does not work: unknown token, deleted, disabled,
 * expired, model in the trash, or a private share for a non-member. Same status, same body, so a
 * visitor cannot tell which.
 */
export class ShareNotFoundError extends AppError {
  constructor(detail?: string) {
    super('SHARE_NOT_FOUND', 404, { detail });
  }
}

/** Owner routes: the share id does not exist or the caller cannot see it. */
export class ShareIdNotFoundError extends AppError {
  constructor(detail?: string) {
    super('NOT_FOUND', 404, { detail });
  }
}

/** Anonymous visitor of a live private share: sign in as a project member. */
export class ShareSignInRequiredError extends AppError {
  constructor() {
    super('SHARE_SIGN_IN_REQUIRED', 401);
  }
}

/** 403, not 401: the web app treats 401 as "your session ended". */
export class ShareIncorrectCodeError extends AppError {
  constructor() {
    super('SHARE_INCORRECT_CODE', 403);
  }
}

export class ShareCodeLockedError extends AppError {
  constructor() {
    super('SHARE_CODE_LOCKED', 423);
  }
}

/** A file of a code share without a valid unlock for the current code. */
export class ShareCodeRequiredError extends AppError {
  constructor() {
    super('SHARE_CODE_REQUIRED', 403);
  }
}

export class ShareAccessCodeInvalidError extends AppError {
  constructor() {
    super('SHARE_ACCESS_CODE_INVALID', 400);
  }
}

/**
 * Too many wrong codes on this share lately, from any IP: every visitor waits the share's growing
 * delay (Retry-After), the holder of the right code too, and is never locked out.
 */
export class ShareCodeDelayedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('SHARE_CODE_DELAYED', 429, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}
