import os from 'node:os';
import path from 'node:path';
import { ATTACHMENT_MAX_BYTES } from '@truss/contracts';
import { defaultModelsConfig } from './config-models.ts';
import { parseDevRoutes, type Config } from './config.ts';
import { DEFAULT_READ_CACHE_SECONDS } from './config-operations.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createHttpApp } from './http/http-app.ts';
import { registerSpa } from './http/spa.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import * as accountModule from './modules/account/index.ts';
import * as cacheModule from './modules/cache/index.ts';
import * as authModule from './modules/auth/index.ts';
import * as devModule from './modules/dev/index.ts';
import * as diffModule from './modules/diff/index.ts';
import * as elementsModule from './modules/elements/index.ts';
import * as eventsModule from './modules/events/index.ts';
import * as healthModule from './modules/health/index.ts';
import * as jobsModule from './modules/jobs/index.ts';
import type { AnyJobHandler, JobRunner, WorkerPool } from './modules/jobs/index.ts';
import * as membersModule from './modules/members/index.ts';
import * as metricsModule from './modules/metrics/index.ts';
import * as modelsModule from './modules/models/index.ts';
import type { ConvertFn, ModelsService } from './modules/models/index.ts';
import * as oauthModule from './modules/oauth/index.ts';
import * as paymentsModule from './modules/payments/index.ts';
import * as projectsModule from './modules/projects/index.ts';
import * as quotasModule from './modules/quotas/index.ts';
import * as savedViewsModule from './modules/saved-views/index.ts';
import * as sharesModule from './modules/shares/index.ts';
import * as storageModule from './modules/storage/index.ts';
import type { ObjectStorage } from './modules/storage/index.ts';
import * as salesModule from './modules/sales/index.ts';
import * as subscriptionsModule from './modules/subscriptions/index.ts';
import * as topicsModule from './modules/topics/index.ts';
import * as uploadsModule from './modules/uploads/index.ts';
import type { UploadsService } from './modules/uploads/index.ts';
import * as usersModule from './modules/users/index.ts';
import { createAppDataAccess } from './app-data.ts';
import { SERVER_VERSION } from './lib/version.ts';

export type AppConfig = Pick<
  Config,
  | 'publicUrl'
  | 'jwtSecret'
  | 'tokenHmacSecret'
  | 'isProduction'
  | 'webDistDir'
  | 'smtpUrl'
  | 'mailFrom'
> &
  Partial<
    Pick<
      Config,
      | 'dataDir'
      | 'models'
      | 'oauth'
      | 'trustProxy'
      | 'payments'
      | 'devRoutes'
      | 'embedFrameAncestors'
      | 'quotas'
      | 'operations'
    >
  >;

export interface AppDeps {
  config: AppConfig;
  /** An open, migrated database. The app closes it when it closes. */
  database: DatabaseHandle;
  /** pino logger (main builds one from LOG_LEVEL); default: silent. */
  logger?: FastifyBaseLogger;
  /** Current time for every service (tests move it); default: the system clock. */
  now?: Clock;
  /** Replaces the mailer chosen from config (SMTP_URL or dev outbox). */
  mailer?: Mailer;
  /** Test seams of the models module (converter, extra job handlers). */
  models?: { convert?: ConvertFn; extraHandlers?: AnyJobHandler[] };
  /** Asked for a full GC once each job attempt (a conversion and its index) ends (main's). */
  idleGc?: { request(): void };
}

/** The models side's services, where tests and the worker role reach them (`app.models`). */
interface ModelsSide {
  models: ModelsService;
  uploads: UploadsService;
  storage: ObjectStorage;
  /** null in the `api` role. */
  runner: JobRunner | null;
  pool: WorkerPool | null;
}

/** The payments side's periodic passes, where tests reach them (`app.payments`). */
interface PaymentsSide {
  reminders: paymentsModule.SubscriptionReminders;
}

declare module 'fastify' {
  interface FastifyInstance {
    models: ModelsSide;
    payments: PaymentsSide;
    /** The hot reads' cache (tests read its state and counters). */
    readCache: cacheModule.ReadCache;
  }
}

