import type { TFunction } from 'i18next';
import { isValidationKey } from '@truss/contracts';
import { ApiError } from './http';

/** A server error in the current language: by `code`, else the server's message. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    // Validation failures carry the server's localized text (Accept-Language) for the first field.
    if (error.errorCode === 'VALIDATION_ERROR' && error.statusMessage) return error.statusMessage;
    if (error.errorCode) return t(`errors.${error.errorCode}`);
    if (error.isNetworkError) return t('errors.CONNECTION_TIMEOUT');
    return error.statusMessage || error.message || t('errors.INTERNAL_ERROR');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.INTERNAL_ERROR');
}

/** A validation message carried by a zod issue is a key of the contracts' validation texts. */
export function validationMessage(message: string, t: TFunction): string {
  return isValidationKey(message) ? t(message) : message;
}
