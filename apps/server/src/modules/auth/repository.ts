import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type {
  Database,
  EmailCodePurpose,
  EmailCodeRow,
  RefreshTokenRow,
  RefreshTokensTable,
  UserStatus,
} from '../../db/schema.ts';

export interface SessionState {
  userId: string;
  revokedAt: Date | null;
  familyExpiresAt: Date;
  userStatus: UserStatus;
  /** Verified, or the account has no email (sessions.ts emailSettled). */
  emailSettled: boolean;
}

/** Mailed codes and refresh-token families. */
export class AuthRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  // --- mailed codes -------------------------------------------------------------------------

  async latestCode(userId: string, purpose: EmailCodePurpose): Promise<EmailCodeRow | undefined> {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The newest code still usable (not consumed, not replaced), locked for the transaction. */
  async activeCodeForUpdate(
    userId: string,
    purpose: EmailCodePurpose,
  ): Promise<EmailCodeRow | undefined> {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('invalidated_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Issuing a new code kills every older one. */
  async invalidateCodes(userId: string, purpose: EmailCodePurpose, now: Date): Promise<void> {
    await this.db
      .updateTable('email_codes')
      .set({ invalidated_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('invalidated_at', 'is', null)
      .execute();
  }

  async insertCode(code: {
    userId: string;
    purpose: EmailCodePurpose;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
    /** add_email: the address the code is mailed to. */
    email?: string;
  }): Promise<EmailCodeRow> {
    return this.db
      .insertInto('email_codes')
      .values({
        user_id: code.userId,
        purpose: code.purpose,
        code_hash: code.codeHash,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
        email: code.email ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async incrementCodeAttempts(id: string): Promise<number> {
    const row = await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  }

  async consumeCode(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable('email_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .execute();
  }

  async deleteCode(id: string): Promise<void> {
    await this.db.deleteFrom('email_codes').where('id', '=', id).execute();
  }

  /** Mails of one purpose sent to the user since `since`: the oldest first (for Retry-After). */
  async codeTimesSince(userId: string, purpose: EmailCodePurpose, since: Date): Promise<Date[]> {
    const rows = await this.db
      .selectFrom('email_codes')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map((row) => row.created_at);
  }

  /** A mailed token (reset link) by its HMAC, locked for the transaction. */
  async findCodeByHashForUpdate(
    purpose: EmailCodePurpose,
    codeHash: string,
  ): Promise<EmailCodeRow | undefined> {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('code_hash', '=', codeHash)
      .forUpdate()
      .executeTakeFirst();
  }

  // --- failed sign-ins ----------------------------------------------------------------------

  /** Failures of one key since `since`, oldest first. */
  async loginFailuresSince(scope: 'account' | 'ip', key: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .selectFrom('login_failures')
      .select('created_at')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map((row) => row.created_at);
  }

  async insertLoginFailures(
    keys: { scope: 'account' | 'ip'; key: string }[],
    now: Date,
  ): Promise<string[]> {
    const rows = await this.db
      .insertInto('login_failures')
      .values(keys.map((key) => ({ ...key, created_at: now })))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async deleteLoginFailures(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('login_failures').where('id', 'in', ids).execute();
  }

  /** Serialises the password tries on one typed email until the transaction ends. */
  async lockLoginAccount(email: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login ${email}`}, 0))`.execute(
      this.db,
    );
  }

  /** A successful sign-in clears the account's count (not the IP's). */
  async clearLoginFailures(scope: 'account' | 'ip', key: string): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
  }

  /** Rows past every window are useless; dropped now and then. */
  async pruneLoginFailures(before: Date): Promise<void> {
    await this.db.deleteFrom('login_failures').where('created_at', '<', before).execute();
  }

  // --- refresh tokens -----------------------------------------------------------------------

  async insertRefreshToken(token: Insertable<RefreshTokensTable>): Promise<RefreshTokenRow> {
    return this.db
      .insertInto('refresh_tokens')
      .values(token)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** SELECT ... FOR UPDATE: concurrent refreshes of one token run one after the other. */
  async findRefreshTokenForUpdate(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
  }

  async markRefreshTokenUsed(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .execute();
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of the user, except `keepFamilyId` when given. */
  async revokeAllFamilies(userId: string, now: Date, keepFamilyId?: string): Promise<void> {
    let query = this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
    await query.execute();
  }

  /** One indexed lookup per authenticated request: the family's newest token and its user. */
  async findSession(familyId: string): Promise<SessionState | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens as rt')
      .innerJoin('users as u', 'u.id', 'rt.user_id')
      .select([
        'rt.user_id',
        'rt.revoked_at',
        'rt.family_expires_at',
        'u.status',
        'u.email_verified',
        'u.email',
      ])
      .where('rt.family_id', '=', familyId)
      .orderBy('rt.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? {
          userId: row.user_id,
          revokedAt: row.revoked_at,
          familyExpiresAt: row.family_expires_at,
          userStatus: row.status,
          emailSettled: row.email_verified || row.email === null,
        }
      : undefined;
  }

  /** Every code of a deleted account. */
  async deleteCodesOfUser(userId: string): Promise<void> {
    await this.db.deleteFrom('email_codes').where('user_id', '=', userId).execute();
  }
}
