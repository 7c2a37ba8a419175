import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface OwnedProjectRow {
  id: string;
  name: string;
  is_default: boolean;
  model_count: number;
}

export interface SuccessorRow {
  user_id: string;
  email: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  name_format: 'eastern' | 'western';
}

/** Project ownership and memberships as seen when an account is deleted. */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async ownedProjects(userId: string): Promise<OwnedProjectRow[]> {
    const rows = await this.db
      .selectFrom('projects as p')
      .select([
        'p.id',
        'p.name',
        'p.is_default',
        (eb) =>
          eb
            .selectFrom('models as m')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('m.project_id', '=', 'p.id')
            .as('model_count'),
      ])
      .where('p.owner_id', '=', userId)
      .orderBy('p.created_at', 'asc')
      .execute();
    return rows.map((row) => ({ ...row, model_count: Number(row.model_count ?? 0) }));
  }

  /**
   * Who takes the project over: the admin who joined first, else the member who joined first
   * (accepted members of an account that still exists, other than the leaving owner).
   */
  async successor(projectId: string, ownerId: string): Promise<SuccessorRow | undefined> {
    return this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select([
        'pm.user_id',
        'u.email',
        'u.full_name',
        'u.first_name',
        'u.last_name',
        'u.name_format',
      ])
      .where('pm.project_id', '=', projectId)
      .where('pm.user_id', '!=', ownerId)
      .where('pm.status', '=', 'accepted')
      .where('pm.role', 'in', ['admin', 'member'])
      .where('u.status', '!=', 'deleted')
      .orderBy(sql`CASE WHEN pm.role = 'admin' THEN 0 ELSE 1 END`)
      .orderBy('pm.created_at', 'asc')
      .orderBy('pm.id', 'asc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The successor becomes owner; the project stops being anyone's default project. */
  async transferOwnership(projectId: string, newOwnerId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ owner_id: newOwnerId, is_default: false, updated_at: now })
      .where('id', '=', projectId)
      .execute();
    await this.db
      .updateTable('project_members')
      .set({ role: 'owner' })
      .where('project_id', '=', projectId)
      .where('user_id', '=', newOwnerId)
      .execute();
  }

  /** Every membership of the user (their own projects were transferred or deleted before). */
  async removeMemberships(userId: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('project_members')
      .where('user_id', '=', userId)
      .returning('project_id')
      .execute();
    return rows.map((row) => row.project_id);
  }

  async deleteSettings(userId: string): Promise<void> {
    await this.db.deleteFrom('user_preferences').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('email_codes').where('user_id', '=', userId).execute();
  }

  /** Personal data erased; the row stays as status deleted (ids in history still resolve). */
  async eraseUser(userId: string, placeholderEmail: string, now: Date): Promise<void> {
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
