import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ModelVersionRow } from '../../db/schema.ts';
import type { ModelStatusChange, ViewableFlip } from './repository.ts';

/** A version row with its uploader's public fields. */
export interface VersionWithCreator extends ModelVersionRow {
  creator_email: string | null;
  creator_full_name: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_name_format: 'eastern' | 'western' | null;
}

export interface NewVersion {
  id: string;
  modelId: string;
  number: number;
  message: string;
  originalFilename: string;
  sizeBytes: number;
  format: string | null;
  createdBy: string;
  originalKey: string;
  originalSha256: string | null;
  now: Date;
}

/**
 * The versions of models (migration 0023). A version's changes never touch its model's row:
 * callers then call `ModelsRepository.syncCurrent`, which copies the current version onto it.
 */
export class ModelVersionsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  #withCreator() {
    return this.db
      .selectFrom('model_versions as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .selectAll('v')
      .select([
        'u.email as creator_email',
        'u.full_name as creator_full_name',
        'u.first_name as creator_first_name',
        'u.last_name as creator_last_name',
        'u.name_format as creator_name_format',
      ]);
  }

  async findById(id: string): Promise<VersionWithCreator | undefined> {
    return this.#withCreator().where('v.id', '=', id).executeTakeFirst();
  }

  /** Newest first. */
  async listForModel(modelId: string): Promise<VersionWithCreator[]> {
    return this.#withCreator()
      .where('v.model_id', '=', modelId)
      .orderBy('v.number', 'desc')
      .execute();
  }

  /** The number the next version of the model gets (call with the model row locked). */
  async nextNumber(modelId: string): Promise<number> {
    const row = await this.db
      .selectFrom('model_versions')
      .select(sql<number>`coalesce(max(number), 0)`.as('n'))
      .where('model_id', '=', modelId)
      .executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  /** Idempotent: a second insert with the same id (a retried upload finish) does nothing. */
  async insert(version: NewVersion): Promise<boolean> {
    const result = await this.db
      .insertInto('model_versions')
      .values({
        id: version.id,
        model_id: version.modelId,
        number: version.number,
        message: version.message,
        created_by: version.createdBy,
        created_at: version.now,
        updated_at: version.now,
        size_bytes: version.sizeBytes,
        original_filename: version.originalFilename,
        format: version.format,
        status: 'queued',
        progress: 0,
        original_key: version.originalKey,
        original_sha256: version.originalSha256,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async updateStatus(
    id: string,
    change: ModelStatusChange,
    now?: Date,
  ): Promise<ModelVersionRow | undefined> {
    return this.db
      .updateTable('model_versions')
      .set({ ...change, ...(now ? { updated_at: now } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Progress only moves while processing (a late report never undoes `ready`); the model's copy
   * follows when this is its current version.
   */
  async updateProgress(id: string, progress: number, stage: string): Promise<boolean> {
    const result = await this.db
      .updateTable('model_versions')
      .set({ progress, stage })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db
      .updateTable('models')
      .set({ progress, stage })
      .where('current_version_id', '=', id)
      .where('status', '=', 'processing')
      .execute();
    return true;
  }

  /** Points the version at a new viewable and marks it ready (call with the model row locked). */
  async flipViewable(id: string, flip: ViewableFlip): Promise<void> {
    await this.db
      .updateTable('model_versions')
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

  async setMessage(id: string, message: string, now: Date): Promise<void> {
    await this.db
      .updateTable('model_versions')
      .set({ message, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async deleteById(id: string): Promise<void> {
    await this.db.deleteFrom('model_versions').where('id', '=', id).execute();
  }

  /** The newest ready version of the model, if any. */
  async newestReady(modelId: string): Promise<ModelVersionRow | undefined> {
    return this.db
      .selectFrom('model_versions')
      .selectAll()
      .where('model_id', '=', modelId)
      .where('status', '=', 'ready')
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
