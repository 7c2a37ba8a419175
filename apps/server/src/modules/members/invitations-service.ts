import {
  errorText,
  INVITATION_RESEND_SECONDS,
  resolveLocale,
  type ErrorCode,
  type GrantableRole,
  type InviteResponse,
  type Locale,
  type ProjectMember,
} from '@truss/contracts';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { TooManyRequestsError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { invitationMail } from '../../mail/invitation.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { NotificationPolicy } from '../users/index.ts';
import { QuotaExceededError, type Quotas } from '../quotas/index.ts';
import type { DataAccess } from '../../repositories.ts';
import type { MembersRepositories } from './repositories.ts';
import type { EventPublisher } from '../events/index.ts';
import { assertCan, loadProjectAccess, projectRows } from '../projects/index.ts';
import { displayName } from '../users/index.ts';
import {
  InvitationMailFailedError,
  InvitationNotFoundError,
  InvitePermissionDeniedError,
  MemberLimitExceededError,
  NoValidEmailError,
} from './errors.ts';
import type { InvitationTokens } from './invitation-tokens.ts';
import { memberFromInvitation } from './mapping.ts';
import { userAccounts } from '../users/index.ts';

type InviteResult = InviteResponse['results'][number];

const validEmail = z.email();
/** Invitation mails sent at once. */
const MAIL_CONCURRENCY = 5;

interface InvitationsServiceDeps {
  data: DataAccess<MembersRepositories>;
  events: EventPublisher;
  mailer: Mailer;
  tokens: InvitationTokens;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Invitees who turned invitation mails off still get the invitation in the app. */
  notifications?: NotificationPolicy;
  /** The project owner's plan limits (the subscriptions module); absent: unlimited. */
  limits?: MembersPerProjectLimit;
  /** Caps on invitation mails per user and per client IP; absent: none. */
  quotas?: Quotas;
}

/** How many members (pending invitations included) one project may have; null: unlimited. */
export interface MembersPerProjectLimit {
  planLimits(ownerId: string): Promise<{ membersPerProject: number | null }>;
}

/** The caller's request language (the Accept-Language header if sent) and client IP. */
interface RequestLanguage {
  acceptLanguage: string | undefined;
  /** request.ip (honours TRUST_PROXY): the invitation mail cap per IP. */
  ip: string;
}

interface PendingMail {
  invitationId: string;
  email: string;
  token: string;
  locale: Locale;
}

/** Inviting by email and re-sending invitations (owners and admins, per `can()`). */
export class InvitationsService {
  readonly #d: InvitationsServiceDeps;

  constructor(deps: InvitationsServiceDeps) {
    this.#d = deps;
  }

  /**
   * Invites several addresses: trimmed, lower-cased, duplicates dropped, each with its own
   * result. Members and addresses with a live pending invitation are refused per address; an
   * expired pending invitation is renewed. Mails go out after the commit.
   */
  async invite(
    userId: string,
    projectId: string,
    body: { emails: string[]; role: GrantableRole },
    language: RequestLanguage,
  ): Promise<InviteResponse> {
    const responseLocale = resolveLocale(language.acceptLanguage);
    const results = new Map<string, InviteResult>();
    const valid: string[] = [];
    for (const raw of body.emails) {
      const email = raw.trim().toLowerCase();
      if (!email || results.has(email)) continue;
      if (validEmail.safeParse(email).success) {
        valid.push(email);
        results.set(email, { email, status: 'invited', code: null, message: null });
      } else {
        results.set(email, this.#refused(email, 'invalid', 'EMAIL_INVALID', responseLocale));
      }
    }

    const limit = await this.#memberLimit(projectId);
    const { projectName, inviter, mails, accounts } = await this.#d.data.transaction(
      async (repos) => {
        const access = await loadProjectAccess(repos, projectId, userId);
        assertCan(access, 'member.invite', { newRole: body.role }, () => {
          return new InvitePermissionDeniedError();
        });
        if (valid.length === 0) throw new NoValidEmailError();
        // Concurrent invitations to one project queue here (before any insert takes its key
        // lock on the project), so each counts the seats the previous one took.
        if (limit !== null) await projectRows(repos).lockMetadata(projectId);
        const now = this.#d.now();
        const members = await repos.members.memberEmails(projectId, valid);
        const pending = new Map(
          (await repos.invitations.pendingForEmails(projectId, valid)).map((row) => [
            row.email,
            row,
          ]),
        );
        const accounts = await repos.invitations.accountsForEmails(valid);
        const inviter = await userAccounts(repos).findById(userId);
        const fallback: Locale = language.acceptLanguage
          ? responseLocale
          : (inviter?.language ?? 'en');
        const mails: PendingMail[] = [];
        for (const email of valid) {
          const open = pending.get(email);
          if (members.has(email)) {
            results.set(
              email,
              this.#refused(email, 'already_member', 'MEMBER_ALREADY_ADDED', responseLocale),
            );
            continue;
          }
          if (open && open.expires_at.getTime() > now.getTime()) {
            results.set(
              email,
              this.#refused(email, 'already_invited', 'INVITATION_ALREADY_PENDING', responseLocale),
            );
            continue;
          }
          const wait = await this.#d.quotas?.invitationAddressMail(repos, projectId, email);
          if (wait) {
            results.set(
              email,
              this.#refused(email, 'limited', 'INVITATION_RESEND_LIMITED', responseLocale),
            );
            continue;
          }
          const issued = this.#d.tokens.issue(now);
          let invitationId: string;
          if (open) {
            await repos.invitations.renew(open.id, { ...issued, now, role: body.role });
            invitationId = open.id;
          } else {
            const row = await repos.invitations.insert({
              projectId,
              email,
              role: body.role,
              tokenHash: issued.tokenHash,
              invitedBy: userId,
              now,
              expiresAt: issued.expiresAt,
            });
            invitationId = row.id;
          }
          const locale = accounts.find((account) => account.email === email)?.language ?? fallback;
          mails.push({ invitationId, email, token: issued.token, locale });
        }
        if (limit !== null && mails.length > 0) {
          // Counted with this request's rows written; a refusal rolls them all back.
          const seats = await repos.invitations.countSeats(projectId, now);
          if (seats > limit) throw new MemberLimitExceededError(limit);
        }
        // The mails count against the sender's daily caps; a refusal rolls the rows back too.
        await this.#d.quotas?.invitationMails(repos, { userId, ip: language.ip }, mails.length);
        return { projectName: access.project.name, inviter, mails, accounts };
      },
    );

    const inviterName = inviter ? (displayName(inviter) ?? inviter.email ?? '') : '';
    const failed = await this.#sendAll(mails, inviterName, projectName, body.role);
    for (const email of failed) {
      results.set(email, this.#refused(email, 'failed', 'INVITATION_MAIL_FAILED', responseLocale));
    }

    if (mails.length > 0) {
      await this.#d.events.publish({
        type: 'member.changed',
        projectId,
        data: { action: 'invited', count: mails.length },
      });
      const invitees = accounts
        .filter((account) => mails.some((mail) => mail.email === account.email))
        .map((account) => account.id);
      await this.#d.events.publish(
        { type: 'invitation.changed', projectId, data: { action: 'invited' } },
        { members: false, userIds: invitees },
      );
    }
    const list = [...results.values()];
    const invited = list.filter((result) => result.status === 'invited').length;
    return { results: list, invited, failed: list.length - invited };
  }

  /** The members-per-project limit of the project owner's plan, read before the transaction. */
  async #memberLimit(projectId: string): Promise<number | null> {
    if (!this.#d.limits) return null;
    const ownerId = await projectRows(this.#d.data.repos).ownerOf(projectId);
    if (!ownerId) return null; // the transaction answers PROJECT_NOT_FOUND
    return (await this.#d.limits.planLimits(ownerId)).membersPerProject;
  }

  /** A new link and a new 7-day expiry, mailed again; at most once a minute per invitation. */
  async resend(
    userId: string,
    projectId: string,
    invitationId: string,
    language: RequestLanguage,
  ): Promise<ProjectMember> {
    const now = this.#d.now();
    const prepared = await this.#d.data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      const invitation = await repos.invitations.lockById(invitationId);
      if (!invitation || invitation.project_id !== projectId) throw new InvitationNotFoundError();
      assertCan(access, 'invitation.manage');
      if (invitation.status !== 'pending') throw new InvitationNotFoundError();
      if (invitation.last_sent_at) {
        const elapsed = (now.getTime() - invitation.last_sent_at.getTime()) / 1000;
        if (elapsed < INVITATION_RESEND_SECONDS) {
          throw new TooManyRequestsError(INVITATION_RESEND_SECONDS - elapsed);
        }
      }
      const wait = await this.#d.quotas?.invitationAddressMail(repos, projectId, invitation.email);
      if (wait) throw new QuotaExceededError('INVITATION_RESEND_LIMITED', wait);
      await this.#d.quotas?.invitationMails(repos, { userId, ip: language.ip }, 1);
      const issued = this.#d.tokens.issue(now);
      await repos.invitations.renew(invitation.id, { ...issued, now });
      const [account] = await repos.invitations.accountsForEmails([invitation.email]);
      const sender = await userAccounts(repos).findById(userId);
      const locale: Locale =
        account?.language ??
        (language.acceptLanguage
          ? resolveLocale(language.acceptLanguage)
          : (sender?.language ?? 'en'));
      return {
        mail: { invitationId, email: invitation.email, token: issued.token, locale },
        role: invitation.role,
        projectName: access.project.name,
        sender: sender ? (displayName(sender) ?? sender.email ?? '') : '',
      };
    });
    const failed = await this.#sendAll(
      [prepared.mail],
      prepared.sender,
      prepared.projectName,
      prepared.role,
    );
    if (failed.length > 0) throw new InvitationMailFailedError(null);
    const detail = await this.#d.data.repos.invitations.findDetail(invitationId);
    if (!detail) throw new InvitationNotFoundError();
    await this.#d.events.publish({
      type: 'member.changed',
      projectId,
      data: { action: 'resent', invitationId },
    });
    if (detail.invitee_id) {
      await this.#d.events.publish(
        { type: 'invitation.changed', projectId, data: { action: 'resent' } },
        { members: false, userIds: [detail.invitee_id] },
      );
    }
    return memberFromInvitation(detail);
  }

  #refused(
    email: string,
    status: Exclude<InviteResult['status'], 'invited'>,
    code: ErrorCode,
    locale: Locale,
  ): InviteResult {
    return { email, status, code, message: errorText(code, locale) };
  }

  /** Sends the mails a few at a time; returns the addresses that failed (resendable at once). */
  async #sendAll(
    mails: PendingMail[],
    inviter: string,
    projectName: string,
    role: GrantableRole,
  ): Promise<string[]> {
    const failed: string[] = [];
    for (let start = 0; start < mails.length; start += MAIL_CONCURRENCY) {
      const batch = mails.slice(start, start + MAIL_CONCURRENCY);
      await Promise.all(
        batch.map(async (mail) => {
          try {
            const wanted = await this.#d.notifications?.allowsEmail(
              mail.email,
              'project_invitations',
            );
            if (wanted === false) return;
            await this.#d.mailer.send(
              invitationMail({
                to: mail.email,
                locale: mail.locale,
                inviter,
                projectName,
                role,
                token: mail.token,
                publicUrl: this.#d.publicUrl,
              }),
            );
          } catch (error) {
            this.#d.log.error({ err: error }, 'invitation mail failed');
            failed.push(mail.email);
            await this.#d.data.repos.invitations.clearLastSent(mail.invitationId);
          }
        }),
      );
    }
    return failed;
  }
}
