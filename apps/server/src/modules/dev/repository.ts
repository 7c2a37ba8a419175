import type { Kysely, Transaction } from 'kysely';
import type { Database, DevMailRow } from '../../db/schema.ts';

/** The dev outbox: mails stored instead of sent when no SMTP server is configured. */
export class DevMailRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async insert(mail: { to: string; subject: string; text: string; html: string }): Promise<void> {
    await this.db
      .insertInto('dev_mail')
      .values({ to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      .execute();
  }

  /** Newest first; `to` matches one address case-insensitively. */
  async list(to?: string): Promise<DevMailRow[]> {
    let query = this.db.selectFrom('dev_mail').selectAll();
    if (to) query = query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()));
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute();
  }

  async clear(): Promise<void> {
    await this.db.deleteFrom('dev_mail').execute();
  }
}
