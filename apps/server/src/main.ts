import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createServerLogger } from './http/access-log.ts';
import { migrateToLatest } from './db/migrate.ts';
import { claimDataDir } from './ops/data-dir-lock.ts';
import { IdleCollector } from './lib/idle-gc.ts';

/** A shutdown that takes longer (a stuck connection) ends the process anyway. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/** `npm start`: configuration from the environment, migrations, then HTTP. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  if (config.models.role === 'worker' && !config.databaseUrl) {
    throw new Error(
      'ROLE=worker (--workers-only) needs DATABASE_URL: PGlite cannot be shared between processes',
    );
  }
  const logger = createServerLogger(config.logLevel);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  // `npm run backup` refuses while a server holds the embedded database.
  if (database.engine === 'pglite') claimDataDir(config.dataDir);
  const applied = await migrateToLatest(database.db);
  for (const result of applied) {
    logger.info({ migration: result.migrationName, status: result.status }, 'migration');
  }

  // A full GC once start-up is over and after each conversion: an idle server keeps its heap's
  // slack otherwise (lib/idle-gc.ts).
  const idleGc = new IdleCollector({ log: logger });
  const app = await buildApp({ config, database, logger, idleGc });
  app.addHook('onClose', async () => idleGc.close());
  let closing = false;
  /**
   * SIGTERM/SIGINT: stop accepting connections, end event streams with a retry hint, let
   * requests in flight finish, hand running jobs back to the queue (their lease released, the
   * attempt not counted), close the database; then exit 0.
   */
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  if (config.models.role === 'worker') {
    // Starts the job runner; HTTP only for health and metrics, and only with WORKER_HTTP_PORT.
    const httpPort = config.models.workerHttpPort;
    if (httpPort !== null) await app.listen({ port: httpPort, host: config.host });
    else await app.ready();
    idleGc.request();
    logger.info(
      {
        role: 'worker',
        concurrency: config.models.workerConcurrency,
        http: httpPort === null ? 'off (WORKER_HTTP_PORT)' : `${config.host}:${httpPort}`,
      },
      'Truss workers started',
    );
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  idleGc.request();
  logger.info(
    {
      url: config.publicUrl,
      database: database.engine === 'pglite' ? path.join(config.dataDir, 'db') : 'postgres',
      mail: config.smtpUrl ? 'smtp' : 'dev outbox',
      devOutbox:
        config.devRoutes === 'off'
          ? 'off'
          : `${config.publicUrl}/api/dev/mail (${config.devRoutes === 'on' ? 'anyone' : 'loopback clients only'})`,
      role: config.models.role,
      storage: config.models.storage.s3 ? 's3' : 'local',
      docs: config.operations.apiDocs ? `${config.publicUrl}/api/docs` : 'off (API_DOCS)',
      metrics: `${config.publicUrl}/api/metrics (${config.operations.metricsToken ? 'loopback or METRICS_TOKEN' : 'loopback clients only'})`,
    },
    'Truss server started',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
