import { z } from 'zod';
import type { ErrorCode } from './texts/messages.ts';

/**
 * Share links (spec §3 "Share", §4, §5): a link to one model, public, protected by a 4-digit
 * access code, or private (signed-in project members only), with an expiry, a status
 * (Active/Disabled) and what a visitor may do (comment; edit issues or view only).
 *
 * Owner-facing objects use snake_case like the other API objects; request bodies use camelCase
 * (as `moveModelBodySchema` does).
 */

/** The web page of a share: `/share/{token}` (`?embed=1` for the chrome-less embed mode). */
export function sharePagePath(token: string): string {
  return `/share/${token}`;
}

export const SHARE_ACCESS_CODE_LENGTH = 4;
/** Wrong codes one IP may try on one share in the window before 429 (even with the right code). */
export const SHARE_CODE_MAX_ATTEMPTS_PER_IP = 5;
export const SHARE_CODE_ATTEMPT_WINDOW_MINUTES = 15;
/**
 * Wrong codes on one share, from any IP, within SHARE_CODE_FAILURE_WINDOW_HOURS answered at once.
 * After these every try (the right code too, or the answer would tell) waits a doubling delay
 * after the share's last wrong code, 1 s up to SHARE_CODE_MAX_DELAY_SECONDS: 429
 * SHARE_CODE_DELAYED + Retry-After. Nobody is locked out; at most 31 guesses in the first hour
 * and 77 in the first day per share (then 48 a day), of 10,000 codes. The owner is mailed once.
 */
export const SHARE_CODE_MAX_FAILURES = 20;
export const SHARE_CODE_FAILURE_WINDOW_HOURS = 24;
export const SHARE_CODE_MAX_DELAY_SECONDS = 30 * 60;

const shareTypeSchema = z.enum(['public', 'password', 'private'], {
  error: 'validation.invalid',
});
export type ShareType = z.infer<typeof shareTypeSchema>;

const shareExpirationSchema = z.enum(['1d', '7d', '30d', 'never'], {
  error: 'validation.invalid',
});
export type ShareExpiration = z.infer<typeof shareExpirationSchema>;
/** Days each expiration choice lasts from the moment it is set (create or edit); null = never. */
export const SHARE_EXPIRATION_DAYS: Record<ShareExpiration, number | null> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  never: null,
};

/** Issue handling for visitors: "Issue Editing" or "View Only". */
const shareIssuePermissionSchema = z.enum(['edit', 'view'], { error: 'validation.invalid' });
export type ShareIssuePermission = z.infer<typeof shareIssuePermissionSchema>;

const shareStatusSchema = z.enum(['active', 'disabled'], { error: 'validation.invalid' });
export type ShareStatus = z.infer<typeof shareStatusSchema>;

/** Exactly 4 ASCII digits ("Access Code Must Be 4 Digits"). */
export const shareAccessCodeSchema = z
  .string({ error: 'validation.shareCodeFormat' })
  .regex(/^[0-9]{4}$/, { error: 'validation.shareCodeFormat' });

export const createShareBodySchema = z
  .object({
    modelId: z.uuid({ error: 'validation.invalid' }),
    type: shareTypeSchema,
    expiration: shareExpirationSchema,
    /** Required for `password`; ignored for the other types. */
    accessCode: shareAccessCodeSchema.optional(),
    allowComments: z.boolean({ error: 'validation.invalid' }).default(true),
    issuePermission: shareIssuePermissionSchema.default('view'),
    /** Visitors may download the uploaded original. Default: off, except for private links. */
    allowDownload: z.boolean({ error: 'validation.invalid' }).optional(),
    /** Show this version of the model; absent or null: always the model's current version. */
    modelVersionId: z.uuid({ error: 'validation.invalid' }).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'password' && body.accessCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['accessCode'], message: 'validation.shareCodeFormat' });
    }
  });
export type CreateShareBody = z.input<typeof createShareBodySchema>;

