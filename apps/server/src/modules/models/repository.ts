import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, ModelRow, ModelsTable } from '../../db/schema.ts';

/** A model row with its creator's public fields. */
export interface ModelWithCreator extends ModelRow {
  creator_email: string | null;
  creator_full_name: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_name_format: 'eastern' | 'western' | null;
}

export interface ModelListFilter {
  trashed: boolean;
  sort: 'updated_at' | 'created_at' | 'name' | 'size';
  order: 'asc' | 'desc';
  search?: string;
}

export interface NewModel {
  id: string;
  projectId: string;
  name: string;
  originalFilename: string;
  sizeBytes: number;
  format: string | null;
  createdBy: string;
  originalKey: string;
  originalSha256: string | null;
  now: Date;
}

export interface ViewableFlip {
  derivedPrefix: string;
  format: string | null;
  viewableHash: string;
  metadataHash: string;
  thumbnailHash: string;
  derivedBytes: number;
  now: Date;
}

export type ModelStatusChange = Pick<
  Updateable<ModelsTable>,
  'status' | 'progress' | 'stage' | 'failure_code' | 'failure_message'
>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Models and the membership facts their permission checks need. */
export class ModelsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async projectOwner(projectId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('projects')
      .select('owner_id')
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row?.owner_id ?? null;
  }

  #withCreator() {
    return this.db
      .selectFrom('models as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .selectAll('m')
      .select([
        'u.email as creator_email',
        'u.full_name as creator_full_name',
        'u.first_name as creator_first_name',
        'u.last_name as creator_last_name',
        'u.name_format as creator_name_format',
      ]);
  }

  async findById(id: string): Promise<ModelWithCreator | undefined> {
    return this.#withCreator().where('m.id', '=', id).executeTakeFirst();
  }

  async listForProject(projectId: string, filter: ModelListFilter): Promise<ModelWithCreator[]> {
    let query = this.#withCreator().where('m.project_id', '=', projectId);
    query = filter.trashed
      ? query.where('m.deleted_at', 'is not', null)
      : query.where('m.deleted_at', 'is', null);
    if (filter.search) {
      query = query.where(sql<boolean>`m.name ILIKE ${`%${escapeLike(filter.search)}%`}`);
    }
    const column = filter.sort === 'size' ? 'm.size_bytes' : (`m.${filter.sort}` as const);
    if (filter.sort === 'name') {
      query = query.orderBy(sql`lower(m.name)`, filter.order);
    } else {
      query = query.orderBy(column, filter.order);
    }
    return query.orderBy('m.id').execute();
  }

  /** Locks the row for the transaction. */
  async lockById(id: string): Promise<ModelRow | undefined> {
    return this.db
      .selectFrom('models')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Idempotent: a second insert with the same id (a retried upload finish) does nothing. */
  async insert(model: NewModel): Promise<boolean> {
    const result = await this.db
      .insertInto('models')
      .values({
        id: model.id,
        project_id: model.projectId,
        name: model.name,
        original_filename: model.originalFilename,
        size_bytes: model.sizeBytes,
        format: model.format,
        created_by: model.createdBy,
        original_key: model.originalKey,
        original_sha256: model.originalSha256,
        status: 'queued',
        progress: 0,
        created_at: model.now,
        updated_at: model.now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async updateStatus(
    id: string,
    change: ModelStatusChange,
    now?: Date,
  ): Promise<ModelRow | undefined> {
    return this.db
      .updateTable('models')
      .set({ ...change, ...(now ? { updated_at: now } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Progress only moves while processing (a late report never undoes `ready`). */
  async updateProgress(id: string, progress: number, stage: string): Promise<boolean> {
    const result = await this.db
      .updateTable('models')
      .set({ progress, stage })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Points the model at a new viewable and marks it ready (call with the row locked). */
  async flipViewable(id: string, flip: ViewableFlip): Promise<void> {
    await this.db
      .updateTable('models')
      .set({
        derived_prefix: flip.derivedPrefix,
        format: flip.format,
        viewable_hash: flip.viewableHash,
        metadata_hash: flip.metadataHash,
        thumbnail_hash: flip.thumbnailHash,
        derived_bytes: flip.derivedBytes,
        status: 'ready',
        progress: 100,
        stage: null,
        failure_code: null,
        failure_message: null,
        converted_at: flip.now,
        updated_at: flip.now,
      })
      .where('id', '=', id)
      .execute();
  }

  async rename(id: string, name: string, now: Date): Promise<void> {
    await this.db
      .updateTable('models')
      .set({ name, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async move(id: string, projectId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('models')
      .set({ project_id: projectId, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async setTrashed(id: string, deletedAt: Date | null, now: Date): Promise<void> {
    await this.db
      .updateTable('models')
      .set({ deleted_at: deletedAt, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async deleteById(id: string): Promise<void> {
    await this.db.deleteFrom('models').where('id', '=', id).execute();
  }

  /** Models (trash included) of a project: what deleting the project must remove. */
  async idsInProject(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('models')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Not-trashed models of a project. */
  async countLive(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('models')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Stored bytes (originals, trash included, and their viewables) and counts of one project. */
  async projectStorage(projectId: string): Promise<{
    models: number;
    trashed: number;
    originals: number;
    derived: number;
  }> {
    const { rows } = await sql<{
      models: number;
      trashed: number;
      originals: number | string;
      derived: number | string;
    }>`
      SELECT count(*) FILTER (WHERE deleted_at IS NULL) AS models,
             count(*) FILTER (WHERE deleted_at IS NOT NULL) AS trashed,
             coalesce(sum(size_bytes), 0) AS originals,
             coalesce(sum(derived_bytes), 0) AS derived
        FROM models
       WHERE project_id = ${projectId}
    `.execute(this.db);
    const row = rows[0];
    return {
      models: Number(row?.models ?? 0),
      trashed: Number(row?.trashed ?? 0),
      originals: Number(row?.originals ?? 0),
      derived: Number(row?.derived ?? 0),
    };
  }
}
