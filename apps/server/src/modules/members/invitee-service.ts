import type { InvitationPreview } from '@truss/contracts';
import type { ProjectInvitationRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { MembersRepositories } from './repositories.ts';
import type { EventPublisher } from '../events/index.ts';
import { userAccounts, UserNotFoundError } from '../users/index.ts';
import { InvitationInvalidError, InvitationNotFoundError } from './errors.ts';
import type { InvitationTokens } from './invitation-tokens.ts';
import { previewFromInvitation } from './mapping.ts';

interface InviteeServiceDeps {
  data: DataAccess<MembersRepositories>;
  events: EventPublisher;
  tokens: InvitationTokens;
  now: Clock;
}

interface Responded {
  projectId: string;
  /** False when nothing changed (accepting again as a member). */
  changed: boolean;
  action: 'accepted' | 'declined';
  /** Users whose "Shared with me" changes. */
  invitees: string[];
}

/** How an invitation is found: by its link's token, or by id for the invited account. */
type Locate = (repos: MembersRepositories) => Promise<ProjectInvitationRow | undefined>;

/**
 * The invitee's side: the invite page (preview, accept, decline by link) and "Shared with me"
 * (my pending invitations, accept or decline by id).
 *
 * Accepting with an account whose email differs from the invited address is allowed: the link
 * is the credential (it was mailed to that address), the invite page warns about the mismatch
 * before the call, and the membership goes to the signed-in account. Accepting again as a
 * member answers the same project id; any other reuse is 410 INVITATION_INVALID.
 */
export class InviteeService {
  readonly #d: InviteeServiceDeps;

  constructor(deps: InviteeServiceDeps) {
    this.#d = deps;
  }

  /** What the invite page shows: 404 for an unknown link, 410 for an expired or used one. */
  async preview(token: string): Promise<InvitationPreview> {
    const row = await this.#d.data.repos.invitations.findDetailByTokenHash(
      this.#d.tokens.hash(token),
    );
    if (!row) throw new InvitationInvalidError(404, 'unknown invitation token');
    this.#assertOpen(row);
    return previewFromInvitation(row);
  }

  async acceptByToken(userId: string, token: string): Promise<{ project_id: string }> {
    const tokenHash = this.#d.tokens.hash(token);
    return this.#accept(userId, (repos) => repos.invitations.lockByTokenHash(tokenHash), 404);
  }

  /** Declining needs only the link (the invitee may have no account); a signed-in caller is kept. */
  async declineByToken(userId: string | null, token: string): Promise<void> {
    const tokenHash = this.#d.tokens.hash(token);
    await this.#decline(userId, (repos) => repos.invitations.lockByTokenHash(tokenHash), 404);
  }

  /** Unexpired pending invitations addressed to the signed-in user's email. */
  async mine(userId: string): Promise<(InvitationPreview & { id: string })[]> {
    const email = await this.#email(this.#d.data.repos, userId);
    // An account without an email (a WeChat sign-up) has no invitations by address.
    if (email === null) return [];
    const rows = await this.#d.data.repos.invitations.listPendingForEmail(email, this.#d.now());
    return rows.map((row) => ({ id: row.id, ...previewFromInvitation(row) }));
  }

  async acceptMine(userId: string, invitationId: string): Promise<{ project_id: string }> {
    return this.#accept(userId, (repos) => this.#lockMine(repos, userId, invitationId), 'mine');
  }

  async declineMine(userId: string, invitationId: string): Promise<void> {
    await this.#decline(userId, (repos) => this.#lockMine(repos, userId, invitationId), 'mine');
  }

  async #accept(
    userId: string,
    locate: Locate,
    missing: 404 | 'mine',
  ): Promise<{ project_id: string }> {
    const now = this.#d.now();
    const outcome = await this.#d.data.transaction(async (repos): Promise<Responded> => {
      const invitation = await locate(repos);
      if (!invitation) throw this.#missing(missing);
      const projectId = invitation.project_id;
      const membership = await repos.members.findByUser(projectId, userId);
      if (invitation.status === 'accepted' && membership) {
        return { projectId, changed: false, action: 'accepted', invitees: [] };
      }
      this.#assertOpen(invitation);
      if (!membership) {
        await repos.members.insert({
          projectId,
          userId,
          role: invitation.role,
          invitedBy: invitation.invited_by,
          now,
        });
      }
      await repos.invitations.setStatus(invitation.id, 'accepted', now, userId);
      const email = await this.#email(repos, userId);
      if (email !== null) {
        await repos.invitations.closePendingForEmail(projectId, email, now, userId);
      }
      const [invitee] = await repos.invitations.accountsForEmails([invitation.email]);
      const invitees = [userId, ...(invitee && invitee.id !== userId ? [invitee.id] : [])];
      return { projectId, changed: true, action: 'accepted', invitees };
    });
    await this.#publish(outcome, userId);
    return { project_id: outcome.projectId };
  }

  async #decline(userId: string | null, locate: Locate, missing: 404 | 'mine'): Promise<void> {
    const now = this.#d.now();
    const outcome = await this.#d.data.transaction(async (repos): Promise<Responded> => {
      const invitation = await locate(repos);
      if (!invitation) throw this.#missing(missing);
      this.#assertOpen(invitation);
      await repos.invitations.setStatus(invitation.id, 'rejected', now, userId);
      const [invitee] = await repos.invitations.accountsForEmails([invitation.email]);
      const invitees = [invitee?.id, userId].filter((id): id is string => Boolean(id));
      return { projectId: invitation.project_id, changed: true, action: 'declined', invitees };
    });
    await this.#publish(outcome, userId);
  }

  async #publish(outcome: Responded, userId: string | null): Promise<void> {
    if (!outcome.changed) return;
    const { events } = this.#d;
    await events.publish({
      type: 'member.changed',
      projectId: outcome.projectId,
      data: { action: outcome.action, ...(userId ? { userId } : {}) },
    });
    await events.publish(
      {
        type: 'invitation.changed',
        projectId: outcome.projectId,
        data: { action: outcome.action },
      },
      { members: false, userIds: [...new Set(outcome.invitees)] },
    );
  }

  /** Pending and unexpired, else 410 (expired, accepted, declined or cancelled). */
  #assertOpen(invitation: Pick<ProjectInvitationRow, 'status' | 'expires_at'>): void {
    if (invitation.status !== 'pending') {
      throw new InvitationInvalidError(410, `invitation ${invitation.status}`);
    }
    if (invitation.expires_at.getTime() <= this.#d.now().getTime()) {
      throw new InvitationInvalidError(410, 'invitation expired');
    }
  }

  #missing(missing: 404 | 'mine'): Error {
    return missing === 'mine'
      ? new InvitationNotFoundError()
      : new InvitationInvalidError(404, 'unknown invitation token');
  }

  async #lockMine(
    repos: MembersRepositories,
    userId: string,
    invitationId: string,
  ): Promise<ProjectInvitationRow | undefined> {
    const invitation = await repos.invitations.lockById(invitationId);
    if (!invitation) return undefined;
    const email = await this.#email(repos, userId);
    return email !== null && invitation.email === email ? invitation : undefined;
  }

  /** The user's email; null for an account without one (a WeChat sign-up). */
  async #email(repos: MembersRepositories, userId: string): Promise<string | null> {
    const user = await userAccounts(repos).findById(userId);
    if (!user) throw new UserNotFoundError();
    return user.email;
  }
}
