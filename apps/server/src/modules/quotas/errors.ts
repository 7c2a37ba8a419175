import type { ErrorCode } from '@truss/contracts';
import { AppError } from '../../http/errors.ts';

export type QuotaErrorCode = Extract<
  ErrorCode,
  'EMAIL_CHECK_LIMITED' | 'SIGNUP_LIMITED' | 'INVITATION_MAIL_LIMITED' | 'INVITATION_RESEND_LIMITED'
>;

/** A cap reached: 429 with the cap's own code and the seconds until enough of it frees up. */
export class QuotaExceededError extends AppError {
  constructor(code: QuotaErrorCode, retryAfterSeconds: number) {
    super(code, 429, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}
