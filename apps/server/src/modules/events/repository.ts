import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class EventsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** PostgreSQL NOTIFY (delivered to every listening connection when the statement commits). */
  async notify(channel: string, payload: string): Promise<void> {
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(this.db);
  }
}
