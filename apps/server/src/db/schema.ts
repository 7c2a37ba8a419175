import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  LoginFailuresTable,
  NotificationSettingsTable,
  UserIdentitiesTable,
  UserPreferencesTable,
} from './schema-accounts.ts';
import type {
  JobsTable,
  ModelsTable,
  ModelVersionsTable,
  UploadLocksTable,
  UploadsTable,
} from './schema-models.ts';
import type {
  OrdersTable,
  PaymentCallbacksTable,
  PaymentSandboxTradesTable,
  SalesContactsTable,
  SubscriptionPeriodsTable,
  SubscriptionRemindersTable,
} from './schema-payments.ts';
import type {
  ElementIndexStateTable,
  ElementPropertiesTable,
  ElementsTable,
  SavedQueriesTable,
} from './schema-elements.ts';
import type { QuotaEventsTable } from './schema-quotas.ts';
import type { SavedViewsTable } from './schema-saved-views.ts';
import type {
  ShareCodeFailuresTable,
  SharesTable,
  ShareVisitorMarksTable,
  ShareVisitSaltsTable,
} from './schema-shares.ts';
import type {
  TopicAttachmentsTable,
  TopicCommentsTable,
  TopicCountersTable,
  TopicFilesTable,
  TopicNoticesTable,
  TopicsTable,
  TopicTypesTable,
  TopicViewpointsTable,
} from './schema-topics.ts';

export type * from './schema-accounts.ts';
export type * from './schema-elements.ts';
export type * from './schema-models.ts';
export type * from './schema-payments.ts';
export type * from './schema-quotas.ts';
export type * from './schema-saved-views.ts';
export type * from './schema-shares.ts';
export type * from './schema-topics.ts';

/** A timestamptz column: read as Date, written as Date. */
type Timestamp = ColumnType<Date, Date, Date>;
/** A timestamptz column with a database default. */
type CreatedAt = ColumnType<Date, Date | undefined, Date>;
/** jsonb: read as parsed JSON, written as a JSON string (identical on pg and PGlite). */
type Json<T> = ColumnType<T, string, string>;

export type UserStatus = 'not_activated' | 'active' | 'suspended' | 'deleted';

export interface UsersTable {
  id: Generated<string>;
  /**
   * Lower-cased; unique. Null for an account made by WeChat sign-in until its owner adds an
   * address (verified by a mailed code); such an account gets no mail and has no password.
   */
  email: string | null;
  email_verified: Generated<boolean>;
  password_hash: string | null;
  status: Generated<UserStatus>;
  language: Generated<'en' | 'zh-CN'>;
  avatar: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  phone_country_code: string | null;
  /** `date` column, read as 'YYYY-MM-DD'. */
  date_of_birth: string | null;
  gender: 'male' | 'female' | 'other' | 'prefer_not_to_say' | null;
  company: string | null;
  job_title: string | null;
  department: string | null;
  website: string | null;
  country: string | null;
  location: string | null;
  bio: string | null;
  name_format: Generated<'eastern' | 'western'>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** Storage key of the resized avatar (`avatar` holds its public URL). */
  avatar_key: ColumnType<string | null, string | null | undefined, string | null>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/**
 * verify_email, sign_in and add_email hold 6-digit codes; reset_password holds the reset link's
 * token.
 */
export type EmailCodePurpose = 'verify_email' | 'sign_in' | 'reset_password' | 'add_email';

/** Mailed one-time codes, stored as HMAC-SHA256 only. */
export interface EmailCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: EmailCodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  /** Set when a newer code replaced this one. */
  invalidated_at: Timestamp | null;
  /** add_email: the address the code was mailed to (null for the other purposes). */
  email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Rotating refresh tokens; one family per sign-in, stored as HMAC-SHA256 only. */
export interface RefreshTokensTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  token_hash: string;
  parent_id: string | null;
  created_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  family_expires_at: Timestamp;
}

export interface ProjectsTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  owner_id: string;
  is_default: Generated<boolean>;
  metadata: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type MemberRole = 'owner' | 'admin' | 'member' | 'guest';
export type MemberStatus = 'accepted' | 'pending' | 'rejected';

export interface ProjectMembersTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  role: MemberRole;
  status: MemberStatus;
  is_favorite: Generated<boolean>;
  show_in_sidebar: Generated<boolean>;
  created_at: CreatedAt;
  /** Who invited this member (null for the creator, or when that account is gone). */
  invited_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled';

/** One mailed invitation link per address; only the HMAC of the token is stored. */
export interface ProjectInvitationsTable {
  id: Generated<string>;
  project_id: string;
  /** Lower-cased. */
  email: string;
  role: 'admin' | 'member' | 'guest';
  token_hash: string;
  invited_by: string | null;
  status: Generated<InvitationStatus>;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_sent_at: Timestamp | null;
  responded_at: Timestamp | null;
  responded_by: string | null;
}

export interface DevMailTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  email_codes: EmailCodesTable;
  refresh_tokens: RefreshTokensTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_invitations: ProjectInvitationsTable;
  models: ModelsTable;
  model_versions: ModelVersionsTable;
  dev_mail: DevMailTable;
  uploads: UploadsTable;
  upload_locks: UploadLocksTable;
  jobs: JobsTable;
  user_identities: UserIdentitiesTable;
  login_failures: LoginFailuresTable;
  user_preferences: UserPreferencesTable;
  notification_settings: NotificationSettingsTable;
  shares: SharesTable;
  share_code_failures: ShareCodeFailuresTable;
  share_visit_salts: ShareVisitSaltsTable;
  share_visitor_marks: ShareVisitorMarksTable;
  topic_counters: TopicCountersTable;
  topic_types: TopicTypesTable;
  topics: TopicsTable;
  topic_viewpoints: TopicViewpointsTable;
  topic_comments: TopicCommentsTable;
  topic_files: TopicFilesTable;
  topic_attachments: TopicAttachmentsTable;
  topic_notices: TopicNoticesTable;
  orders: OrdersTable;
  payment_callbacks: PaymentCallbacksTable;
  payment_sandbox_trades: PaymentSandboxTradesTable;
  subscription_periods: SubscriptionPeriodsTable;
  quota_events: QuotaEventsTable;
  subscription_reminders: SubscriptionRemindersTable;
  sales_contacts: SalesContactsTable;
  saved_views: SavedViewsTable;
  element_index_state: ElementIndexStateTable;
  elements: ElementsTable;
  element_properties: ElementPropertiesTable;
  saved_queries: SavedQueriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EmailCodeRow = Selectable<EmailCodesTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectMemberRow = Selectable<ProjectMembersTable>;
export type ProjectInvitationRow = Selectable<ProjectInvitationsTable>;
export type DevMailRow = Selectable<DevMailTable>;
