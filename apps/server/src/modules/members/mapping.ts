import type { InvitationPreview, ProjectMember } from '@truss/contracts';
import type { UserRow } from '../../db/schema.ts';
import { displayName } from '../users/index.ts';
import type { InvitationDetailRow } from './invitations-repository.ts';
import type { MemberRow } from './repository.ts';

type Names = Pick<UserRow, 'full_name' | 'first_name' | 'last_name' | 'name_format'>;

function nameOf(fields: {
  full_name: Names['full_name'] | null;
  first_name: Names['first_name'] | null;
  last_name: Names['last_name'] | null;
  name_format: Names['name_format'] | null;
}): string | null {
  return displayName({ ...fields, name_format: fields.name_format ?? 'western' });
}

export function memberFromRow(row: MemberRow, creatorId: string): ProjectMember {
  return {
    id: row.id,
    kind: 'member',
    user_id: row.user_id,
    email: row.email,
    name: nameOf(row),
    role: row.role,
    status: 'accepted',
    is_creator: row.user_id === creatorId,
    invited_by:
      row.inviter_id && row.inviter_email
        ? {
            id: row.inviter_id,
            email: row.inviter_email,
            name: nameOf({
              full_name: row.inviter_full_name,
              first_name: row.inviter_first_name,
              last_name: row.inviter_last_name,
              name_format: row.inviter_name_format,
            }),
          }
        : null,
    added_at: row.created_at.toISOString(),
    expires_at: null,
  };
}

function inviterOf(row: InvitationDetailRow): { email: string; name: string | null } | null {
  if (!row.inviter_email) return null;
  return {
    email: row.inviter_email,
    name: nameOf({
      full_name: row.inviter_full_name,
      first_name: row.inviter_first_name,
      last_name: row.inviter_last_name,
      name_format: row.inviter_name_format,
    }),
  };
}

/** A pending or rejected invitation as a member-list row. */
export function memberFromInvitation(row: InvitationDetailRow): ProjectMember {
  const inviter = inviterOf(row);
  return {
    id: row.id,
    kind: 'invitation',
    user_id: row.invitee_id,
    email: row.email,
    name: row.invitee_id
      ? nameOf({
          full_name: row.invitee_full_name,
          first_name: row.invitee_first_name,
          last_name: row.invitee_last_name,
          name_format: row.invitee_name_format,
        })
      : null,
    role: row.role,
    status: row.status === 'rejected' ? 'rejected' : 'pending',
    is_creator: false,
    invited_by: inviter && row.invited_by ? { id: row.invited_by, ...inviter } : null,
    added_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

export function previewFromInvitation(row: InvitationDetailRow): InvitationPreview {
  return {
    project: { id: row.project_id, name: row.project_name, description: row.project_description },
    // Only the inviter's display name: the link's holder never learns their address (and an
    // inviter whose account is gone leaves null; the invitation still works).
    inviter: { name: inviterOf(row)?.name ?? null },
    role: row.role,
    email: row.email,
    status:
      row.status === 'rejected' ? 'rejected' : row.status === 'accepted' ? 'accepted' : 'pending',
    expires_at: row.expires_at.toISOString(),
  };
}
