import path from 'node:path';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ModelsConfig } from '../../config-models.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { UploadsRepositories } from './repositories.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ModelEvents, ModelLimits, ModelsService } from '../models/index.ts';
import type { RegisterModule } from '../module.ts';
import { loadS3, type ObjectStorage } from '../storage/index.ts';
import { UploadHashes } from './hashing.ts';
import { LockSession } from './lock-session.ts';
import { DbLocker } from './locker.ts';
import { uploadsRoutes } from './routes.ts';
import { UploadsService } from './service.ts';
import { CheckedFileStore, type HeadChecks } from './stores.ts';
import { LocalUploadFiles, S3UploadFiles } from './upload-files.ts';

export { UploadsService } from './service.ts';
export {
  createUploadsRepositories,
  uploadReservations,
  type UploadsRepositories,
} from './repositories.ts';

export interface UploadsDeps {
  settings: Pick<
    ModelsConfig,
    | 'role'
    | 'storage'
    | 'uploadMaxBytes'
    | 'uploadActiveWindowSeconds'
    | 'uploadSweepIntervalSeconds'
  >;
  dataDir: string;
  /**
   * PostgreSQL, which several API instances may share: tus locks live in the database, and a
   * connection of their own marks this process alive (null: PGlite, one process, in-memory locks).
   */
  sharedDatabase: { connectionString: string } | null;
  data: DataAccess<UploadsRepositories>;
  storage: ObjectStorage;
  limits: ModelLimits;
  /** A finished upload becomes a model and a conversion job. */
  queue: JobQueue;
  models: ModelsService;
  events: ModelEvents;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
}

/**
 * Resumable uploads (tus) that end as models: the endpoint and the sweep of stale uploads run
 * wherever uploads are received (`all` and `api` roles). Unfinished uploads live in
 * DATA_DIR/uploads (tus's FileStore), or with S3 configured in the bucket (tus's S3 store), where
 * every API instance reaches them; on PostgreSQL their locks are in the database likewise.
 */
export const register: RegisterModule<UploadsDeps, { uploads: UploadsService }> = async (
  app,
  deps,
) => {
  const { settings, data, storage, limits, queue, events, models, now } = deps;
  const log = app.log;
  const hashes = new UploadHashes();
  // The stores call back into the service (defined just below) for the format check.
  const checks: HeadChecks = {
    needsHeadCheck: (id) => uploads.needsHeadCheck(id),
    checkHead: (id, head) => uploads.checkHead(id, head),
  };
  const s3 = settings.storage.s3;
  // tus's S3 store (and the AWS SDK under it) loads only when a bucket is configured.
  const s3Side = s3 ? await loadS3() : null;
  const datastore = s3
    ? new (await import('./s3-store.ts')).CheckedS3Store(
        { ...s3Side!.s3ClientConfig(s3), bucket: s3.bucket },
        s3.prefix ?? '',
        storage,
        { uploads: checks, hashes },
        s3Side!.classifyStoreFailures,
      )
    : new CheckedFileStore(path.join(deps.dataDir, 'uploads'), { uploads: checks, hashes });
  const uploads: UploadsService = new UploadsService({
    data,
    storage,
    limits,
    queue,
    events,
    models,
    settings: { activeWindowSeconds: settings.uploadActiveWindowSeconds },
    files: s3
      ? new S3UploadFiles(datastore, storage)
      : new LocalUploadFiles(path.join(deps.dataDir, 'uploads'), storage),
    hashes,
    now,
    log,
  });
  if (settings.role === 'worker') return { uploads };

  const lockSession = deps.sharedDatabase
    ? new LockSession(deps.sharedDatabase.connectionString, log)
    : null;
  if (lockSession) app.addHook('onClose', () => lockSession.close());
  await app.register(uploadsRoutes, {
    uploads,
    requireAuth: deps.requireAuth,
    datastore,
    locker: deps.sharedDatabase ? new DbLocker(data.repos.uploads, lockSession, log) : null,
    maxBytes: settings.uploadMaxBytes,
  });
  let sweep: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const run = () =>
      void uploads
        .sweep()
        .catch((error: unknown) => log.error({ err: error }, 'upload sweep failed'));
    sweep = setInterval(run, settings.uploadSweepIntervalSeconds * 1000);
    sweep.unref();
    run();
  });
  app.addHook('preClose', async () => {
    if (sweep) clearInterval(sweep);
  });
  return { uploads };
};
