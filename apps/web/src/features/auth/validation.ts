import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_PATTERN,
  type ValidationKey,
} from '@truss/contracts';
import type { FormCheckResult } from '../../lib/form';

/**
 * The sign-in and sign-up forms' checks without zod (zod is a fifth of the sign-in page's
 * JavaScript): the same rules and limits as the contracts' schemas (`loginBodySchema`,
 * `signupBodySchema`, `codeSendBodySchema`, `codeVerifyBodySchema`), the same message keys, the
 * same first message per field. validation.test.ts runs both over one table of inputs.
 */

type Checked<T> = { value: T } | { error: ValidationKey };

/** `emailSchema`: trimmed, 1-254 characters, zod's e-mail pattern; lower-cased. */
export function checkEmail(input: unknown): Checked<string> {
  if (typeof input !== 'string') return { error: 'validation.emailRequired' };
  const email = input.trim();
  if (email.length < 1) return { error: 'validation.emailRequired' };
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    return { error: 'validation.emailInvalid' };
  }
  return { value: email.toLowerCase() };
}

/** `passwordSchema`: 8-128 characters, as typed. */
function checkPassword(input: unknown): Checked<string> {
  if (typeof input !== 'string' || input.length < 1)
    return { error: 'validation.passwordRequired' };
  if (input.length < PASSWORD_MIN_LENGTH) return { error: 'validation.passwordMin' };
  if (input.length > PASSWORD_MAX_LENGTH) return { error: 'validation.passwordMax' };
  return { value: input };
}

/** `verificationCodeSchema`: six digits once trimmed. */
function checkCode(input: unknown): Checked<string> {
  if (typeof input !== 'string') return { error: 'validation.codeRequired' };
  const code = input.trim();
  if (code.length < 1) return { error: 'validation.codeRequired' };
  if (!VERIFICATION_CODE_PATTERN.test(code)) return { error: 'validation.codeFormat' };
  return { value: code };
}

type Errors<K extends string> = Partial<Record<K, ValidationKey>>;

function outcome<T, K extends string>(errors: Errors<K>, data: T): FormCheckResult<T, K> {
  return Object.keys(errors).length > 0 ? { errors } : { data };
}

/** Adds `field`'s error to `errors`, or its checked value to `data`. */
function take<T, K extends string>(
  result: Checked<T>,
  field: K,
  errors: Errors<K>,
  data: Record<string, unknown>,
): void {
  if ('error' in result) errors[field] = result.error;
  else data[field] = result.value;
}

/** The sign-in form (password mode): `loginBodySchema`. */
export function checkSignIn(values: {
  email: string;
  password: string;
}): FormCheckResult<{ email: string; password: string }, 'email' | 'password'> {
  const errors: Errors<'email' | 'password'> = {};
  const data: Record<string, unknown> = {};
  take(checkEmail(values.email), 'email', errors, data);
  take(checkPassword(values.password), 'password', errors, data);
  return outcome(errors, data as { email: string; password: string });
}

/** Sign-in by code, first step: `codeSendBodySchema`. */
export function checkCodeSend(values: {
  email: string;
}): FormCheckResult<{ email: string }, 'email'> {
  const errors: Errors<'email'> = {};
  const data: Record<string, unknown> = {};
  take(checkEmail(values.email), 'email', errors, data);
  return outcome(errors, data as { email: string });
}

/** Sign-in by code, second step: `codeVerifyBodySchema`. */
export function checkCodeVerify(values: {
  email: string;
  code: string;
}): FormCheckResult<{ email: string; code: string }, 'email' | 'code'> {
  const errors: Errors<'email' | 'code'> = {};
  const data: Record<string, unknown> = {};
  take(checkEmail(values.email), 'email', errors, data);
  take(checkCode(values.code), 'code', errors, data);
  return outcome(errors, data as { email: string; code: string });
}

type SignUpField = 'email' | 'password' | 'confirmPassword' | 'agreeTerms';
export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
}

/**
 * The sign-up form: `signupBodySchema` (without the language, which the page adds) and the
 * confirmation field the server never sees, which must equal the password; the match is checked
 * even while another field is still invalid.
 */
export function checkSignUp(
  values: SignUpValues,
): FormCheckResult<
  { email: string; password: string; agreeTerms: true; confirmPassword: string },
  SignUpField
> {
  const errors: Errors<SignUpField> = {};
  const data: Record<string, unknown> = {};
  take(checkEmail(values.email), 'email', errors, data);
  take(checkPassword(values.password), 'password', errors, data);
  if (values.agreeTerms === true) data.agreeTerms = true;
  else errors.agreeTerms = 'validation.agreeTerms';
  if (values.password === values.confirmPassword) data.confirmPassword = values.confirmPassword;
  else errors.confirmPassword = 'validation.passwordsMismatch';
  return outcome(
    errors,
    data as { email: string; password: string; agreeTerms: true; confirmPassword: string },
  );
}
