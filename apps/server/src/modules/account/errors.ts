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
