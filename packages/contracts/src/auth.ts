import { z } from 'zod';
import { profileSchema } from './user.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const VERIFICATION_CODE_LENGTH = 6;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_LIFETIME_DAYS = 30;
/** A parent refresh token presented again within this window returns the same child. */
export const REFRESH_GRACE_SECONDS = 10;
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

/** Validation messages are keys of `validationTexts`; server and web localize them. */
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(254, { error: 'validation.emailInvalid' })
  .pipe(z.email({ error: 'validation.emailInvalid' }))
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
  .regex(/^\d{6}$/, { error: 'validation.codeFormat' });

export const checkEmailBodySchema = z.object({ email: emailSchema });
export const checkEmailResponseSchema = z.object({ registered: z.boolean() });

export const signupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  agreeTerms: z.literal(true, { error: 'validation.agreeTerms' }),
  /** Interface language at sign-up; becomes the profile's language. */
  language: z.enum(['en', 'zh-CN']).optional(),
});
export type SignupBody = z.input<typeof signupBodySchema>;

export const signupResponseSchema = z.object({
  email: z.string(),
  /** Seconds until the mailed code expires. */
  codeExpiresIn: z.number().int(),
});

export const verifyEmailBodySchema = z.object({ email: emailSchema, code: verificationCodeSchema });
export const resendCodeBodySchema = z.object({ email: emailSchema });
/** A new code was mailed; the previous one no longer works. */
export const resendCodeResponseSchema = signupResponseSchema;
/** At most one code mail per address in this many seconds (else 429 with Retry-After). */
export const EMAIL_CODE_RESEND_SECONDS = 60;

export const loginBodySchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginBody = z.input<typeof loginBodySchema>;

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
