import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, ModelRow, ModelsTable } from '../../db/schema.ts';

/** A model row with its creator's public fields. */
export interface ModelWithCreator extends ModelRow {
  creator_email: string | null;
  creator_full_name: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_name_format: 'eastern' | 'western' | null;
  current_version_number: number | null;
  version_count: number;
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
  /** Null for a drawing: its sheets have no metadata.json. */
  metadataHash: string | null;
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

  #withCreator() {
    return this.db
      .selectFrom('models as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .leftJoin('model_versions as cv', 'cv.id', 'm.current_version_id')
      .selectAll('m')
      .select([
        'u.email as creator_email',
        'u.full_name as creator_full_name',
        'u.first_name as creator_first_name',
        'u.last_name as creator_last_name',
        'u.name_format as creator_name_format',
        'cv.number as current_version_number',
        sql<number>`(SELECT count(*)::int FROM model_versions mv WHERE mv.model_id = m.id)`.as(
          'version_count',
        ),
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

  /**
   * A new model and its version 1 (with the model's id), current. Idempotent: a second insert
   * with the same id (a retried upload finish) does nothing.
   */
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
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
    await this.db
      .insertInto('model_versions')
      .values({
        id: model.id,
        model_id: model.id,
        number: 1,
        created_by: model.createdBy,
        created_at: model.now,
        updated_at: model.now,
        size_bytes: model.sizeBytes,
        original_filename: model.originalFilename,
        format: model.format,
        status: 'queued',
        progress: 0,
        original_key: model.originalKey,
        original_sha256: model.originalSha256,
      })
      .execute();
    await this.db
      .updateTable('models')
      .set({ current_version_id: model.id })
      .where('id', '=', model.id)
      .execute();
    return true;
  }

  /**
   * Copies the model's current version onto the model's row (the columns every reader of a
   * model uses) and returns the row; `touch` also bumps `updated_at` (a new current version).
   */
  async syncCurrent(id: string, touch?: Date): Promise<ModelRow | undefined> {
    const { rows } = await sql<ModelRow>`
      UPDATE models m
         SET size_bytes = v.size_bytes, original_filename = v.original_filename,
             format = v.format, status = v.status, progress = v.progress, stage = v.stage,
             failure_code = v.failure_code, failure_message = v.failure_message,
             original_key = v.original_key, original_sha256 = v.original_sha256,
             derived_prefix = v.derived_prefix, viewable_hash = v.viewable_hash,
             metadata_hash = v.metadata_hash, thumbnail_hash = v.thumbnail_hash,
             derived_bytes = v.derived_bytes, converted_at = v.converted_at,
             updated_at = coalesce(${touch ?? null}::timestamptz, m.updated_at)
        FROM model_versions v
       WHERE m.id = ${id} AND v.id = m.current_version_id
      RETURNING m.*`.execute(this.db);
    return rows[0];
  }

  /** Makes the version the model's current one and copies it onto the model. */
  async setCurrent(id: string, versionId: string, now: Date): Promise<ModelRow | undefined> {
    await this.db
      .updateTable('models')
      .set({ current_version_id: versionId })
      .where('id', '=', id)
      .execute();
    return this.syncCurrent(id, now);
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

  /**
   * Stored bytes (originals of every version, trash included, and their viewables) and counts of
   * one project.
   */
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
      SELECT count(*) FILTER (WHERE m.deleted_at IS NULL) AS models,
             count(*) FILTER (WHERE m.deleted_at IS NOT NULL) AS trashed,
             coalesce(sum(v.size_bytes), 0) AS originals,
             coalesce(sum(v.derived_bytes), 0) AS derived
        FROM models m
        LEFT JOIN LATERAL (
          SELECT sum(size_bytes) AS size_bytes, sum(derived_bytes) AS derived_bytes
            FROM model_versions WHERE model_id = m.id
        ) v ON true
       WHERE m.project_id = ${projectId}
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