/**
 * Every field optional, at least one. `expiration` is recomputed from now. A new `accessCode`
 * replaces the old one: old unlocks stop working, the lock and the failure count are reset.
 * Switching to `password` needs `accessCode` unless the share already has a code (server check,
 * same "Access Code Must Be 4 Digits" field error).
 */
export const updateShareBodySchema = z
  .object({
    type: shareTypeSchema.optional(),
    expiration: shareExpirationSchema.optional(),
    accessCode: shareAccessCodeSchema.optional(),
    allowComments: z.boolean({ error: 'validation.invalid' }).optional(),
    issuePermission: shareIssuePermissionSchema.optional(),
    allowDownload: z.boolean({ error: 'validation.invalid' }).optional(),
    status: shareStatusSchema.optional(),
    /** Pin the share to this version of its model; null: follow the current version. */
    modelVersionId: z.uuid({ error: 'validation.invalid' }).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'validation.nothingToUpdate',
  });
export type UpdateShareBody = z.input<typeof updateShareBodySchema>;

export const shareIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
/**
 * Tokens are 32 base64url characters (192 bits). Any other string is looked up too and answers
 * SHARE_NOT_FOUND like every dead link (no separate "malformed" answer).
 */
export const shareTokenParamsSchema = z.object({ token: z.string() });

export const shareListQuerySchema = z.object({
  /** Only the shares of this model (the model's share dialog). */
  modelId: z.uuid({ error: 'validation.invalid' }).optional(),
});
export type ShareListQuery = z.infer<typeof shareListQuerySchema>;

const shareCreatorSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});

/** A share as its owner (creator) or a project owner/admin sees it: My Shares and the dialog. */
export const shareSchema = z
  .object({
    id: z.uuid(),
    /** The bearer capability in the link; shown again so the owner can copy the link later. */
    token: z.string(),
    /** Absolute link to the share page (`{publicUrl}/share/{token}`). */
    url: z.string(),
    model_id: z.uuid(),
    model_name: z.string(),
    project_id: z.uuid(),
    project_name: z.string(),
    /** True while the model is in the trash (the link answers "does not exist" meanwhile). */
    model_trashed: z.boolean(),
    /** The version the share is pinned to; null: it shows the model's current version. */
    model_version: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
    type: shareTypeSchema,
    status: shareStatusSchema,
    /** The last expiration choice; `expires_at` is when it runs out (null = never). */
    expiration: shareExpirationSchema,
    expires_at: z.string().nullable(),
    expired: z.boolean(),
    allow_comments: z.boolean(),
    issue_permission: shareIssuePermissionSchema,
    /** Visitors may download the uploaded original (the visitor's `permissions.download`). */
    allow_download: z.boolean(),
    /** Whether an access code is set (the code itself is only kept as an HMAC). */
    has_code: z.boolean(),
    /**
     * The code just set, only in the response of the create/update request that set it (so the
     * dialog can show it once); null otherwise. The server cannot return it later.
     */
    access_code: z.string().nullable(),
    /** 20 wrong codes locked the code for everyone; setting a new code unlocks it. */
    code_locked: z.boolean(),
    creator: shareCreatorSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /**
     * How the link travelled: times opened (its creator's own opens not counted), distinct
     * visitors summed over days (a visitor is counted once a day; no IP is kept), last opened.
     */
    analytics: z.object({
      opens: z.number().int(),
      visitors: z.number().int(),
      last_opened_at: z.string().nullable(),
    }),
  })
  .meta({ id: 'Share' });
export type Share = z.infer<typeof shareSchema>;
export const shareListSchema = z.array(shareSchema);

/** What the visitor may do (the server decides with `canShareVisitor`). */
const sharePermissionsSchema = z.object({
  view: z.boolean(),
  download: z.boolean(),
  comment: z.boolean(),
  editIssues: z.boolean(),
});
export type SharePermissions = z.infer<typeof sharePermissionsSchema>;

/**
 * The shared model's state on the share page (spec §4 "Shared model page"): `processing` while
 * uploading/queued/converting, `ready`, `failed` (conversion failed), `unavailable` (ready but its
 * viewable is gone). An unknown share is the SHARE_NOT_FOUND answer, not a state.
 */
