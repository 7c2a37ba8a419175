import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

export type IdentityProvider = 'google' | 'wechat';

/** A sign-in identity at Google (OIDC `sub`) or WeChat (`openid`) linked to one user. */
export interface UserIdentitiesTable {
  id: Generated<string>;
  user_id: string;
  provider: IdentityProvider;
  subject: string;
  /** WeChat's unionid, when the app is bound to an open platform account. */
  union_id: string | null;
  email: string | null;
  display_name: string | null;
  created_at: Timestamp;
}

/**
 * Two rows per failed password sign-in: scope 'account' keyed by the typed email and the client
 * IP (`email ip`, see auth/login-limits.ts), and scope 'ip' keyed by the IP.
 */
export interface LoginFailuresTable {
  id: Generated<string>;
  scope: 'account' | 'ip';
  key: string;
  created_at: Timestamp;
}

export interface UserPreferencesTable {
  user_id: string;
  timezone: string | null;
  date_format: Generated<'yyyy/mm/dd' | 'dd/mm/yyyy' | 'mm/dd/yyyy' | 'yyyy-mm-dd'>;
  time_format: Generated<'24h' | '12h'>;
  week_start: Generated<'monday' | 'sunday' | 'saturday'>;
  updated_at: Timestamp;
}

export interface NotificationSettingsTable {
  user_id: string;
  project_invitations: Generated<boolean>;
  member_changes: Generated<boolean>;
  model_processed: Generated<boolean>;
  share_code_locked: Generated<boolean>;
  topic_assigned: Generated<boolean>;
  topic_mentions: Generated<boolean>;
  topic_replies: Generated<boolean>;
  topic_status: Generated<boolean>;
  product_news: Generated<boolean>;
  updated_at: Timestamp;
}

export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type UserPreferencesRow = Selectable<UserPreferencesTable>;
export type NotificationSettingsRow = Selectable<NotificationSettingsTable>;
