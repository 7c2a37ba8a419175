import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';
import { EmailAlreadyRegisteredError } from './errors.ts';

export class UsersRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** Locks the row until the transaction ends (serialises sign-up, codes and verification). */
  async findByEmailForUpdate(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst();
  }

  async create(user: NewUser): Promise<UserRow> {
    try {
      return await this.db
        .insertInto('users')
        .values(user)
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw new EmailAlreadyRegisteredError();
      throw error;
    }
  }

  async setPassword(
    id: string,
    passwordHash: string,
    language: UserRow['language'],
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, language, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async markEmailVerified(id: string, now: Date): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ email_verified: true, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
