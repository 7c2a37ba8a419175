import { AppError } from '../../http/errors.ts';

export class LastSignInMethodError extends AppError {
  constructor() {
    super('LAST_SIGN_IN_METHOD', 409);
  }
}

export class ConnectorNotLinkedError extends AppError {
  constructor() {
    super('CONNECTOR_NOT_LINKED', 404);
  }
}

/** An unexpected failure inside the deletion transaction (everything was rolled back). */
export class AccountDeleteFailedError extends AppError {
  constructor(cause: unknown) {
    super('ACCOUNT_DELETE_FAILED', 500, { cause, detail: 'account deletion failed' });
  }
}

/**
 * The account has no email (a WeChat sign-up) and asked for something that needs one: a password
 * (password sign-in and reset go by address). It adds one in its profile first.
 */
export class EmailRequiredError extends AppError {
  constructor() {
    super('EMAIL_REQUIRED', 409);
  }
}

/** Adding an email to an account that has one already. */
export class EmailAlreadySetError extends AppError {
  constructor() {
    super('EMAIL_ALREADY_SET', 409);
  }
}
