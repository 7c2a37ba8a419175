import type { NotificationKind } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TopicCommentRow, TopicNoticeKind, TopicRow } from '../../db/schema.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { TopicsRepositories } from './repositories.ts';
import type { NotificationPolicy } from '../users/index.ts';
import { topicNoticeMail } from './notice-mail.ts';
import type { TopicPictures } from './topic-pictures.ts';

/** Someone to tell about a change: a member, what happened, and the new status for `status`. */
export interface TopicNotice {
  userId: string;
  topicId: string;
  kind: TopicNoticeKind;
  status?: string | null;
}

/** Who made the change (a share visitor has no user id: nobody to leave out). */
export interface NoticeActor {
  userId: string | null;
  name: string;
}

/** The switch in the recipient's notification settings that governs each notice. */
const NOTICE_SETTING: Record<TopicNoticeKind, NotificationKind> = {
  assigned: 'topic_assigned',
  mentioned: 'topic_mentions',
  reply: 'topic_replies',
  status: 'topic_status',
};

/** At most one topic mail per recipient per window; what happens meanwhile goes in the next one. */
export const TOPIC_MAIL_WINDOW_SECONDS = 300;
const SWEEP_INTERVAL_MS = 30_000;

function added(before: readonly string[], after: readonly string[]): string[] {
  const old = new Set(before);
  return after.filter((id) => !old.has(id));
}

/** Notices for a new topic: its assignee, and members mentioned in its title or description. */
export function topicCreatedNotices(topic: TopicRow): TopicNotice[] {
  const notices: TopicNotice[] = topic.mention_ids.map((userId) => ({
    userId,
    topicId: topic.id,
    kind: 'mentioned',
  }));
  if (topic.assignee_id) {
    notices.push({ userId: topic.assignee_id, topicId: topic.id, kind: 'assigned' });
  }
  return notices;
}

/**
 * Notices for a changed topic: a new assignee; members newly mentioned; for an issue whose status
 * changed, its creator and its assignee.
 */
export function topicUpdatedNotices(before: TopicRow, after: TopicRow): TopicNotice[] {
  const notices: TopicNotice[] = added(before.mention_ids, after.mention_ids).map((userId) => ({
    userId,
    topicId: after.id,
    kind: 'mentioned',
  }));
  if (after.assignee_id && after.assignee_id !== before.assignee_id) {
    notices.push({ userId: after.assignee_id, topicId: after.id, kind: 'assigned' });
  }
  if (after.kind === 'issue' && after.status !== before.status) {
    for (const userId of new Set([after.author_id, after.assignee_id])) {
      if (userId) notices.push({ userId, topicId: after.id, kind: 'status', status: after.status });
    }
  }
  return notices;
}

/**
 * Notices for a new or edited comment: members (newly) mentioned in it and, for a new comment,
 * the topic's creator (a reply to their thread) unless the comment mentions them already.
 */
export function commentNotices(
  topic: TopicRow,
  comment: TopicCommentRow,
  before?: TopicCommentRow,
): TopicNotice[] {
  const mentioned = before ? added(before.mention_ids, comment.mention_ids) : comment.mention_ids;
  const notices: TopicNotice[] = mentioned.map((userId) => ({
    userId,
    topicId: topic.id,
    kind: 'mentioned',
  }));
  if (!before && topic.author_id && !comment.mention_ids.includes(topic.author_id)) {
    notices.push({ userId: topic.author_id, topicId: topic.id, kind: 'reply' });
  }
  return notices;
}

interface TopicNotifierDeps {
  data: DataAccess<TopicsRepositories>;
  mailer: Mailer;
  notifications: Pick<NotificationPolicy, 'allows'>;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
  windowSeconds?: number;
  /** The topics' snapshots with their markup, for the mail (none: mails without pictures). */
  pictures?: Pick<TopicPictures, 'forTopics'>;
}

