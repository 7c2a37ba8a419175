import { AppError } from '../../http/errors.ts';

export class OAuthProviderDisabledError extends AppError {
  constructor(provider: string) {
    super('OAUTH_PROVIDER_DISABLED', 404, { detail: `${provider} sign-in is not configured` });
  }
}

/** No flow cookie, a tampered or expired one, or a state that is not the one it holds. */
export class OAuthStateInvalidError extends AppError {
  constructor(detail: string) {
    super('OAUTH_STATE_INVALID', 400, { detail });
  }
}

export class OAuthCancelledError extends AppError {
  constructor() {
    super('OAUTH_CANCELLED', 400);
  }
}

/** The provider refused or answered nonsense (bad code, PKCE, nonce, errcode...). */
export class OAuthFailedError extends AppError {
  constructor(detail: string, cause?: unknown) {
    super('OAUTH_FAILED', 502, { detail, cause });
  }
}

export class OAuthTimeoutError extends AppError {
  constructor(detail: string) {
    super('CONNECTION_TIMEOUT', 504, { detail });
  }
}

export class OAuthEmailNotVerifiedError extends AppError {
  constructor() {
    super('OAUTH_EMAIL_NOT_VERIFIED', 403);
  }
}

export class IdentityLinkedToOtherAccountError extends AppError {
  constructor() {
    super('IDENTITY_LINKED_TO_OTHER_ACCOUNT', 409);
  }
}