/**
 * Builds the HTTP application: every dependency is created here once and handed to the services
 * and route plugins. Routes can still be added before `listen`/`ready`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? systemClock;

  const app = await createHttpApp({
    publicUrl: config.publicUrl,
    webDistDir: config.webDistDir,
    trustProxy: config.trustProxy,
    embedFrameAncestors: config.embedFrameAncestors,
    role: config.models?.role,
    apiDocs: config.operations?.apiDocs,
    logger: deps.logger,
  });

  // --- modules, in dependency order: each gets what it needs, wired once here ---------------
  const data = createAppDataAccess(database.db, database.writes);
  // First, so its hooks time every route registered after it.
  const { metrics } = await metricsModule.register(app, {
    queueStats: async () => {
      const current = now();
      const stats = await data.repos.jobs.queueStats(current);
      const waited = stats.oldestDue ? (current.getTime() - stats.oldestDue.getTime()) / 1000 : 0;
      return { queued: stats.queued, running: stats.running, oldestQueuedSeconds: waited };
    },
    token: config.operations?.metricsToken ?? null,
  });
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outbox: (mail) => data.repos.devMail.insert(mail),
    });
  const { publicUrl, tokenHmacSecret } = config;
  // The dev routes' reach (outbox, sandbox Pay buttons). Unset (test servers): as DEV_ROUTES
  // unset, local clients only if PUBLIC_URL is this machine, otherwise off.
  const devRoutes = config.isProduction
    ? 'off'
    : (config.devRoutes ?? parseDevRoutes(undefined, false, config.publicUrl));
  // Without `dataDir`/`models`: a temporary folder and the `api` role (no workers).
  const dataDir = config.dataDir ?? path.join(os.tmpdir(), `truss-data-${process.pid}`);
  const settings = config.models ?? { ...defaultModelsConfig(dataDir), role: 'api' as const };

  const { storage } = await storageModule.register(app, { config: settings.storage });
  await healthModule.register(app, {
    data,
    engine: database.engine,
    version: SERVER_VERSION,
    probeDir: settings.storage.s3 ? null : dataDir,
    storage,
  });
  // Without `quotas` (test servers): every cap off.
  const { quotas } = await quotasModule.register(app, { data, now, limits: config.quotas ?? null });
  // The bus first: the read cache hears writes' invalidations through its LISTEN connection.
  const events = eventsModule.createEventBus({
    database,
    data,
    projectMembers: membersModule.acceptedMemberIds,
    now,
    log: app.log,
  });
  await events.start();
  const { cache } = await cacheModule.register(app, {
    data,
    writes: database.writes ?? { seq: 0 },
    channel: events,
    now,
    // A handle that does not count its writes cannot promise read-your-writes: no cache.
    seconds: database.writes
      ? (config.operations?.readCacheSeconds ?? DEFAULT_READ_CACHE_SECONDS)
      : 0,
  });
  const { auth, sessions, passwords, codes, requireAuth } = await authModule.register(app, {
    cache,
    data,
    quotas,
    mailer,
    now,
    publicUrl,
    jwtSecret: config.jwtSecret,
    tokenHmacSecret,
  });
  const { streams } = await eventsModule.register(app, { events, requireAuth, now });
  // Plans and payments come before the modules whose additions their limits refuse.
  const { subscriptions } = await subscriptionsModule.register(app, {
    data,
    requireAuth,
    cache,
    // The paid plan is read from the payments module's periods (computed on read, no job).
    paidPlan: (userId) => paymentsModule.currentPaidPlan(data.repos, userId, now()),
  });
  const { reminders } = await paymentsModule.register(app, {
    config: { ...config, dataDir, devRoutes },
    data,
    mailer,
    subscriptions,
    requireAuth,
    now,
  });
  app.decorate('payments', { reminders });
  await salesModule.register(app, {
    data,
    mailer,
    requireAuth,
    now,
    publicUrl,
    salesEmail: config.payments?.salesEmail ?? null,
  });
  const { notifications } = await usersModule.register(app, {
    data,
    storage,
    requireAuth,
    now,
    cache,
  });
  const { deletionListeners } = await projectsModule.register(app, {
    data,
    events,
    requireAuth,
    now,
    limits: subscriptions,
    projectAudience: membersModule.projectAudience,
    tiers: subscriptions,
    cache,
  });
  await membersModule.register(app, {
    data,
    events,
    mailer,
    notifications,
    requireAuth,
    now,
    publicUrl,
    tokenHmacSecret,
    limits: subscriptions,
    quotas,
  });
  if (devRoutes !== 'off') {
    await devModule.register(app, { data, loopbackOnly: devRoutes !== 'on' });
  }
  const { models, sheets, limits, convertHandler, pool, viewableListeners } =
    await modelsModule.register(app, {
      config: { tokenHmacSecret, publicUrl },
      settings,
      dataDir,
      data,
      events,
      storage,
      mailer,
      notifications,
      subscriptions,
      uploadReservations: uploadsModule.uploadReservations,
      requireAuth,
      now,
      convert: deps.models?.convert,
      cache,
    });
  deletionListeners.push(models);
  const { indexer } = await elementsModule.register(app, {
    data,
    storage,
    requireAuth,
    now,
    routes: settings.role !== 'worker',
    oneConnection: database.engine === 'pglite',
  });
  viewableListeners.push({
    viewableStored: (version, hash, json) => indexer.indexConverted(version, hash, json),
  });
  if (settings.role !== 'worker') await diffModule.register(app, { data, storage, requireAuth });
  const { queue, runner } = await jobsModule.register(app, {
    data,
    settings,
    handlers: convertHandler ? [convertHandler, ...(deps.models?.extraHandlers ?? [])] : null,
    pools: pool ? [pool] : [],
    wakeups: events,
    now,
    onAttemptEnd: (type, outcome, seconds) => {
      metrics.observeAttempt(type, outcome, seconds);
      deps.idleGc?.request();
    },
  });
  const { uploads } = await uploadsModule.register(app, {
    settings,
    dataDir,
    sharedDatabase:
      database.engine === 'postgres' && database.connectionString
        ? { connectionString: database.connectionString }
        : null,
    data,
    storage,
    limits,
    queue,
    models,
    events,
    requireAuth,
    now,
  });
  app.decorate('models', { models, uploads, storage, runner, pool });
  app.decorate('readCache', cache);
  const { oauth } = await oauthModule.register(app, {
    data,
    auth,
    sessions,
    oauth: config.oauth ?? { google: null, wechat: null },
    publicUrl,
    tokenHmacSecret,
    now,
  });
  await accountModule.register(app, {
    data,
    passwords,
    codes,
    mailer,
    publicUrl,
    events,
    oauth,
    deletionListeners,
    storage,
    requireAuth,
    now,
  });
  const shares = await sharesModule.register(app, {
    data,
    models,
    sheets,
    mailer,
    notifications,
    requireAuth,
    now,
    publicUrl,
    tokenHmacSecret,
  });
  const { attachmentsDeletion } = await topicsModule.register(app, {
    data,
    events,
    streams,
    requireAuth,
    shareGate: shares.visitorGate,
    storage,
    // Attachments follow the plan of the project's owner, and count in its storage as models do.
    attachmentPlans: {
      of: async (ownerId) => {
        const [subscription, allowance] = await Promise.all([
          subscriptions.getUserSubscription(ownerId),
          limits.allowance(ownerId),
        ]);
        return {
          maxFileBytes: ATTACHMENT_MAX_BYTES[subscription.plan.id],
          assertRoom: (repos, projectId, bytes) =>
            limits.assertRoom(repos, allowance, projectId, bytes, 0),
        };
      },
    },
    mailer,
    notifications,
    publicUrl,
    now,
  });
  deletionListeners.push(attachmentsDeletion);
  await savedViewsModule.register(app, {
    data,
    requireAuth,
    shareGate: shares.visitorGate,
    now,
  });
  await registerSpa(app, config.webDistDir, { head: shares.openGraph });

  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });
  app.log.info({ mail: mailer.kind, database: database.engine }, 'app ready to listen');
  return app;
}