/**
 * Topic notification mails. A change writes its notices (after its commit; never to the actor,
 * never of a kind the recipient switched off), then each recipient whose last topic mail is older
 * than the window gets one mail with everything pending. Others wait: a sweep every 30 s mails
 * them once their window has passed, so a burst of comments makes one mail, not fifty. The
 * decision per recipient runs under a lock on their user row, so several server processes never
 * mail the same notices twice.
 */
export class TopicNotifier {
  readonly #d: TopicNotifierDeps;
  readonly #window: number;
  #timer: NodeJS.Timeout | null = null;
  #sweeping: Promise<void> | null = null;

  constructor(deps: TopicNotifierDeps) {
    this.#d = deps;
    this.#window = deps.windowSeconds ?? TOPIC_MAIL_WINDOW_SECONDS;
  }

  /** Records and (when their window allows) mails the notices. Never throws: the change is committed. */
  async notify(actor: NoticeActor, notices: readonly TopicNotice[]): Promise<void> {
    try {
      const unique = new Map<string, TopicNotice>();
      for (const notice of notices) {
        if (notice.userId === actor.userId) continue;
        unique.set(`${notice.userId}\n${notice.topicId}\n${notice.kind}`, notice);
      }
      const wanted: TopicNotice[] = [];
      for (const notice of unique.values()) {
        if (await this.#d.notifications.allows(notice.userId, NOTICE_SETTING[notice.kind])) {
          wanted.push(notice);
        }
      }
      if (wanted.length === 0) return;
      const now = this.#d.now();
      await this.#d.data.repos.topicNotices.insert(
        wanted.map((notice) => ({
          user_id: notice.userId,
          topic_id: notice.topicId,
          kind: notice.kind,
          actor_name: actor.name,
          status: notice.status ?? null,
          created_at: now,
        })),
      );
      for (const userId of new Set(wanted.map((notice) => notice.userId))) {
        await this.flush(userId);
      }
    } catch (error) {
      this.#d.log.error({ err: error }, 'could not record topic notifications');
    }
  }

  /** Mails the recipient's pending notices unless their last topic mail is within the window. */
  async flush(userId: string): Promise<void> {
    const now = this.#d.now();
    const windowStart = addSeconds(now, -this.#window);
    const claim = await this.#d.data.transaction(async (repos) => {
      const recipient = await repos.topicNotices.lockRecipient(userId);
      if (!recipient) return null;
      const last = await repos.topicNotices.lastSent(userId);
      if (last && last > windowStart) return null;
      return { recipient, notices: await repos.topicNotices.claimPending(userId, now) };
    });
    if (!claim || claim.recipient.status === 'deleted') return;
    const notices = claim.notices.filter((notice) => notice.member);
    // No address (a WeChat sign-up that has not added one): the claimed notices are dropped.
    const to = claim.recipient.email;
    if (notices.length === 0 || to === null) return;
    try {
      const pictures = await this.#d.pictures?.forTopics(notices.map((n) => n.topic_id));
      await this.#d.mailer.send(
        topicNoticeMail({
          to,
          locale: claim.recipient.language,
          notices,
          publicUrl: this.#d.publicUrl,
          ...(pictures ? { pictures } : {}),
        }),
      );
    } catch (error) {
      this.#d.log.error(
        { err: error, user: userId, notices: notices.length },
        'could not send a topic notification mail',
      );
    }
  }

  /** Mails every recipient whose window has passed, and forgets notices mailed long ago. */
  async flushDue(): Promise<void> {
    const now = this.#d.now();
    const repos = this.#d.data.repos;
    for (const userId of await repos.topicNotices.dueRecipients(addSeconds(now, -this.#window))) {
      await this.flush(userId);
    }
    await repos.topicNotices.pruneSent(addSeconds(now, -2 * this.#window));
  }

  start(): void {
    this.#timer = setInterval(() => {
      if (this.#sweeping) return;
      this.#sweeping = this.flushDue()
        .catch((error: unknown) => {
          this.#d.log.error({ err: error }, 'topic notification sweep failed');
        })
        .finally(() => {
          this.#sweeping = null;
        });
    }, SWEEP_INTERVAL_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#sweeping;
  }
}