const sharedModelStatusSchema = z.enum(['processing', 'ready', 'failed', 'unavailable']);
export type SharedModelStatus = z.infer<typeof sharedModelStatusSchema>;

const sharedModelSchema = z.object({
  name: z.string(),
  urn: z.string(),
  format: z.string().nullable(),
  status: sharedModelStatusSchema,
  /**
   * Share-scoped URLs (`/api/share/{token}/viewable.glb?v=…` and so on); null until ready. They
   * work for this visitor only while the share is live and unlocked: the unlock cookie (code
   * shares) or the bearer token (private shares; `<img>` can't send it, so private file URLs carry
   * a short-lived signature bound to the member) is checked on every request.
   */
  viewable_url: z.string().nullable(),
  metadata_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /**
   * `/api/share/{token}/sheets`: a drawing's sheets (PDF, DXF, DWG: its viewable, `viewable_url`
   * is null) or an IFC model's storey plans, with share-scoped URLs; null for other formats and
   * until ready.
   */
  sheets_url: z.string().nullable(),
  /** The uploaded file; null when the visitor may not download. */
  original_url: z.string().nullable(),
  /** The version shown: the one the share is pinned to, else the model's current one. */
  version: z.number().int().nullable(),
  /** Whether the share is pinned to that version (it does not follow new uploads). */
  pinned: z.boolean(),
});
export type SharedModel = z.infer<typeof sharedModelSchema>;

/** `GET /api/share/{token}` and the answer of a right code. */
export const publicShareSchema = z
  .object({
    token: z.string(),
    type: shareTypeSchema,
    /** A code share not yet unlocked by this browser: show the code prompt. */
    needs_code: z.boolean(),
    /** Code shares: whether this browser holds a valid unlock. Public/private: true. */
    unlocked: z.boolean(),
    /** Code shares: the code is locked after too many wrong tries (SHARE_CODE_LOCKED on verify). */
    code_locked: z.boolean(),
    /** null until unlocked, so a code share leaks neither the name nor the files. */
    model: sharedModelSchema.nullable(),
    permissions: sharePermissionsSchema,
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'PublicShare' });
export type PublicShare = z.infer<typeof publicShareSchema>;

export const verifyShareBodySchema = z.object({ code: shareAccessCodeSchema });
/** A right code answers 200 with the public share (unlocked) and sets the unlock cookie. */
export const verifyShareResponseSchema = publicShareSchema;

/**
 * Error codes of the share routes (texts in messages.ts). Status codes are stable:
 * SHARE_NOT_FOUND 404 (unknown, deleted, disabled, expired, model trashed, non-member of a private
 * share: one body for all), SHARE_SIGN_IN_REQUIRED 401 (anonymous on a live private share),
 * SHARE_INCORRECT_CODE 403 (not 401, which the web treats as "signed out"), SHARE_CODE_LOCKED 423
 * (only shares locked before issue 33; none are locked now), SHARE_CODE_DELAYED 429 + Retry-After
 * (the share's own delay), TOO_MANY_REQUESTS 429 + Retry-After (this IP), SHARE_CODE_REQUIRED 403 (file URL of a code share without
 * a valid unlock), SHARE_ACCESS_CODE_INVALID 400 (PATCH to `password` without a code when the share
 * has none; body validation answers VALIDATION_ERROR with the same text in `fields.accessCode`).
 * SHARE_LIST_FAILED / SHARE_VERIFY_FAILED are texts for the web's own failures.
 */
export const SHARE_ERROR_CODES = [
  'SHARE_NOT_FOUND',
  'SHARE_SIGN_IN_REQUIRED',
  'SHARE_INCORRECT_CODE',
  'SHARE_CODE_LOCKED',
  'SHARE_CODE_DELAYED',
  'SHARE_CODE_REQUIRED',
  'SHARE_LIST_FAILED',
  'SHARE_VERIFY_FAILED',
  'SHARE_ACCESS_CODE_INVALID',
  'TOO_MANY_REQUESTS',
] as const satisfies readonly ErrorCode[];
