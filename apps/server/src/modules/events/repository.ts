import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class EventsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** User ids of a project's accepted members: the default audience of its events. */
  async projectMemberIds(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('status', '=', 'accepted')
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** PostgreSQL NOTIFY (delivered to every listening connection when the statement commits). */
  async notify(channel: string, payload: string): Promise<void> {
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(this.db);
  }
}
