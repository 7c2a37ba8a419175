import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Share analytics' tables: the daily salts, the daily visitor marks and the share's counters. */
export class ShareVisitsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** The salt of `day`: `candidate` if this call made it, else the one another instance made. */
  async daySalt(day: string, candidate: string): Promise<string> {
    await this.db
      .insertInto('share_visit_salts')
      .values({ day, salt: candidate })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('share_visit_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return row.salt;
  }

  /** Deletes the salts and marks of days before `day`: their marks can no longer be linked. */
  async forgetBefore(day: string): Promise<void> {
    await this.db.deleteFrom('share_visitor_marks').where('day', '<', day).execute();
    await this.db.deleteFrom('share_visit_salts').where('day', '<', day).execute();
  }

  /**
   * One open of a share: counts it, and counts a visitor when `visitorHash` is new for `day`.
   * One statement, so parallel opens from several instances all count.
   */
  async recordOpen(shareId: string, day: string, visitorHash: string, at: Date): Promise<void> {
    await sql`
      WITH mark AS (
        INSERT INTO share_visitor_marks (share_id, day, visitor_hash)
        VALUES (${shareId}, ${day}, ${visitorHash})
        ON CONFLICT DO NOTHING
        RETURNING 1
      )
      UPDATE shares
      SET open_count = open_count + 1,
          visitor_count = visitor_count + (SELECT count(*)::int FROM mark),
          last_opened_at = ${at}
      WHERE id = ${shareId}`.execute(this.db);
  }
}
