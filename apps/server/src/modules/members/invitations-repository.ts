import type { GrantableRole } from '@truss/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, InvitationStatus, ProjectInvitationRow, UserRow } from '../../db/schema.ts';

type Names = Pick<UserRow, 'full_name' | 'first_name' | 'last_name' | 'name_format'>;

/** An invitation with its project, its inviter and the invitee's account (if registered). */
export interface InvitationDetailRow extends ProjectInvitationRow {
  project_name: string;
  project_description: string;
  inviter_email: string | null;
  inviter_full_name: Names['full_name'] | null;
  inviter_first_name: Names['first_name'] | null;
  inviter_last_name: Names['last_name'] | null;
  inviter_name_format: Names['name_format'] | null;
  invitee_id: string | null;
  invitee_full_name: Names['full_name'] | null;
  invitee_first_name: Names['first_name'] | null;
  invitee_last_name: Names['last_name'] | null;
  invitee_name_format: Names['name_format'] | null;
}

export class InvitationsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Pending and rejected invitations of a project (what the member list shows), oldest first. */
  async listForProject(projectId: string): Promise<InvitationDetailRow[]> {
    return this.#detail()
      .where('i.project_id', '=', projectId)
      .where('i.status', 'in', ['pending', 'rejected'])
      .orderBy('i.created_at')
      .orderBy('i.id')
      .execute();
  }

  async findDetail(invitationId: string): Promise<InvitationDetailRow | undefined> {
    return this.#detail().where('i.id', '=', invitationId).executeTakeFirst();
  }

  async findDetailByTokenHash(tokenHash: string): Promise<InvitationDetailRow | undefined> {
    return this.#detail().where('i.token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * The places a project's plan limit counts: accepted members plus pending invitations that
   * have not expired (an expired one frees its place until it is renewed).
   */
  async countSeats(projectId: string, now: Date): Promise<number> {
    const members = await this.db
      .selectFrom('project_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('status', '=', 'accepted')
      .executeTakeFirstOrThrow();
    const invitations = await this.db
      .selectFrom('project_invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(members.n) + Number(invitations.n);
  }

  /** Locks the invitation until the transaction ends. */
  async lockById(invitationId: string): Promise<ProjectInvitationRow | undefined> {
    return this.db
      .selectFrom('project_invitations')
      .selectAll()
      .where('id', '=', invitationId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Locks the invitation of a link until the transaction ends. */
  async lockByTokenHash(tokenHash: string): Promise<ProjectInvitationRow | undefined> {
    return this.db
      .selectFrom('project_invitations')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Pending invitations of the project to any of `emails` (expired ones included). */
  async pendingForEmails(
    projectId: string,
    emails: readonly string[],
  ): Promise<ProjectInvitationRow[]> {
    if (emails.length === 0) return [];
    return this.db
      .selectFrom('project_invitations')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('status', '=', 'pending')
      .where('email', 'in', [...emails])
      .forUpdate()
      .execute();
  }

  async insert(input: {
    projectId: string;
    email: string;
    role: GrantableRole;
    tokenHash: string;
    invitedBy: string;
    now: Date;
    expiresAt: Date;
  }): Promise<ProjectInvitationRow> {
    return this.db
      .insertInto('project_invitations')
      .values({
        project_id: input.projectId,
        email: input.email,
        role: input.role,
        token_hash: input.tokenHash,
        invited_by: input.invitedBy,
        status: 'pending',
        created_at: input.now,
        expires_at: input.expiresAt,
        last_sent_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A new link (the old one stops working) and a new expiry; `invitedBy` becomes the sender. */
  async renew(
    invitationId: string,
    input: { tokenHash: string; expiresAt: Date; now: Date; role?: GrantableRole },
  ): Promise<void> {
    await this.db
      .updateTable('project_invitations')
      .set({
        token_hash: input.tokenHash,
        expires_at: input.expiresAt,
        last_sent_at: input.now,
        ...(input.role ? { role: input.role } : {}),
      })
      .where('id', '=', invitationId)
      .execute();
  }

  /** The mail could not be sent: allow an immediate resend. */
  async clearLastSent(invitationId: string): Promise<void> {
    await this.db
      .updateTable('project_invitations')
      .set({ last_sent_at: null })
      .where('id', '=', invitationId)
      .execute();
  }

  async setStatus(
    invitationId: string,
    status: Exclude<InvitationStatus, 'pending'>,
    now: Date,
    respondedBy: string | null,
  ): Promise<void> {
    await this.db
      .updateTable('project_invitations')
      .set({ status, responded_at: now, responded_by: respondedBy })
      .where('id', '=', invitationId)
      .execute();
  }

  async setRole(invitationId: string, role: GrantableRole): Promise<void> {
    await this.db
      .updateTable('project_invitations')
      .set({ role })
      .where('id', '=', invitationId)
      .execute();
  }

  /** Marks the project's other pending invitations to `email` accepted (the user joined). */
  async closePendingForEmail(
    projectId: string,
    email: string,
    now: Date,
    userId: string,
  ): Promise<void> {
    await this.db
      .updateTable('project_invitations')
      .set({ status: 'accepted', responded_at: now, responded_by: userId })
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Registered users with a pending invitation to the project (their "Shared with me"). */
  async pendingInviteeUserIds(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('project_invitations as i')
      .innerJoin('users as u', 'u.email', 'i.email')
      .select('u.id')
      .where('i.project_id', '=', projectId)
      .where('i.status', '=', 'pending')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Accounts (id, language) of those of `emails` that are registered. */
  async accountsForEmails(
    emails: readonly string[],
  ): Promise<{ id: string; email: string; language: UserRow['language'] }[]> {
    if (emails.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'language'])
      .where('email', 'in', [...emails])
      .$narrowType<{ email: string }>()
      .execute();
  }

  /** Unexpired pending invitations addressed to `email`, newest first. */
  async listPendingForEmail(email: string, now: Date): Promise<InvitationDetailRow[]> {
    return this.#detail()
      .where('i.email', '=', email)
      .where('i.status', '=', 'pending')
      .where('i.expires_at', '>', now)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id')
      .execute();
  }

  #detail() {
    return this.db
      .selectFrom('project_invitations as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .leftJoin('users as inv', 'inv.id', 'i.invited_by')
      .leftJoin('users as iu', 'iu.email', 'i.email')
      .selectAll('i')
      .select([
        'p.name as project_name',
        'p.description as project_description',
        'inv.email as inviter_email',
        'inv.full_name as inviter_full_name',
        'inv.first_name as inviter_first_name',
        'inv.last_name as inviter_last_name',
        'inv.name_format as inviter_name_format',
        'iu.id as invitee_id',
        'iu.full_name as invitee_full_name',
        'iu.first_name as invitee_first_name',
        'iu.last_name as invitee_last_name',
        'iu.name_format as invitee_name_format',
      ]);
  }
}
