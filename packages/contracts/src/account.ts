import { z } from 'zod';
import { authResponseSchema, emailSchema, passwordSchema, verificationCodeSchema } from './auth.ts';

/**
 * Accounts beyond password sign-in: emailed code/link sign-in, password reset, Google and WeChat
 * (OAuth), connectors, password change, sign out everywhere and account deletion.
 */

/** Code mails (sign-in code, sign-up code, reset link) per address: at most this many an hour. */
export const EMAIL_CODE_HOURLY_LIMIT = 5;
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;
/** Failed password sign-ins per (account, IP) within the window before 429 (login-limits.ts). */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** What the user types to confirm deleting the account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

// --- emailed code / magic link sign-in ---------------------------------------------------------

/**
 * `POST /api/auth/code/send`. Mails a 6-digit code and a magic link
 * `{publicUrl}/magic-code?email=…&code=…` (the page posts both to /code/verify).
 * Every address gets the same answer (a code goes only to an active, verified account): 200, or
 * past 1 a minute or 5 an hour per address 429 TOO_MANY_REQUESTS with Retry-After.
 */
export const codeSendBodySchema = z.object({ email: emailSchema });
export const codeSendResponseSchema = z.object({
  email: z.string(),
  /** Seconds until the mailed code expires. */
  codeExpiresIn: z.number().int(),
  /** Seconds before another code may be requested. */
  resendIn: z.number().int(),
});
export type CodeSendResponse = z.infer<typeof codeSendResponseSchema>;

/** `POST /api/auth/code/verify` -> AuthResponse (same as login). */
export const codeVerifyBodySchema = z.object({ email: emailSchema, code: verificationCodeSchema });
export type CodeVerifyBody = z.input<typeof codeVerifyBodySchema>;

// --- password reset ----------------------------------------------------------------------------

/**
 * `POST /api/auth/password/forgot`: mails `{publicUrl}/reset-password?token=…` (30 min, once).
 * Always answers 200 with this body, whether or not the address has an account.
 */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const forgotPasswordResponseSchema = z.object({
  ok: z.literal(true),
  /** Seconds a mailed link stays valid. */
  expiresIn: z.number().int(),
});

/**
 * `POST /api/auth/password/reset` -> AuthResponse: a fresh session; every other session of the
 * account is revoked. Errors: RESET_TOKEN_MISSING (no/empty token), RESET_LINK_INVALID (not a
 * token of ours), RESET_LINK_EXPIRED (unknown, used or older than 30 min), PASSWORD_TOO_WEAK,
 * SAME_AS_OLD_PASSWORD, PASSWORD_UPDATE_FAILED, and the account status codes.
 */
export const resetPasswordBodySchema = z.object({
  token: z.string().max(512).optional(),
  /** Checked by the server (PASSWORD_TOO_WEAK); validate with `passwordSchema` in the form. */
  password: z.string().max(1024),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const resetPasswordResponseSchema = authResponseSchema;

// --- OAuth: Google (OpenID Connect) and WeChat (QR connect) ------------------------------------

export const oauthProviderSchema = z.enum(['google', 'wechat']);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

/** `GET /api/auth/providers`: which provider buttons to show (configured on the server). */
export const authProvidersResponseSchema = z.object({ google: z.boolean(), wechat: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersResponseSchema>;

/** An in-app path to return to after sign-in (no scheme/host: no open redirect). */
const appRedirectSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/, { error: 'validation.invalid' });

/**
 * `POST /api/auth/oauth/{provider}/start` (fetch with credentials: it sets an HttpOnly cookie
 * binding state, nonce and PKCE verifier to this browser). Mode `link` needs the bearer token.
 * Then navigate to `authorizationUrl`. The provider returns to `{publicUrl}/callback?code&state`
 * (or `?error=…`); that page posts the query to `/api/auth/oauth/callback`.
 * Provider not configured: 404 OAUTH_PROVIDER_DISABLED.
 */
export const oauthStartBodySchema = z.object({
  mode: z.enum(['signin', 'link']).default('signin'),
  redirect: appRedirectSchema.optional(),
});
export type OAuthStartBody = z.input<typeof oauthStartBodySchema>;
export const oauthStartResponseSchema = z.object({ authorizationUrl: z.string() });

/** `POST /api/auth/oauth/callback`: the /callback page's query, as received. */
export const oauthCallbackBodySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  /** RFC 9207 issuer identification (some providers add it; pass it through when present). */
  iss: z.string().max(512).optional(),
  /** The provider's error (e.g. access_denied when the user cancelled). */
  error: z.string().max(256).optional(),
});
export type OAuthCallbackBody = z.input<typeof oauthCallbackBodySchema>;

const connectorSchema = z
  .object({
    provider: oauthProviderSchema,
    /** The server has this provider configured (else the link button is hidden). */
    available: z.boolean(),
    linked: z.boolean(),
    /** Name or nickname at the provider, when linked. */
    display_name: z.string().nullable(),
    /** Google's email; null for WeChat. */
    email: z.string().nullable(),
    linked_at: z.string().nullable(),
  })
  .meta({ id: 'Connector' });
export type Connector = z.infer<typeof connectorSchema>;

/**
 * Signed in (`mode: signin`, `created` when a new account was made) or linked to the signed-in
 * account (`mode: link`). Errors: OAUTH_STATE_INVALID, OAUTH_CANCELLED, OAUTH_FAILED,
 * OAUTH_EMAIL_NOT_VERIFIED, IDENTITY_LINKED_TO_OTHER_ACCOUNT, status codes. A WeChat user new
 * here gets an account without an email (`created`); Google's verified email becomes the new
 * account's, or signs into the account that already has that address.
 */
export const oauthCallbackResponseSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('signin'),
    provider: oauthProviderSchema,
    redirect: z.string().nullable(),
    created: z.boolean(),
    auth: authResponseSchema,
  }),
  z.object({
    mode: z.literal('link'),
    provider: oauthProviderSchema,
    redirect: z.string().nullable(),
    connector: connectorSchema,
  }),
]);
export type OAuthCallbackResponse = z.infer<typeof oauthCallbackResponseSchema>;

