import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }
}
