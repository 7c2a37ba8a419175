import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, SalesContactRow, SalesContactsTable } from '../../db/schema.ts';

/** Enterprise "Contact sales" requests. The only Kysely of the module. */
export class SalesRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  insert(values: Insertable<SalesContactsTable>): Promise<SalesContactRow> {
    return this.db
      .insertInto('sales_contacts')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async markMailed(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('sales_contacts')
      .set({ mailed_at: at })
      .where('id', '=', id)
      .execute();
  }

  findById(id: string): Promise<SalesContactRow | undefined> {
    return this.db.selectFrom('sales_contacts').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
