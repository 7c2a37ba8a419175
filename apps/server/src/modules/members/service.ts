import type { GrantableRole, ProjectMember } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { MembersRepositories } from './repositories.ts';
import type { EventPublisher } from '../events/index.ts';
import { assertCan, loadProjectAccess, type ProjectAccess } from '../projects/index.ts';
import type { NotificationPolicy } from '../users/index.ts';
import { displayName } from '../users/index.ts';
import {
  CreatorCannotLeaveError,
  InvitationNotFoundError,
  MemberListHiddenError,
  MemberNotFoundError,
} from './errors.ts';
import { memberChangeMail, type MemberChange } from './mail.ts';
import { memberFromInvitation, memberFromRow } from './mapping.ts';
import { userAccounts } from '../users/index.ts';

const ROLE_ORDER = { owner: 0, admin: 1, member: 2, guest: 3 } as const;

interface MembersServiceDeps {
  data: DataAccess<MembersRepositories>;
  events: EventPublisher;
  /** Members whose role someone changed, or whom someone removed, are mailed (`member_changes`). */
  mailer: Mailer;
  notifications: Pick<NotificationPolicy, 'allows'>;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** A change to mail to `userId` once committed. */
type Notice = { userId: string; change: MemberChange };

type Outcome = (
  | { kind: 'member'; member: ProjectMember }
  | { kind: 'removed'; userId: string; self: boolean }
  | {
      kind: 'invitation';
      action: 'role_changed' | 'cancelled';
      member: ProjectMember | null;
      inviteeId: string | null;
    }
) & { notice?: Notice };

/**
 * A project's member list and what can be done to its rows. A row id is a membership id or, for
 * pending and rejected rows, an invitation id: role changes and removals accept both (removing
 * an invitation cancels it).
 */
export class MembersService {
  readonly #d: MembersServiceDeps;

  constructor(deps: MembersServiceDeps) {
    this.#d = deps;
  }

  /** Accepted members (creator first, then by role), then pending and rejected invitations. */
  async list(userId: string, projectId: string): Promise<ProjectMember[]> {
    const { repos } = this.#d.data;
    const access = await loadProjectAccess(repos, projectId, userId);
    assertCan(access, 'member.list', {}, () => new MemberListHiddenError());
    return this.#rows(repos, access);
  }

