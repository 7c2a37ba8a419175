import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface QuotaUse {
  amount: number;
  created_at: Date;
}

/** The counted actions of the quotas (table quota_events). */
export class QuotasRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /**
   * Serialises counting for one (kind, key) until the surrounding transaction ends, so parallel
   * requests of one caller cannot all pass a cap they only pass together.
   */
  async lock(kind: string, key: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`quota ${kind} ${key}`}, 0))`.execute(
      this.db,
    );
  }

  /** The actions still in the window, oldest first. */
  async usesSince(kind: string, key: string, since: Date): Promise<QuotaUse[]> {
    return this.db
      .selectFrom('quota_events')
      .select(['amount', 'created_at'])
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .execute();
  }

  async insert(rows: { kind: string; key: string; amount: number }[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('quota_events')
      .values(rows.map((row) => ({ ...row, created_at: now })))
      .execute();
  }

  /** Takes back the uses of (kind, key) counted at `at` (an action that did not happen). */
  async remove(kind: string, key: string, at: Date): Promise<void> {
    await this.db
      .deleteFrom('quota_events')
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('created_at', '=', at)
      .execute();
  }

  async prune(before: Date): Promise<void> {
    await this.db.deleteFrom('quota_events').where('created_at', '<', before).execute();
  }
}