/** `GET /api/user/connectors`; `DELETE /api/user/connectors/{provider}` answers the same. */
export const connectorsResponseSchema = z.object({
  /** Whether the account has a password (a sign-in method of its own). */
  has_password: z.boolean(),
  connectors: z.array(connectorSchema),
});
export type ConnectorsResponse = z.infer<typeof connectorsResponseSchema>;
export const connectorParamsSchema = z.object({ provider: oauthProviderSchema });

// --- adding an email to an account without one -------------------------------------------------

/**
 * `POST /api/user/email`: mails a 6-digit code to `email` for an account that has no email yet
 * (a WeChat sign-up). EMAIL_ALREADY_SET when it has one; EMAIL_ALREADY_REGISTERED when another
 * account holds the address; 1 a minute, 5 an hour (429 with Retry-After).
 */
export const addEmailBodySchema = z.object({ email: emailSchema });
export const addEmailResponseSchema = z.object({
  email: z.string(),
  /** Seconds until the mailed code expires. */
  codeExpiresIn: z.number().int(),
  /** Seconds before another code may be requested. */
  resendIn: z.number().int(),
});
export type AddEmailResponse = z.infer<typeof addEmailResponseSchema>;

/**
 * `POST /api/user/email/verify` -> the Profile with the address set and verified. Wrong code:
 * INVALID_VERIFICATION_CODE (the fifth miss kills it); old: VERIFICATION_CODE_EXPIRED.
 */
export const confirmEmailBodySchema = z.object({ code: verificationCodeSchema });

// --- password, sessions, deletion --------------------------------------------------------------

/**
 * `POST /api/user/password` -> ok. `currentPassword` is required when the account has one
 * (CURRENT_PASSWORD_INCORRECT); SAME_AS_OLD_PASSWORD; every other session is signed out.
 */
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().max(1024).optional(),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** `POST /api/auth/logout-all` (bearer) -> ok: every session of the account ends, this one too. */

const deletionProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Models in the project (deleted with it when `action` is delete). */
  model_count: z.number().int(),
  action: z.enum(['transfer', 'delete']),
  /** For `transfer`: the longest-standing admin, else member, who becomes the owner. */
  new_owner: z
    .object({ id: z.uuid(), email: z.string().nullable(), name: z.string().nullable() })
    .nullable(),
});
export type DeletionProject = z.infer<typeof deletionProjectSchema>;

/** `GET /api/user/deletion-preview`: what deleting the account would do (for the dialog). */
export const deletionPreviewResponseSchema = z.object({
  /** Whether DELETE /api/user needs `password`. */
  requires_password: z.boolean(),
  projects: z.array(deletionProjectSchema),
});
export type DeletionPreview = z.infer<typeof deletionPreviewResponseSchema>;

/**
 * `DELETE /api/user`: owned projects with other members go to the longest-standing admin (else
 * member); the others are deleted with their models; memberships and sessions end; personal data
 * is erased and the account stays as status `deleted` (sign-in answers ACCOUNT_DELETED).
 */
export const deleteAccountBodySchema = z.object({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, { error: 'validation.typeDelete' }),
  password: z.string().max(1024).optional(),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;
export const deleteAccountResponseSchema = z.object({
  ok: z.literal(true),
  projects: z.array(deletionProjectSchema),
});
