import { uncached, type CachedReads } from '../cache/index.ts';
import path from 'node:path';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ModelsConfig } from '../../config-models.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ModelsRepositories } from './repositories.ts';
import { WorkerPool } from '../jobs/index.ts';
import type { RegisterModule } from '../module.ts';
import type { ObjectStorage } from '../storage/index.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';
import type { NotificationPolicy } from '../users/index.ts';
import { ConvertModelHandler, type ConvertFn, type ViewableListener } from './convert-job.ts';
import { converterWorkerScript, poolConverter } from './converter-pool.ts';
import type { ModelEvents } from './events.ts';
import { FileUrlSigner } from './file-urls.ts';
import { ModelLimits, type UploadReservations } from './limits.ts';
import { ModelProcessedNotifier } from './notifier.ts';
import { modelsRoutes } from './routes.ts';
import { chunkRoutes } from './chunk-routes.ts';
import { ModelsService } from './service.ts';
import { sheetsRoutes } from './sheets-routes.ts';
import { ModelSheetsService } from './sheets-service.ts';
import { versionsRoutes } from './versions-routes.ts';
import { ModelVersionsService } from './versions-service.ts';

export type { ConversionOutcome, ConvertFn, ViewableListener } from './convert-job.ts';
export { ModelNotFoundError, VersionNotFoundError } from './errors.ts';
export { statusEvent, type ModelEvents } from './events.ts';
export { contentDisposition } from './http-files.ts';
export { ModelLimits, type UploadReservations } from './limits.ts';
export {
  createModelVersion,
  createUploadedModel,
  findModel,
  findModelVersion,
  listProjectModels,
} from './model-rows.ts';
export { sendFile, uncompressedFile } from './routes.ts';
export { chunkNameSchema, chunkNumber } from './chunk-routes.ts';
export { ModelsService } from './service.ts';
export { ModelSheetsService } from './sheets-service.ts';
export { modelKeys, type StoredFile } from './stored-files.ts';
export { ModelVersionsService } from './versions-service.ts';
export { createModelsRepositories, type ModelsRepositories } from './repositories.ts';

export interface ModelsDeps {
  config: { tokenHmacSecret: string; publicUrl: string };
  /** Roles, limits and worker settings (config-models.ts). */
  settings: ModelsConfig;
  dataDir: string;
  data: DataAccess<ModelsRepositories>;
  events: ModelEvents;
  storage: ObjectStorage;
  /** The app's one mailer and notification policy: workers mail uploaders when models finish. */
  mailer: Mailer;
  notifications: NotificationPolicy;
  subscriptions: SubscriptionsService;
  /** The uploads module's `uploadReservations` (its unfinished uploads count against the limits). */
  uploadReservations: UploadReservations;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
  /** Replaces the worker-thread converter (tests). */
  convert?: ConvertFn;
  /** The hot reads' cache: a project's model list is kept per viewer. */
  cache?: CachedReads;
}

export interface ModelsModule {
  models: ModelsService;
  versions: ModelVersionsService;
  /** The sheets of drawings (PDF, DXF, DWG). */
  sheets: ModelSheetsService;
  /** Plan allowances (uploads check them too). */
  limits: ModelLimits;
  /** The conversion job's handler; null in the `api` role (no workers in this process). */
  convertHandler: ConvertModelHandler | null;
  /** The converter's worker threads; null without workers or with a test converter. */
  pool: WorkerPool | null;
  /** Later modules add themselves: told of every viewable a conversion stores. */
  viewableListeners: ViewableListener[];
}

/**
 * Models: their routes in the `all` and `api` roles, the conversion handler and its worker
 * threads in `all` and `worker` (the jobs module runs them). Everything starts when the app is
 * ready and stops before it closes.
 */
export const register: RegisterModule<ModelsDeps, ModelsModule> = async (app, deps) => {
  const { config, settings, dataDir, data, events, storage, now } = deps;
  const log = app.log;
  const signer = new FileUrlSigner(config.tokenHmacSecret);
  const limits = new ModelLimits(deps.subscriptions, deps.uploadReservations);
  const withWorkers = settings.role !== 'api';
  const models = new ModelsService({
    data,
    storage,
    events,
    signer,
    limits,
    now,
    log,
    cache: deps.cache ?? uncached,
  });
  const versions = new ModelVersionsService({ data, storage, events, signer, models, now, log });
  const sheets = new ModelSheetsService({ models, storage, signer, now });

  const viewableListeners: ViewableListener[] = [];
  let pool: WorkerPool | null = null;
  let convertHandler: ConvertModelHandler | null = null;
  if (withWorkers) {
    let convert = deps.convert;
    if (!convert) {
      pool = new WorkerPool({
        script: converterWorkerScript(),
        resourceLimits: settings.workerResourceLimits,
        // No thread waits at rest (about 20 MiB each): the built worker boots in a fraction of
        // a second, little next to a conversion, and every task gets a fresh thread anyway.
        warm: 0,
        log,
      });
      convert = poolConverter(pool);
    }
    const notifier = new ModelProcessedNotifier({
      data,
      mailer: deps.mailer,
      notifications: deps.notifications,
      publicUrl: config.publicUrl,
      log,
    });
    convertHandler = new ConvertModelHandler({
      data,
      storage,
      events,
      convert,
      notifier,
      viewableListeners,
      tempDir: path.join(dataDir, 'tmp'),
      now,
      log,
    });
  }

  if (settings.role !== 'worker') {
    await app.register(modelsRoutes, { models, signer, requireAuth: deps.requireAuth, now });
    await app.register(chunkRoutes, { models, signer, requireAuth: deps.requireAuth, now });
    await app.register(sheetsRoutes, { sheets, signer, requireAuth: deps.requireAuth, now });
    await app.register(versionsRoutes, {
      versions,
      models,
      signer,
      requireAuth: deps.requireAuth,
      now,
    });
  }
  app.addHook('onReady', async () => {
    log.info(
      {
        role: settings.role,
        storage: storage.kind,
        workers: withWorkers ? settings.workerConcurrency : 0,
      },
      'models ready',
    );
  });
  return { models, versions, sheets, limits, convertHandler, pool, viewableListeners };
};
