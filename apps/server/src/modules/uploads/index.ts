import path from 'node:path';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ModelsConfig } from '../../config-models.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ModelEvents, ModelLimits, ModelsService } from '../models/index.ts';
import type { RegisterModule } from '../module.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { uploadsRoutes } from './routes.ts';
import { UploadsService } from './service.ts';

export { UploadsService } from './service.ts';

export interface UploadsDeps {
  settings: Pick<
    ModelsConfig,
    'role' | 'uploadMaxBytes' | 'uploadActiveWindowSeconds' | 'uploadSweepIntervalSeconds'
  >;
  dataDir: string;
  data: DataAccess;
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
 * wherever uploads are received (`all` and `api` roles).
 */
export const register: RegisterModule<UploadsDeps, { uploads: UploadsService }> = async (
  app,
  deps,
) => {
  const { settings, data, storage, limits, queue, events, models, now } = deps;
  const log = app.log;
  const uploadDir = path.join(deps.dataDir, 'uploads');
  const uploads = new UploadsService({
    data,
    storage,
    limits,
    queue,
    events,
    models,
    settings: { uploadDir, activeWindowSeconds: settings.uploadActiveWindowSeconds },
    now,
    log,
  });
  if (settings.role === 'worker') return { uploads };

  await app.register(uploadsRoutes, {
    uploads,
    requireAuth: deps.requireAuth,
    uploadDir,
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
