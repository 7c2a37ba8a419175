import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type {
  Database,
  ModelRow,
  ProjectRow,
  ShareRow,
  SharesTable,
  UserRow,
} from '../../db/schema.ts';

/** A share with what its presenters need from the model, project and creator. */
export type ShareWithModel = Omit<ShareRow, 'token_hash'> & {
  model_name: ModelRow['name'];
  model_status: ModelRow['status'];
  model_format: ModelRow['format'];
  model_deleted_at: ModelRow['deleted_at'];
  model_derived_prefix: ModelRow['derived_prefix'];
  model_viewable_hash: ModelRow['viewable_hash'];
  model_metadata_hash: ModelRow['metadata_hash'];
  model_thumbnail_hash: ModelRow['thumbnail_hash'];
  model_original_key: ModelRow['original_key'];
  /** The pinned version's number; null when the share follows the current version. */
  model_version_number: number | null;
  /** The number of the model's current version. */
  current_version_number: number | null;
  project_id: ProjectRow['id'];
  project_name: ProjectRow['name'];
  creator_email: UserRow['email'] | null;
  creator_name: UserRow['full_name'] | null;
  creator_language: UserRow['language'] | null;
};

/** The code state a verify locks and counts. */
export type ShareCodeState = Pick<
  ShareRow,
  'code_hmac' | 'code_version' | 'code_failures' | 'code_locked_at'
>;

/** What creating a share and listing a model's shares need to know about the model. */
export type ShareModelRef = Pick<ModelRow, 'id' | 'project_id' | 'created_by' | 'deleted_at'>;

/** The only place that touches the share tables (through `DataAccess`, like every repository). */
export class SharesRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  #withModel() {
    return (
      this.db
        .selectFrom('shares as s')
        .innerJoin('models as m', 'm.id', 's.model_id')
        .innerJoin('projects as p', 'p.id', 'm.project_id')
        .leftJoin('users as u', 'u.id', 's.created_by')
        // A share pinned to a version shows that version's files; the others the model's current.
        .leftJoin('model_versions as pv', 'pv.id', 's.model_version_id')
        .leftJoin('model_versions as cv', 'cv.id', 'm.current_version_id')
        .select([
          's.id',
          's.model_id',
          's.model_version_id',
          'pv.number as model_version_number',
          'cv.number as current_version_number',
          's.created_by',
          's.token_salt',
          's.type',
          's.status',
          's.expiration',
          's.expires_at',
          's.allow_comments',
          's.issue_permission',
          's.allow_download',
          's.code_hmac',
          's.code_version',
          's.code_failures',
          's.code_locked_at',
          's.created_at',
          's.updated_at',
          's.open_count',
          's.visitor_count',
          's.last_opened_at',
          'm.name as model_name',
          sql<ModelRow['status']>`coalesce(pv.status, m.status)`.as('model_status'),
          sql<ModelRow['format']>`CASE WHEN pv.id IS NULL THEN m.format ELSE pv.format END`.as(
            'model_format',
          ),
          'm.deleted_at as model_deleted_at',
          ...(['derived_prefix', 'viewable_hash', 'metadata_hash', 'thumbnail_hash'] as const).map(
            (column) =>
              sql<
                string | null
              >`CASE WHEN pv.id IS NULL THEN m.${sql.ref(column)} ELSE pv.${sql.ref(column)} END`.as(
                `model_${column}`,
              ),
          ),
          sql<ModelRow['original_key']>`CASE WHEN pv.id IS NULL THEN m.original_key
          ELSE pv.original_key END`.as('model_original_key'),
          'p.id as project_id',
          'p.name as project_name',
          'u.email as creator_email',
          'u.full_name as creator_name',
          'u.language as creator_language',
        ])
    );
  }

  async findById(id: string): Promise<ShareWithModel | undefined> {
    return this.#withModel().where('s.id', '=', id).executeTakeFirst();
  }

  async findByTokenHash(tokenHash: string): Promise<ShareWithModel | undefined> {
    return this.#withModel().where('s.token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Shares `userId` created (My Shares), newest first. */
  async listByCreator(userId: string): Promise<ShareWithModel[]> {
    return this.#withModel()
      .where('s.created_by', '=', userId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .execute();
  }

  async listByModel(modelId: string): Promise<ShareWithModel[]> {
    return this.#withModel()
      .where('s.model_id', '=', modelId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .execute();
  }

  async insert(values: Insertable<SharesTable>): Promise<string> {
    const row = await this.db
      .insertInto('shares')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, values: Updateable<SharesTable>): Promise<void> {
    await this.db.updateTable('shares').set(values).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('shares').where('id', '=', id).execute();
  }

  /** Locks the share row so concurrent code checks on it queue up (inside a transaction). */
  async lockForVerify(id: string): Promise<ShareCodeState | undefined> {
    return this.db
      .selectFrom('shares')
      .select(['code_hmac', 'code_version', 'code_failures', 'code_locked_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Wrong codes from `ip` on the share since `since`, and the oldest of them. */
  async ipFailures(
    shareId: string,
    ip: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const row = await this.db
      .selectFrom('share_code_failures')
      .select([sql<string>`count(*)`.as('count'), sql<Date | null>`min(failed_at)`.as('oldest')])
      .where('share_id', '=', shareId)
      .where('ip', '=', ip)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
  }

  /** Wrong codes on the share from any IP since `since`, and the latest of them. */
  async shareFailures(
    shareId: string,
    since: Date,
  ): Promise<{ count: number; latest: Date | null }> {
    const row = await this.db
      .selectFrom('share_code_failures')
      .select([sql<string>`count(*)`.as('count'), sql<Date | null>`max(failed_at)`.as('latest')])
      .where('share_id', '=', shareId)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), latest: row.latest ? new Date(row.latest) : null };
  }

  /** Records one wrong code; returns the share's failure count since its code was set. */
  async recordFailure(shareId: string, ip: string, at: Date): Promise<number> {
    await this.db
      .insertInto('share_code_failures')
      .values({ share_id: shareId, ip, failed_at: at })
      .execute();
    const row = await this.db
      .updateTable('shares')
      .set({ code_failures: sql`code_failures + 1` })
      .where('id', '=', shareId)
      .returning('code_failures')
      .executeTakeFirstOrThrow();
    return row.code_failures;
  }

  /** Drops failures older than every window (they no longer count). */
  async pruneFailures(shareId: string, before: Date): Promise<void> {
    await this.db
      .deleteFrom('share_code_failures')
      .where('share_id', '=', shareId)
      .where('failed_at', '<=', before)
      .execute();
  }

  /** A new code starts clean: every IP may try again. */
  async clearFailures(shareId: string): Promise<void> {
    await this.db.deleteFrom('share_code_failures').where('share_id', '=', shareId).execute();
  }

  async findModel(modelId: string): Promise<ShareModelRef | undefined> {
    return this.db
      .selectFrom('models')
      .select(['id', 'project_id', 'created_by', 'deleted_at'])
      .where('id', '=', modelId)
      .executeTakeFirst();
  }
}
