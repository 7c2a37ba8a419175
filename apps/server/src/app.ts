import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRequestIdEcho, requestIdFrom } from './http/request-id.ts';
import { registerSpa } from './http/spa.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createAuthGuard } from './modules/auth/guard.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { createAuthServices } from './modules/auth/module.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { DevService } from './modules/dev/service.ts';
import { createEventBus, EventStreams } from './modules/events/index.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerModels, type ModelsModuleDeps } from './modules/models/module.ts';
import { registerShares } from './modules/shares/module.ts';
import { invitationRoutes } from './modules/members/invitation-routes.ts';
import { InvitationTokens } from './modules/members/invitation-tokens.ts';
import { InvitationsService } from './modules/members/invitations-service.ts';
import { InviteeService } from './modules/members/invitee-service.ts';
import { membersRoutes } from './modules/members/routes.ts';
import { MembersService } from './modules/members/service.ts';
import { HealthService } from './modules/health/service.ts';
import { projectsRoutes } from './modules/projects/routes.ts';
import { ProjectsService, type ProjectDeletionListener } from './modules/projects/service.ts';
import { subscriptionsRoutes } from './modules/subscriptions/routes.ts';
import { SubscriptionsService } from './modules/subscriptions/service.ts';
import { registerAccounts } from './modules/account/module.ts';
import { currentPaidPlan, registerPayments } from './modules/payments/index.ts';
import { NotificationPolicy } from './modules/users/notification-policy.ts';
import { createDataAccess } from './repositories.ts';
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
  Partial<Pick<Config, 'dataDir' | 'models' | 'oauth' | 'trustProxy' | 'payments'>>;

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
  models?: Pick<ModelsModuleDeps, 'convert' | 'extraHandlers'>;
}

/**
 * Builds the HTTP application: every dependency is created here once and handed to the services
 * and route plugins. Routes can still be added before `listen`/`ready`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? systemClock;

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: requestIdFrom,
    requestIdHeader: false,
    return503OnClosing: true,
    // Behind a reverse proxy, request.ip (the share code limits' key) comes from X-Forwarded-For.
    trustProxy: config.trustProxy ?? false,
    // Long path parameters reach the zod schemas (400 in our error shape), not Fastify's bare 414.
    routerOptions: { maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerRequestIdEcho(app);
  registerErrorHandler(app);
  await registerOpenApi(app, SERVER_VERSION);

  // --- wiring ---------------------------------------------------------------------------------
  const data = createDataAccess(database.db);
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outbox: (mail) => data.repos.devMail.insert(mail),
    });
  const passwords = new PasswordHasher();
  await passwords.warmUp();
  const tokens = new TokenService({
    jwtSecret: config.jwtSecret,
    hmacSecret: config.tokenHmacSecret,
    now,
  });
  const { auth, codeSignIn, passwordReset, sessions } = createAuthServices({
    data,
    passwords,
    tokens,
    mailer,
    now,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const requireAuth = createAuthGuard(auth);
  // Asked before every mail that is not about security (users' notification settings).
  const notifications = new NotificationPolicy(data);
  // Realtime fan-out (LISTEN/NOTIFY on PostgreSQL): services publish through `events`.
  const events = createEventBus({ database, data, now, log: app.log });
  await events.start();
  const eventStreams = new EventStreams(events);
  // Modules that own project data (models, storage) push their clean-up here.
  const projectDeletionListeners: ProjectDeletionListener[] = [];
  const projects = new ProjectsService({
    data,
    events,
    now,
    log: app.log,
    deletionListeners: projectDeletionListeners,
  });
  const invitationTokens = new InvitationTokens(config.tokenHmacSecret);
  const members = new MembersService({
    data,
    events,
    mailer,
    notifications,
    now,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const invitations = new InvitationsService({
    data,
    events,
    mailer,
    tokens: invitationTokens,
    now,
    publicUrl: config.publicUrl,
    log: app.log,
    notifications,
  });
  const invitee = new InviteeService({ data, events, tokens: invitationTokens, now });
  const subscriptions = new SubscriptionsService(data, (userId) =>
    currentPaidPlan(data.repos, userId, now()),
  );
  const health = new HealthService(data, database.engine, SERVER_VERSION);

  // --- routes ---------------------------------------------------------------------------------
  await app.register(healthRoutes, { health });
  await app.register(authRoutes, { auth, codeSignIn, passwordReset, requireAuth });
  await app.register(projectsRoutes, { projects, requireAuth });
  await app.register(membersRoutes, { members, invitations, requireAuth });
  await app.register(invitationRoutes, { invitee, requireAuth });
  await app.register(eventsRoutes, { streams: eventStreams, requireAuth, now });
  await app.register(subscriptionsRoutes, { subscriptions, requireAuth });
  await registerPayments(app, { config, data, subscriptions, requireAuth, now });
  if (!config.isProduction) {
    await app.register(devRoutes, { dev: new DevService(data) });
  }
  const modelsModule = await registerModels(app, {
    config,
    data,
    events,
    mailer,
    notifications,
    subscriptions,
    requireAuth,
    now,
    ...deps.models,
  });
  projectDeletionListeners.push(modelsModule.models);
  await registerAccounts(app, {
    data,
    auth,
    sessions,
    passwords,
    events,
    requireAuth,
    storage: modelsModule.storage,
    deletionListeners: projectDeletionListeners,
    oauth: config.oauth ?? { google: null, wechat: null },
    publicUrl: config.publicUrl,
    tokenHmacSecret: config.tokenHmacSecret,
    now,
    log: app.log,
  });
  const sharesModule = await registerShares(app, {
    db: database.db,
    models: modelsModule.models,
    mailer,
    notifications,
    requireAuth,
    now,
    publicUrl: config.publicUrl,
    tokenHmacSecret: config.tokenHmacSecret,
  });
  await registerSpa(app, config.webDistDir, { head: sharesModule.openGraph });

  app.addHook('preClose', async () => eventStreams.closeAll());
  app.addHook('onClose', async () => {
    await events.close();
    mailer.close();
    await database.close();
  });
  app.log.info({ mail: mailer.kind, database: database.engine }, 'app ready to listen');
  return app;
}
