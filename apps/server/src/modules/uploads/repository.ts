import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, UploadRow } from '../../db/schema.ts';
import { LOCK_SESSION_NAMESPACE } from './lock-session.ts';

export interface NewUpload {
  id: string;
  userId: string;
  projectId: string;
  filename: string;
  /** The model's name, when not the file name. */
  modelName?: string | null;
  /** An upload of a new version of this model (and the version's message). */
  versionOf?: { modelId: string; message: string } | null;
  sizeBytes: number;
  now: Date;
  expiresAt: Date;
}

/** Resumable uploads in progress (the bytes are in DATA_DIR/uploads, kept by tus). */
export class UploadsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Unfinished uploads of the user with a request since `activeSince`. */
  async countActive(userId: string, activeSince: Date): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'uploading')
      .where('updated_at', '>=', activeSince)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Bytes promised by unfinished uploads into projects `ownerId` owns (reserved storage). */
  async reservedBytesForOwner(ownerId: string): Promise<number> {
    const { rows } = await sql<{ bytes: number | string }>`
      SELECT coalesce(sum(up.size_bytes), 0) AS bytes
        FROM uploads up
        JOIN projects p ON p.id = up.project_id
       WHERE p.owner_id = ${ownerId} AND up.status = 'uploading'
    `.execute(this.db);
    return Number(rows[0]?.bytes ?? 0);
  }

  async countUnfinishedInProject(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('status', '=', 'uploading')
      // An upload of a new version adds no model.
      .where('model_id', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(upload: NewUpload): Promise<void> {
    await this.db
      .insertInto('uploads')
      .values({
        id: upload.id,
        user_id: upload.userId,
        project_id: upload.projectId,
        filename: upload.filename,
        model_name: upload.modelName ?? null,
        model_id: upload.versionOf?.modelId ?? null,
        version_message: upload.versionOf?.message ?? null,
        size_bytes: upload.sizeBytes,
        created_at: upload.now,
        updated_at: upload.now,
        expires_at: upload.expiresAt,
      })
      .execute();
  }

  async findById(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async lockById(id: string): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * The user's upload, marked active (`updated_at`) when unfinished, in one round trip (every
   * PATCH starts here).
   */
  async touchOwn(id: string, userId: string, now: Date): Promise<UploadRow | undefined> {
    return this.db
      .updateTable('uploads')
      .set((eb) => ({
        updated_at: eb
          .case()
          .when('status', '=', 'uploading')
          .then(now)
          .else(eb.ref('updated_at'))
          .end(),
      }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async setFormat(id: string, format: string): Promise<void> {
    await this.db.updateTable('uploads').set({ format }).where('id', '=', id).execute();
  }

  async markFinished(id: string, modelId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ status: 'finished', model_id: modelId, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /** Unfinished uploads past their expiry. */
  async listExpired(now: Date, limit = 500): Promise<UploadRow[]> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('status', '=', 'uploading')
      .where('expires_at', '<', now)
      .limit(limit)
      .execute();
  }

  /** Which of `ids` still have an unfinished upload row. */
  async existingUnfinished(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('uploads')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'uploading')
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Finished upload rows are bookkeeping only; drop them after a while. */
  async deleteFinishedBefore(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('uploads')
      .where('status', '=', 'finished')
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Takes the lock of an upload for `holder` (of the process holding advisory lock `session`,
   * see LockSession) for `leaseSeconds` (database clock) when it is free, its lease ran out, or
   * the process that holds it is gone (its advisory lock no longer in pg_locks); true when taken.
   */
  async acquireLock(
    uploadId: string,
    holder: string,
    session: number | null,
    leaseSeconds: number,
  ): Promise<boolean> {
    const { rows } = await sql<{ holder: string }>`
      INSERT INTO upload_locks (upload_id, holder, holder_session, expires_at)
      VALUES (${uploadId}, ${holder}, ${session}, now() + make_interval(secs => ${leaseSeconds}))
      ON CONFLICT (upload_id) DO UPDATE
        SET holder = excluded.holder, holder_session = excluded.holder_session,
            expires_at = excluded.expires_at, release_requested = false
        WHERE upload_locks.expires_at < now()
           OR (upload_locks.holder_session IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM pg_locks held
                 WHERE held.locktype = 'advisory' AND held.granted AND held.objsubid = 2
                   AND held.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                   AND held.classid = ${LOCK_SESSION_NAMESPACE}::int::oid
                   AND held.objid = upload_locks.holder_session::oid))
      RETURNING holder
    `.execute(this.db);
    return rows[0]?.holder === holder;
  }

  /**
   * Extends a held lock (and records the process's current lock session). Returns null when
   * `holder` no longer holds it, else whether another request asked for it.
   */
  async renewLock(
    uploadId: string,
    holder: string,
    session: number | null,
    leaseSeconds: number,
  ): Promise<{ releaseRequested: boolean } | null> {
    const { rows } = await sql<{ release_requested: boolean }>`
      UPDATE upload_locks
         SET expires_at = now() + make_interval(secs => ${leaseSeconds}),
             holder_session = ${session}
       WHERE upload_id = ${uploadId} AND holder = ${holder}
      RETURNING release_requested
    `.execute(this.db);
    return rows[0] ? { releaseRequested: rows[0].release_requested } : null;
  }

  /** Asks the holder of an upload's lock, on whichever instance, to let go. */
  async requestLockRelease(uploadId: string): Promise<void> {
    await this.db
      .updateTable('upload_locks')
      .set({ release_requested: true })
      .where('upload_id', '=', uploadId)
      .execute();
  }

  async releaseLock(uploadId: string, holder: string): Promise<void> {
    await this.db
      .deleteFrom('upload_locks')
      .where('upload_id', '=', uploadId)
      .where('holder', '=', holder)
      .execute();
  }
}
