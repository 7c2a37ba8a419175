import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationKind,
  type NotificationSettings,
} from '@truss/contracts';
import type { NotificationSettingsRow } from '../../db/schema.ts';
import type { DataAccess } from '../../repositories.ts';
import type { UsersRepositories } from './repositories.ts';

export function toNotificationSettings(
  row: NotificationSettingsRow | undefined,
): NotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    project_invitations: row.project_invitations,
    member_changes: row.member_changes,
    model_processed: row.model_processed,
    share_code_locked: row.share_code_locked,
    topic_assigned: row.topic_assigned,
    topic_mentions: row.topic_mentions,
    topic_replies: row.topic_replies,
    topic_status: row.topic_status,
    product_news: row.product_news,
  };
}

/**
 * The one question every module asks before sending a mail that is not about security (codes,
 * reset links and verification always go out): does the recipient want mails of this kind?
 */
export class NotificationPolicy {
  constructor(private readonly data: DataAccess<UsersRepositories>) {}

  async allows(userId: string, kind: NotificationKind): Promise<boolean> {
    const user = await this.data.repos.users.findById(userId);
    if (!user || user.status === 'deleted') return false;
    return toNotificationSettings(await this.data.repos.users.findNotificationSettings(userId))[
      kind
    ];
  }

  /** For mails addressed by email: an address without an account never opted out. */
  async allowsEmail(email: string, kind: NotificationKind): Promise<boolean> {
    const user = await this.data.repos.users.findByEmail(email.toLowerCase());
    return user ? this.allows(user.id, kind) : true;
  }
}
