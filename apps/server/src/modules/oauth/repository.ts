import type { Kysely, Transaction } from 'kysely';
import type { Database, IdentityProvider, UserIdentityRow } from '../../db/schema.ts';

/** Google and WeChat identities linked to users. */
export class IdentitiesRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async findBySubject(
    provider: IdentityProvider,
    subject: string,
  ): Promise<UserIdentityRow | undefined> {
    return this.db
      .selectFrom('user_identities')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  async findByUnionId(
    provider: IdentityProvider,
    unionId: string,
  ): Promise<UserIdentityRow | undefined> {
    return this.db
      .selectFrom('user_identities')
      .selectAll()
      .where('provider', '=', provider)
      .where('union_id', '=', unionId)
      .executeTakeFirst();
  }

  async listForUser(userId: string): Promise<UserIdentityRow[]> {
    return this.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .execute();
  }

  /** Links (or re-links: one identity per provider and user) an identity to the user. */
  async link(identity: {
    userId: string;
    provider: IdentityProvider;
    subject: string;
    unionId: string | null;
    email: string | null;
    displayName: string | null;
    now: Date;
  }): Promise<UserIdentityRow> {
    await this.unlink(identity.userId, identity.provider);
    return this.db
      .insertInto('user_identities')
      .values({
        user_id: identity.userId,
        provider: identity.provider,
        subject: identity.subject,
        union_id: identity.unionId,
        email: identity.email,
        display_name: identity.displayName,
        created_at: identity.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async unlink(userId: string, provider: IdentityProvider): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_identities')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async unlinkAll(userId: string): Promise<void> {
    await this.db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  }
}
