import { AppError } from '../../http/errors.ts';

/** Unknown order, or another user's: the same answer, so order ids cannot be probed. */
export class OrderNotFoundError extends AppError {
  constructor(detail?: string) {
    super('ORDER_NOT_FOUND', 404, { detail });
  }
}

/** Cancelling (or paying in the sandbox) an order that is no longer pending. */
export class OrderNotPendingError extends AppError {
  constructor(detail?: string) {
    super('ORDER_NOT_PENDING', 409, { detail });
  }
}

/** The free plan, or a plan period that is not on sale. */
export class PlanNotOrderableError extends AppError {
  constructor(detail?: string) {
    super('PLAN_NOT_ORDERABLE', 400, { detail });
  }
}

export class CurrencyNotSupportedError extends AppError {
  constructor(detail?: string) {
    super('CURRENCY_NOT_SUPPORTED', 400, { detail });
  }
}

export class TooManyOpenOrdersError extends AppError {
  constructor(detail?: string) {
    super('TOO_MANY_OPEN_ORDERS', 409, { detail });
  }
}

/** No provider is on, or none could make a pay code. */
export class PaymentsUnavailableError extends AppError {
  constructor(detail?: string, cause?: unknown) {
    super('PAYMENTS_UNAVAILABLE', 503, { detail, cause });
  }
}

/** POST /api/user/subscription: no paid order of this user has that id. */
export class PaymentNotFoundError extends AppError {
  constructor(detail?: string) {
    super('PAYMENT_NOT_FOUND', 404, { detail });
  }
}

/** POST /api/user/subscription: the paid order is for another plan or amount. */
export class PaymentMismatchError extends AppError {
  constructor(detail?: string) {
    super('PAYMENT_MISMATCH', 409, { detail });
  }
}

/**
 * A provider callback that fails verification. Not an AppError: the notify routes answer in the
 * provider's own format, and `reason` is stored with the callback.
 */
export class CallbackRejectedError extends Error {
  constructor(
    readonly reason:
      | 'unsigned'
      | 'bad_signature'
      | 'stale'
      | 'unknown_key'
      | 'malformed'
      | 'decrypt_failed'
      | 'other_merchant'
      | 'unknown_order'
      | 'amount_mismatch',
    detail?: string,
  ) {
    super(detail ?? reason);
    this.name = 'CallbackRejectedError';
  }
}

/** The operator refund command on an order that is not (or no longer) paid. */
export class OrderNotPaidError extends AppError {
  constructor(detail?: string) {
    super('ORDER_NOT_PAID', 409, { detail });
  }
}
