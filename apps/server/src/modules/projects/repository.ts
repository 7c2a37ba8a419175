import { DEFAULT_PROJECT_NAME } from '@truss/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MemberRole, UserRow } from '../../db/schema.ts';

export interface ProjectListRow {
  id: string;
  name: string;
  description: string;
  is_default: boolean;
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  role: MemberRole;
  is_favorite: boolean;
  show_in_sidebar: boolean;
  creator_id: string;
  /** Null for a creator without an email (a WeChat sign-up). */
  creator_email: string | null;
  creator_full_name: UserRow['full_name'];
  creator_first_name: UserRow['first_name'];
  creator_last_name: UserRow['last_name'];
  creator_name_format: UserRow['name_format'];
  member_count: number;
  model_count: number;
}

export interface ProjectAccessRow {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  is_default: boolean;
  metadata: Record<string, unknown>;
  role: MemberRole | null;
  membership_id: string | null;
}

export interface OwnedProjectRow {
  id: string;
  name: string;
  is_default: boolean;
  model_count: number;
}

export class ProjectsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /**
   * Creates the owner's "Default Project" with the owner as accepted member. A second call is a
   * no-op (one default project per owner is a unique index).
   */
  async createDefaultProject(ownerId: string, metadata: Record<string, unknown>): Promise<void> {
    const project = await this.db
      .insertInto('projects')
      .values({
        name: DEFAULT_PROJECT_NAME,
        description: '',
        owner_id: ownerId,
        is_default: true,
        metadata: JSON.stringify(metadata),
      })
      .onConflict((oc) => oc.column('owner_id').where('is_default', '=', true).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!project) return;
    await this.db
      .insertInto('project_members')
      .values({ project_id: project.id, user_id: ownerId, role: 'owner', status: 'accepted' })
      .execute();
  }

  async hasDefaultProject(ownerId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('is_default', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every project the user is an accepted member of, with real member and model counts. */
  async listForUser(userId: string): Promise<ProjectListRow[]> {
    return this.#selectForUser(userId)
      .orderBy('is_default', 'desc')
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id')
      .execute() as Promise<ProjectListRow[]>;
  }

  /** One project as `userId` (an accepted member) sees it. */
  async findForUser(projectId: string, userId: string): Promise<ProjectListRow | undefined> {
    return this.#selectForUser(userId).where('p.id', '=', projectId).executeTakeFirst() as Promise<
      ProjectListRow | undefined
    >;
  }

  /** The project and the user's accepted role in it (null when not a member). */
  async findAccess(projectId: string, userId: string): Promise<ProjectAccessRow | undefined> {
    return this.db
      .selectFrom('projects as p')
      .leftJoin('project_members as pm', (join) =>
        join
          .onRef('pm.project_id', '=', 'p.id')
          .on('pm.user_id', '=', userId)
          .on('pm.status', '=', 'accepted'),
      )
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.owner_id',
        'p.is_default',
        'p.metadata',
        'pm.role',
        'pm.id as membership_id',
      ])
      .where('p.id', '=', projectId)
      .executeTakeFirst();
  }

  /** Serialises an owner's project creations until the transaction ends (the limit check). */
  async lockOwner(ownerId: string): Promise<void> {
    await this.db.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
  }

  /** Projects the user owns, the default project included (the plan's `projects` limit). */
  async countOwned(ownerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A new (non-default) project with its creator as owner; returns its id. */
  async create(input: {
    name: string;
    description: string;
    ownerId: string;
    metadata: Record<string, unknown>;
    now: Date;
  }): Promise<string> {
    const project = await this.db
      .insertInto('projects')
      .values({
        name: input.name,
        description: input.description,
        owner_id: input.ownerId,
        metadata: JSON.stringify(input.metadata),
        created_at: input.now,
        updated_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('project_members')
      .values({
        project_id: project.id,
        user_id: input.ownerId,
        role: 'owner',
        status: 'accepted',
        created_at: input.now,
      })
      .execute();
    return project.id;
  }

  /** Locks the project row until the transaction ends and returns its metadata. */
  /** The project's owner, or undefined when there is no such project. */
  async ownerOf(projectId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .select('owner_id')
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row?.owner_id;
  }

  async lockMetadata(projectId: string): Promise<Record<string, unknown> | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .select('metadata')
      .where('id', '=', projectId)
      .forUpdate()
      .executeTakeFirst();
    return row?.metadata;
  }

  async update(
    projectId: string,
    changes: { name?: string; description?: string; metadata?: Record<string, unknown> },
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.metadata !== undefined ? { metadata: JSON.stringify(changes.metadata) } : {}),
        updated_at: now,
      })
      .where('id', '=', projectId)
      .execute();
  }

  /** Deletes the project; members, invitations and models go with it (ON DELETE CASCADE). */
  async delete(projectId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('projects')
      .where('id', '=', projectId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setPreferences(
    projectId: string,
    userId: string,
    flags: { is_favorite?: boolean; show_in_sidebar?: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('project_members')
      .set(flags)
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .execute();
  }

  #selectForUser(userId: string) {
    return this.db
      .selectFrom('project_members as pm')
      .innerJoin('projects as p', 'p.id', 'pm.project_id')
      .innerJoin('users as u', 'u.id', 'p.owner_id')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.description',
        // Default for this user only: a joined project that is its owner's default is not the
        // member's (else a member holds two defaults, and which is current depends on order).
        eb.and([eb('p.is_default', '=', true), eb('p.owner_id', '=', userId)]).as('is_default'),
        'p.metadata',
        'p.created_at',
        'p.updated_at',
        'pm.role',
        'pm.is_favorite',
        'pm.show_in_sidebar',
        'u.id as creator_id',
        'u.email as creator_email',
        'u.full_name as creator_full_name',
        'u.first_name as creator_first_name',
        'u.last_name as creator_last_name',
        'u.name_format as creator_name_format',
        eb
          .selectFrom('project_members as m')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('m.project_id', '=', 'p.id')
          .where('m.status', '=', 'accepted')
          .as('member_count'),
        eb
          .selectFrom('models as mo')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('mo.project_id', '=', 'p.id')
          .where('mo.deleted_at', 'is', null)
          .as('model_count'),
      ])
      .where('pm.user_id', '=', userId)
      .where('pm.status', '=', 'accepted');
  }

  /** The user's projects with their model counts (the account deletion plan). */
  async ownedWithModelCounts(userId: string): Promise<OwnedProjectRow[]> {
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

  /** A new owner (account deletion); the project stops being anyone's default project. */
  async transferOwnership(projectId: string, newOwnerId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ owner_id: newOwnerId, is_default: false, updated_at: now })
      .where('id', '=', projectId)
      .execute();
  }
}
