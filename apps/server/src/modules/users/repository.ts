import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type {
  Database,
  NewUser,
  NotificationSettingsRow,
  UserPreferencesRow,
  UserRow,
  UserUpdate,
} from '../../db/schema.ts';
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

  /** New password from a reset link: the link proved the mailbox, so the email is verified. */
  async resetPassword(id: string, passwordHash: string, now: Date): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, email_verified: true, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async changePassword(id: string, passwordHash: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async update(id: string, changes: UserUpdate): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Locks the user's row for the caller's transaction: serialises one account's read-then-write
   * steps in other modules (upload creation, order settlement).
   */
  async lock(id: string): Promise<void> {
    await this.db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
  }

  async findByIdForUpdate(id: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  // --- preferences and notification settings (a row once the user saved them) ------------

  async findPreferences(userId: string): Promise<UserPreferencesRow | undefined> {
    return this.db
      .selectFrom('user_preferences')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async upsertPreferences(
    userId: string,
    values: Omit<UserPreferencesRow, 'user_id' | 'updated_at'>,
    now: Date,
  ): Promise<void> {
    const row = { ...values, updated_at: now };
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  }

  async findNotificationSettings(userId: string): Promise<NotificationSettingsRow | undefined> {
    return this.db
      .selectFrom('notification_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async upsertNotificationSettings(
    userId: string,
    values: Omit<NotificationSettingsRow, 'user_id' | 'updated_at'>,
    now: Date,
  ): Promise<void> {
    const row = { ...values, updated_at: now };
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  }

  /** Sets and verifies the email of an account that had none (EMAIL_ALREADY_REGISTERED if taken). */
  async setVerifiedEmail(id: string, email: string, now: Date): Promise<UserRow> {
    try {
      return await this.db
        .updateTable('users')
        .set({ email, email_verified: true, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw new EmailAlreadyRegisteredError();
      throw error;
    }
  }

  async markEmailVerified(id: string, now: Date): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ email_verified: true, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A deleted account's preferences and notification settings. */
  async deleteSettings(userId: string): Promise<void> {
    await this.db.deleteFrom('user_preferences').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
  }

  /** Personal data erased; the row stays as status deleted (ids in history still resolve). */
  async erase(userId: string, placeholderEmail: string, now: Date): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        email: placeholderEmail,
        email_verified: false,
        password_hash: null,
        status: 'deleted',
        avatar: null,
        avatar_key: null,
        full_name: null,
        first_name: null,
        last_name: null,
        phone: null,
        phone_country_code: null,
        date_of_birth: null,
        gender: null,
        company: null,
        job_title: null,
        department: null,
        website: null,
        country: null,
        location: null,
        bio: null,
        updated_at: now,
        deleted_at: now,
      })
      .where('id', '=', userId)
      .execute();
  }
}
