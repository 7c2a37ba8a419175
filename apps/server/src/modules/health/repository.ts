import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }

  /**
   * A write without a trace: a transaction id is only handed out to a server that takes
   * writes (a standby or a read-only session refuses it); nothing is stored.
   */
  async writeProbe(): Promise<void> {
    const { rows } = await sql<{
      read_only: string;
    }>`SELECT current_setting('transaction_read_only') AS read_only, txid_current()`.execute(
      this.db,
    );
    if (rows[0]?.read_only === 'on') throw new Error('database is read-only');
  }
}
