import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MemberRole, UserRow } from '../../db/schema.ts';

type NameFields = Pick<UserRow, 'full_name' | 'first_name' | 'last_name' | 'name_format'>;

/** An accepted member with the fields of their account and of whoever invited them. */
export interface MemberRow {
  id: string;
  project_id: string;
  user_id: string;
  role: MemberRole;
  created_at: Date;
  /** Null for an account without an email (a WeChat sign-up). */
  email: string | null;
  full_name: NameFields['full_name'];
  first_name: NameFields['first_name'];
  last_name: NameFields['last_name'];
  name_format: NameFields['name_format'];
  inviter_id: string | null;
  inviter_email: string | null;
  inviter_full_name: NameFields['full_name'] | null;
  inviter_first_name: NameFields['first_name'] | null;
  inviter_last_name: NameFields['last_name'] | null;
  inviter_name_format: NameFields['name_format'] | null;
}

export interface SuccessorRow {
  user_id: string;
  email: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  name_format: 'eastern' | 'western';
}

export class MembersRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Accepted members, oldest first. */
  /** User ids of the project's accepted members. */
  async acceptedUserIds(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('status', '=', 'accepted')
      .execute();
    return rows.map((row) => row.user_id);
  }

  async listForProject(projectId: string): Promise<MemberRow[]> {
    return this.#select()
      .where('pm.project_id', '=', projectId)
      .orderBy('pm.created_at')
      .orderBy('pm.id')
      .execute();
  }

  /** A membership of this project by its id (a membership of another project is not found). */
  async findInProject(projectId: string, memberId: string): Promise<MemberRow | undefined> {
    return this.#select()
      .where('pm.project_id', '=', projectId)
      .where('pm.id', '=', memberId)
      .executeTakeFirst();
  }

  /** The accepted membership of `userId` in the project, as findInProject gives it. */
  async findOwn(projectId: string, userId: string): Promise<MemberRow | undefined> {
    return this.#select()
      .where('pm.project_id', '=', projectId)
      .where('pm.user_id', '=', userId)
      .where('pm.status', '=', 'accepted')
      .executeTakeFirst();
  }

  async findByUser(
    projectId: string,
    userId: string,
  ): Promise<{ id: string; role: MemberRole } | undefined> {
    return this.db
      .selectFrom('project_members')
      .select(['id', 'role'])
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('status', '=', 'accepted')
      .executeTakeFirst();
  }

  /** Which of `emails` belong to accepted members of the project. */
  async memberEmails(projectId: string, emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select('u.email')
      .where('pm.project_id', '=', projectId)
      .where('pm.status', '=', 'accepted')
      .where('u.email', 'in', [...emails])
      .$narrowType<{ email: string }>()
      .execute();
    return new Set(rows.map((row) => row.email));
  }

  /** Adds an accepted member; false when the user already is one (their role is kept). */
  async insert(input: {
    projectId: string;
    userId: string;
    role: MemberRole;
    invitedBy: string | null;
    now: Date;
  }): Promise<boolean> {
    const row = await this.db
      .insertInto('project_members')
      .values({
        project_id: input.projectId,
        user_id: input.userId,
        role: input.role,
        status: 'accepted',
        invited_by: input.invitedBy,
        created_at: input.now,
      })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async updateRole(memberId: string, role: MemberRole): Promise<void> {
    await this.db.updateTable('project_members').set({ role }).where('id', '=', memberId).execute();
  }

  async delete(memberId: string): Promise<void> {
    await this.db.deleteFrom('project_members').where('id', '=', memberId).execute();
  }

  #select() {
    return this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .leftJoin('users as inv', 'inv.id', 'pm.invited_by')
      .select([
        'pm.id',
        'pm.project_id',
        'pm.user_id',
        'pm.role',
        'pm.created_at',
        'u.email',
        'u.full_name',
        'u.first_name',
        'u.last_name',
        'u.name_format',
        'inv.id as inviter_id',
        'inv.email as inviter_email',
        'inv.full_name as inviter_full_name',
        'inv.first_name as inviter_first_name',
        'inv.last_name as inviter_last_name',
        'inv.name_format as inviter_name_format',
      ])
      .where('pm.status', '=', 'accepted');
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

  /** The member becomes the project's owner (account deletion's transfer). */
  async makeOwner(projectId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('project_members')
      .set({ role: 'owner' })
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Every membership of the user (their own projects were transferred or deleted before). */
  async removeAllOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('project_members')
      .where('user_id', '=', userId)
      .returning('project_id')
      .execute();
    return rows.map((row) => row.project_id);
  }
}
