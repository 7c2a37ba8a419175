import { z } from 'zod';
import { profileSchema } from './user.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_PATTERN,
} from './auth/auth-rules.ts';

/** Validation messages are keys of `validationTexts`; server and web localize them. */
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(EMAIL_MAX_LENGTH, { error: 'validation.emailInvalid' })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'validation.emailInvalid' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordMin' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordMax' });

export const verificationCodeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, { error: 'validation.codeRequired' })
  .regex(VERIFICATION_CODE_PATTERN, { error: 'validation.codeFormat' });

export const checkEmailBodySchema = z.object({ email: emailSchema });
export const checkEmailResponseSchema = z.object({ registered: z.boolean() });

export const signupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  agreeTerms: z.literal(true, { error: 'validation.agreeTerms' }),
  /** Interface language at sign-up; becomes the profile's language. */
  language: z.enum(['en', 'zh-CN']).optional(),
});

export const signupResponseSchema = z.object({
  email: z.string(),
  /** Seconds until the mailed code expires. */
  codeExpiresIn: z.number().int(),
});

export const verifyEmailBodySchema = z.object({ email: emailSchema, code: verificationCodeSchema });
export const resendCodeBodySchema = z.object({ email: emailSchema });
/** A new code was mailed; the previous one no longer works. */
export const resendCodeResponseSchema = signupResponseSchema;

export const loginBodySchema = z.object({ email: emailSchema, password: passwordSchema });

export const refreshBodySchema = z.object({
  refreshToken: z
    .string({ error: 'validation.refreshTokenRequired' })
    .min(1, { error: 'validation.refreshTokenRequired' })
    .max(512),
});
export const logoutBodySchema = z.object({ refreshToken: z.string().max(512).optional() });

export const tokenPairSchema = z.object({
  token: z.string(),
  /** Seconds until `token` expires. */
  expiresIn: z.number().int(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const authResponseSchema = tokenPairSchema.extend({ user: profileSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
