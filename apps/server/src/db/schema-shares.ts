import type { ColumnType, Generated, Selectable } from 'kysely';

/** Tables of share links (migration 0004); part of `Database` in schema.ts. */

type Timestamp = ColumnType<Date, Date, Date>;

export type ShareTypeValue = 'public' | 'password' | 'private';
export type ShareStatusValue = 'active' | 'disabled';
export type ShareExpirationValue = '1d' | '7d' | '30d' | 'never';

export interface SharesTable {
  id: Generated<string>;
  model_id: string;
  /** The version the share shows; null: the model's current one (migration 0023). */
  model_version_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** null when the creator's account was deleted (project owners/admins still manage it). */
  created_by: string | null;
  /** Random; the link token is HMAC(secret, id + salt), never stored. */
  token_salt: string;
  /** SHA-256 of the token (base64url), for the lookup. */
  token_hash: string;
  type: ShareTypeValue;
  status: Generated<ShareStatusValue>;
  expiration: ShareExpirationValue;
  /** null: never expires. */
  expires_at: Timestamp | null;
  allow_comments: boolean;
  issue_permission: 'edit' | 'view';
  /** Visitors may download the uploaded original (migration 0008). */
  allow_download: Generated<boolean>;
  /** HMAC of the 4-digit access code; null when none was ever set. */
  code_hmac: string | null;
  /** Bumped with every new code: unlock cookies carry it. */
  code_version: Generated<number>;
  /** Wrong codes since the current code was set. */
  code_failures: Generated<number>;
  /** Set when `code_failures` reached the limit: verify refuses until a new code. */
  code_locked_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Times the link was opened by anyone but its creator (migration 0031). */
  open_count: Generated<number>;
  /** The sum of each day's distinct visitors (share_visitor_marks). */
  visitor_count: Generated<number>;
  last_opened_at: Timestamp | null;
}

/** The random salt of one UTC day's visitor marks; deleted the day after (migration 0031). */
export interface ShareVisitSaltsTable {
  /** `YYYY-MM-DD`, UTC. */
  day: ColumnType<string, string, string>;
  salt: string;
}

/** A visitor of a share on one day: HMAC(that day's salt, share, IP, user agent), nothing else. */
export interface ShareVisitorMarksTable {
  share_id: string;
  day: ColumnType<string, string, string>;
  visitor_hash: string;
}

/** One wrong code from one IP (the per-IP window counts these). */
export interface ShareCodeFailuresTable {
  id: Generated<string>;
  share_id: string;
  ip: string;
  failed_at: Timestamp;
}

export type ShareRow = Selectable<SharesTable>;