  async changeRole(
    userId: string,
    projectId: string,
    memberId: string,
    role: GrantableRole,
  ): Promise<ProjectMember> {
    const outcome = await this.#d.data.transaction(async (repos): Promise<Outcome> => {
      const access = await loadProjectAccess(repos, projectId, userId);
      const member = await repos.members.findInProject(projectId, memberId);
      if (member) {
        assertCan(access, 'member.changeRole', {
          target: { userId: member.user_id, role: member.role },
          newRole: role,
        });
        await repos.members.updateRole(member.id, role);
        const { project } = access;
        return {
          kind: 'member',
          member: memberFromRow({ ...member, role }, project.owner_id),
          notice:
            member.role === role || member.user_id === userId
              ? undefined
              : {
                  userId: member.user_id,
                  change: { kind: 'role_changed', projectId, projectName: project.name, role },
                },
        };
      }
      const invitation = await this.#openInvitation(repos, projectId, memberId, ['pending']);
      assertCan(access, 'member.changeRole', {
        target: {
          userId: invitation.invitee_id ?? `invitation:${invitation.id}`,
          role: invitation.role,
        },
        newRole: role,
      });
      await repos.invitations.setRole(invitation.id, role);
      return {
        kind: 'invitation',
        action: 'role_changed',
        member: memberFromInvitation({ ...invitation, role }),
        inviteeId: invitation.invitee_id,
      };
    });
    await this.#publish(projectId, outcome);
    await this.#mail(userId, outcome.notice);
    if (outcome.kind === 'removed' || !outcome.member) throw new MemberNotFoundError();
    return outcome.member;
  }

  /**
   * Removes a member, or the caller leaves when `memberId` is their own membership (the creator
   * cannot). An invitation id cancels that invitation.
   */
  async remove(userId: string, projectId: string, memberId: string): Promise<void> {
    const outcome = await this.#d.data.transaction(async (repos): Promise<Outcome> => {
      const access = await loadProjectAccess(repos, projectId, userId);
      // One's own user id stands for one's membership: a guest, who cannot list the members
      // (where membership ids are), leaves so.
      const member =
        (await repos.members.findInProject(projectId, memberId)) ??
        (memberId === userId ? await repos.members.findOwn(projectId, userId) : undefined);
      if (!member) return this.#cancel(repos, access, memberId, MemberNotFoundError);
      const self = member.user_id === userId;
      if (self) {
        assertCan(access, 'project.leave', {}, () => new CreatorCannotLeaveError());
      } else {
        assertCan(access, 'member.remove', {
          target: { userId: member.user_id, role: member.role },
        });
      }
      await repos.members.delete(member.id);
      // Leaving on one's own is not news to the one leaving.
      const change = { kind: 'removed', projectId, projectName: access.project.name } as const;
      return {
        kind: 'removed',
        userId: member.user_id,
        self,
        notice: self ? undefined : { userId: member.user_id, change },
      };
    });
    await this.#publish(projectId, outcome);
    await this.#mail(userId, outcome.notice);
  }

  /**
   * Mails a committed change to the member it happened to, if they want `member_changes` mails.
   * Never throws: the change stands and the app shows it; a failed mail is only logged.
   */
  async #mail(actorId: string, notice: Notice | undefined): Promise<void> {
    if (!notice) return;
    const { data, notifications, log } = this.#d;
    try {
      if (!(await notifications.allows(notice.userId, 'member_changes'))) return;
      const member = await userAccounts(data.repos).findById(notice.userId);
      // No address (a WeChat sign-up that has not added one): nothing to mail.
      if (!member?.email) return;
      const actor = await userAccounts(data.repos).findById(actorId);
      await this.#d.mailer.send(
        memberChangeMail({
          to: member.email,
          locale: member.language,
          actor: actor ? (displayName(actor) ?? actor.email ?? '') : '',
          change: notice.change,
          publicUrl: this.#d.publicUrl,
        }),
      );
    } catch (error) {
      log.error(
        { err: error, project: notice.change.projectId, member: notice.userId },
        'could not mail a member change',
      );
    }
  }

  /** Cancels a pending invitation (its link stops working) or hides a rejected one. */
  async cancelInvitation(userId: string, projectId: string, invitationId: string): Promise<void> {
    const outcome = await this.#d.data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      return this.#cancel(repos, access, invitationId, InvitationNotFoundError);
    });
    await this.#publish(projectId, outcome);
  }

  async #cancel(
    repos: MembersRepositories,
    access: ProjectAccess,
    invitationId: string,
    notFound: new () => Error,
  ): Promise<Outcome> {
    const invitation = await repos.invitations.findDetail(invitationId);
    if (!invitation || invitation.project_id !== access.project.id) throw new notFound();
    assertCan(access, 'invitation.manage');
    if (invitation.status !== 'pending' && invitation.status !== 'rejected') throw new notFound();
    await repos.invitations.setStatus(invitation.id, 'cancelled', this.#d.now(), null);
    return {
      kind: 'invitation',
      action: 'cancelled',
      member: null,
      inviteeId: invitation.invitee_id,
    };
  }

  async #openInvitation(
    repos: MembersRepositories,
    projectId: string,
    invitationId: string,
    statuses: readonly string[],
  ) {
    const invitation = await repos.invitations.findDetail(invitationId);
    if (
      !invitation ||
      invitation.project_id !== projectId ||
      !statuses.includes(invitation.status)
    ) {
      throw new MemberNotFoundError();
    }
    return invitation;
  }

  async #rows(repos: MembersRepositories, access: ProjectAccess): Promise<ProjectMember[]> {
    const creatorId = access.project.owner_id;
    const members = (await repos.members.listForProject(access.project.id))
      .map((row) => memberFromRow(row, creatorId))
      .sort(
        (a, b) =>
          Number(b.is_creator) - Number(a.is_creator) ||
          ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
          a.added_at.localeCompare(b.added_at),
      );
    const memberEmails = new Set(members.map((member) => member.email));
    // One row per address: the newest invitation, unless the address has joined since.
    const newest = new Map<string, ProjectMember>();
    for (const row of await repos.invitations.listForProject(access.project.id)) {
      if (!memberEmails.has(row.email)) newest.set(row.email, memberFromInvitation(row));
    }
    return [...members, ...newest.values()];
  }

  async #publish(projectId: string, outcome: Outcome): Promise<void> {
    const { events } = this.#d;
    if (outcome.kind === 'removed') {
      await events.publish(
        { type: 'member.removed', projectId, data: { userId: outcome.userId, left: outcome.self } },
        { userIds: [outcome.userId] },
      );
      return;
    }
    if (outcome.kind === 'member') {
      await events.publish({
        type: 'member.changed',
        projectId,
        data: { action: 'role_changed', memberId: outcome.member.id },
      });
      return;
    }
    const { action } = outcome;
    await events.publish({ type: 'member.changed', projectId, data: { action } });
    if (outcome.inviteeId) {
      await events.publish(
        { type: 'invitation.changed', projectId, data: { action } },
        { members: false, userIds: [outcome.inviteeId] },
      );
    }
  }
}
