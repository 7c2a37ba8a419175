import type { ColumnType, Generated } from 'kysely';

/** The counted actions of the quotas module (migration 0010); part of `Database` in schema.ts. */

type Timestamp = ColumnType<Date, Date, Date>;

export interface QuotaEventsTable {
  id: Generated<string>;
  /** Which cap counts the row, e.g. 'signup:ip'. */
  kind: string;
  /** Whom it counts: a client IP or a user id. */
  key: string;
  amount: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}
