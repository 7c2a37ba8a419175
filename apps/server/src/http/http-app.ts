import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ProcessRole } from '../config-models.ts';
import type { TrustProxy } from '../config.ts';
import { SERVER_VERSION } from '../lib/version.ts';
import { registerAccessLog } from './access-log.ts';
import { registerCompression } from './compression.ts';
import {
  errorBody,
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './error-handler.ts';
import { registerNulGuard } from './nul-guard.ts';
import { registerOpenApi } from './openapi.ts';
import { registerRequestIdEcho, requestIdFrom } from './request-id.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { serializerCompiler } from './serializer.ts';

/** What the HTTP layer needs of the configuration. */
interface HttpAppOptions {
  publicUrl: string;
  webDistDir: string;
  trustProxy?: TrustProxy | undefined;
  embedFrameAncestors?: string[] | undefined;
  /** ROLE=worker answers only its health and metrics. */
  role?: ProcessRole | undefined;
  /** API_DOCS (default on). */
  apiDocs?: boolean | undefined;
  /** pino logger; none: silent, and no access log. */
  logger?: FastifyBaseLogger | undefined;
}

/** What a ROLE=worker process answers over HTTP (WORKER_HTTP_PORT). */
const WORKER_HTTP_PATHS = new Set(['/api/health/live', '/api/health/ready', '/api/metrics']);

/**
 * The Fastify instance with everything every route shares, before any module: request ids, the
 * access log, the error shape, the NUL guard, security headers, compression and the OpenAPI
 * page. app.ts registers the modules on it.
 */
export async function createHttpApp(options: HttpAppOptions) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // One access-log line per request (below) in place of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFrom,
    requestIdHeader: false,
    return503OnClosing: true,
    // Behind a reverse proxy, request.ip (the share code limits' key) comes from X-Forwarded-For.
    trustProxy: options.trustProxy ?? false,
    // Long path parameters reach the zod schemas (400 in our error shape), not Fastify's bare 414.
    routerOptions: { maxParamLength: 1000 },
    // Longer ones and bad URL escapes fail before routing: answered in our shape too.
    frameworkErrors: frameworkErrorHandler,
    // Before that, Node's parser refuses what it cannot read (a URL over 16 KiB): our shape too.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerRequestIdEcho(app);
  if (options.logger) registerAccessLog(app);
  registerErrorHandler(app);
  // ROLE=worker serves only its health and metrics (WORKER_HTTP_PORT), nothing of the API.
  if (options.role === 'worker') {
    app.addHook('onRequest', async (request, reply) => {
      const url = request.url.split('?')[0];
      if (!WORKER_HTTP_PATHS.has(url ?? '')) {
        await reply.code(404).send(errorBody('ROUTE_NOT_FOUND', 404, 'en'));
      }
    });
  }
  registerNulGuard(app);
  await registerSecurityHeaders(app, {
    publicUrl: options.publicUrl,
    embedFrameAncestors: options.embedFrameAncestors ?? ['*'],
    webDistDir: options.webDistDir,
  });
  await registerCompression(app);
  // API_DOCS: on by default, off in production unless asked for.
  if (options.apiDocs ?? true) {
    await registerOpenApi(app, SERVER_VERSION, { https: options.publicUrl.startsWith('https:') });
  }

  return app;
}
