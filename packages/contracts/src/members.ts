import { z } from 'zod';
import { projectRoleSchema } from './project.ts';

const memberStatusSchema = z.enum(['accepted', 'pending', 'rejected']);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

/** Roles that can be granted by invitation or role change (ownership is never granted). */
const grantableRoleSchema = z.enum(['admin', 'member', 'guest'], {
  error: 'validation.roleInvalid',
});
export type GrantableRole = z.infer<typeof grantableRoleSchema>;

export const INVITATION_TTL_DAYS = 7;
export const MAX_INVITES_PER_REQUEST = 50;
/** One invitation mail per invitation in this many seconds (resend answers 429 + Retry-After). */
export const INVITATION_RESEND_SECONDS = 60;

/**
 * One row of a project's member list (spec §3 "Project member"). Accepted members come from
 * memberships (`kind: 'member'`); pending and rejected rows are invitations (`kind: 'invitation'`).
 * `id` is the membership id or the invitation id accordingly.
 */
export const projectMemberSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['member', 'invitation']),
    user_id: z.uuid().nullable(),
    /** Null for a member whose account has no email (WeChat sign-up). */
    email: z.string().nullable(),
    name: z.string().nullable(),
    role: projectRoleSchema,
    status: memberStatusSchema,
    is_creator: z.boolean(),
    invited_by: z
      .object({ id: z.uuid(), email: z.string().nullable(), name: z.string().nullable() })
      .nullable(),
    /** When the member was added (accepted) or invited. */
    added_at: z.string(),
    /** Invitations only: when the link stops working. */
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'ProjectMember' });
export type ProjectMember = z.infer<typeof projectMemberSchema>;
export const projectMemberListSchema = z.array(projectMemberSchema);

export const memberParamsSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  memberId: z.uuid({ error: 'validation.invalid' }),
});
export const invitationParamsSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  invitationId: z.uuid({ error: 'validation.invalid' }),
});

export const changeRoleBodySchema = z.object({ role: grantableRoleSchema });

/**
 * Invite several addresses at once. Addresses are trimmed and lower-cased; duplicates are dropped
 * by the server; each address gets its own result.
 */
export const inviteBodySchema = z.object({
  emails: z
    .array(z.string().max(254))
    .min(1, { error: 'validation.noValidEmail' })
    .max(MAX_INVITES_PER_REQUEST, { error: 'validation.tooManyEmails' }),
  role: grantableRoleSchema,
});
export type InviteBody = z.input<typeof inviteBodySchema>;

const inviteResultSchema = z.object({
  email: z.string(),
  /**
   * `failed`: the invitation exists (pending) but its mail could not be sent; resend it later.
   * `limited`: this project mailed the address 3 times in 24 h (INVITATION_RESEND_LIMITED).
   */
  status: z.enum(['invited', 'already_member', 'already_invited', 'invalid', 'failed', 'limited']),
  /** For anything but `invited`: the error code and its localized text. */
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export const inviteResponseSchema = z.object({
  results: z.array(inviteResultSchema),
  invited: z.number().int(),
  failed: z.number().int(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

/** What the invite page shows before the visitor accepts or declines. */
export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const invitationPreviewSchema = z
  .object({
    project: z.object({ id: z.uuid(), name: z.string(), description: z.string() }),
    /**
     * Who invited: their display name, or null (none, or the account is gone); never their
     * e-mail address, which whoever holds the link would learn (the page says "A project member").
     */
    inviter: z.object({ name: z.string().nullable() }),
    role: projectRoleSchema,
    email: z.string(),
    status: memberStatusSchema,
    expires_at: z.string(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationResponseSchema = z.object({ project_id: z.uuid() });

/** Pending invitations addressed to the signed-in user ("Shared with me"). */
const myInvitationSchema = invitationPreviewSchema.extend({ id: z.uuid() });
export const myInvitationListSchema = z.array(myInvitationSchema);

/**
 * Accept or decline one of "my" invitations by id (POST /api/user/invitations/{invitationId}/
 * accept|decline): the list has no tokens, so these check that the invitation is addressed to
 * the signed-in user's email instead.
 */
export const myInvitationParamsSchema = z.object({
  invitationId: z.uuid({ error: 'validation.invalid' }),
});
