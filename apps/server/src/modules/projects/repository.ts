import { DEFAULT_PROJECT_NAME } from '@truss/contracts';
import type { Kysely, Transaction } from 'kysely';
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
  creator_email: string;
  creator_full_name: UserRow['full_name'];
  creator_first_name: UserRow['first_name'];
  creator_last_name: UserRow['last_name'];
  creator_name_format: UserRow['name_format'];
  member_count: number;
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
    return this.db
      .selectFrom('project_members as pm')
      .innerJoin('projects as p', 'p.id', 'pm.project_id')
      .innerJoin('users as u', 'u.id', 'p.owner_id')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.description',
        'p.is_default',
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
      .where('pm.status', '=', 'accepted')
      .orderBy('p.is_default', 'desc')
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id')
      .execute() as Promise<ProjectListRow[]>;
  }
}
