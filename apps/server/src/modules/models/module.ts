import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { defaultModelsConfig, type ModelsConfig } from '../../config-models.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import { JobQueue } from '../jobs/queue.ts';
import { JobRunner, type AnyJobHandler, type JobWakeups } from '../jobs/runner.ts';
import { WorkerPool } from '../jobs/worker-pool.ts';
import { createStorage, type ObjectStorage } from '../storage/index.ts';
import type { SubscriptionsService } from '../subscriptions/service.ts';
import type { NotificationPolicy } from '../users/notification-policy.ts';
import { uploadsRoutes } from '../uploads/routes.ts';
import { UploadsService } from '../uploads/service.ts';
import { ConvertModelHandler, type ConvertFn } from './convert-job.ts';
import { converterWorkerScript, poolConverter } from './converter-pool.ts';
import type { ModelEvents } from './events.ts';
import { FileUrlSigner } from './file-urls.ts';
import { ModelLimits } from './limits.ts';
import { ModelProcessedNotifier } from './notifier.ts';
import { modelsRoutes } from './routes.ts';
import { ModelsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The models module's services (tests and the worker role reach them here). */
    models: ModelsModule;
  }
}

export interface ModelsModuleDeps {
  /** Without `dataDir`/`models`: a temporary folder and the `api` role (no workers). */
  config: {
    dataDir?: string;
    tokenHmacSecret: string;
    publicUrl: string;
    models?: ModelsConfig;
  };
  data: DataAccess;
  /** The event bus: model events out, job wake-ups from other processes in. */
  events: ModelEvents & JobWakeups;
  /** The app's one mailer and notification policy: workers mail uploaders when models finish. */
  mailer: Mailer;
  notifications: NotificationPolicy;
  subscriptions: SubscriptionsService;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
  /** Replaces the worker-thread converter (tests). */
  convert?: ConvertFn;
  /** Extra job handlers (tests). */
  extraHandlers?: AnyJobHandler[];
}

export interface ModelsModule {
  models: ModelsService;
  uploads: UploadsService;
  storage: ObjectStorage;
  /** null in the `api` role. */
  runner: JobRunner | null;
  pool: WorkerPool | null;
}

/**
 * Models, uploads, storage, the job queue and the conversion workers, wired once: routes in the
 * `all` and `api` roles, workers (pool + runner) in `all` and `worker`, the upload sweep wherever
 * uploads are received. Everything starts when the app is ready and stops before it closes.
 */
export async function registerModels(
  app: FastifyInstance,
  deps: ModelsModuleDeps,
): Promise<ModelsModule> {
  const { config, data, events, now } = deps;
  const dataDir = config.dataDir ?? path.join(os.tmpdir(), `truss-data-${process.pid}`);
  const settings = config.models ?? { ...defaultModelsConfig(dataDir), role: 'api' as const };
  const log = app.log;
  const storage = createStorage(settings.storage);
  const signer = new FileUrlSigner(config.tokenHmacSecret);
  const limits = new ModelLimits(deps.subscriptions);
  const withWorkers = settings.role !== 'api';
  const withApi = settings.role !== 'worker';

  let runner: JobRunner | null = null;
  const queue = new JobQueue({ maxAttempts: settings.jobMaxAttempts, now }, () => runner?.poke());
  const models = new ModelsService({ data, storage, events, signer, limits, now, log });
  const uploadDir = path.join(dataDir, 'uploads');
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

  let pool: WorkerPool | null = null;
  if (withWorkers) {
    let convert = deps.convert;
    if (!convert) {
      pool = new WorkerPool({
        script: converterWorkerScript(),
        resourceLimits: settings.workerResourceLimits,
        warm: settings.workerConcurrency,
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
    const handler = new ConvertModelHandler({
      data,
      storage,
      events,
      convert,
      notifier,
      tempDir: path.join(dataDir, 'tmp'),
      now,
      log,
    });
    runner = new JobRunner({
      data,
      handlers: [handler, ...(deps.extraHandlers ?? [])],
      settings: {
        concurrency: settings.workerConcurrency,
        pollIntervalMs: settings.jobPollIntervalMs,
        leaseSeconds: settings.jobLeaseSeconds,
        timeoutSeconds: settings.jobTimeoutSeconds,
        retryBaseSeconds: settings.jobRetryBaseSeconds,
        retryMaxSeconds: settings.jobRetryMaxSeconds,
      },
      now,
      log,
      wakeups: events,
    });
  }

  if (withApi) {
    await app.register(modelsRoutes, { models, signer, requireAuth: deps.requireAuth, now });
    await app.register(uploadsRoutes, {
      uploads,
      requireAuth: deps.requireAuth,
      uploadDir,
      maxBytes: settings.uploadMaxBytes,
    });
  }

  let sweep: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    pool?.start();
    runner?.start();
    if (withApi) {
      const run = () =>
        void uploads
          .sweep()
          .catch((error: unknown) => log.error({ err: error }, 'upload sweep failed'));
      sweep = setInterval(run, settings.uploadSweepIntervalSeconds * 1000);
      sweep.unref();
      run();
    }
    log.info(
      {
        role: settings.role,
        storage: storage.kind,
        workers: withWorkers ? settings.workerConcurrency : 0,
      },
      'models ready',
    );
  });
  app.addHook('preClose', async () => {
    if (sweep) clearInterval(sweep);
    await runner?.stop();
    await pool?.close();
  });
  const module = { models, uploads, storage, runner, pool };
  app.decorate('models', module);
  return module;
}
