import type { FastifyInstance } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import { requestLogSerializer } from '../modules/auth/index.ts';
import { BatchedLogDestination } from './log-destination.ts';

/** Log lines wait in memory until this many characters are pending... */
const LOG_BATCH_CHARS = 4096;
/** ...or this long (ms), whichever comes first. */
const LOG_FLUSH_MS = 250;

/**
 * The server's logger (LOG_LEVEL), writing JSON lines to stdout. Lines are batched: one write
 * of about 4 KiB, at the latest 250 ms after a line was logged, and whatever is pending is
 * written synchronously when the process exits (`kill -9` loses at most those 250 ms). Under
 * load a write per line cost about as much CPU as the rest of a cached hot read.
 *
 * Requests are logged through the `req` serializer only: it keeps the method, the URL (secrets
 * in its query redacted), host and client address, never a header, so Authorization and Cookie
 * cannot reach a log line (no per-line redaction pass is needed for them).
 */
export function createServerLogger(
  level: string,
  destination: DestinationStream = batchedLogDestination(1),
): Logger {
  return pino({ level, serializers: { req: requestLogSerializer } }, destination);
}

/** The batched destination of the server's log: a file descriptor (1: stdout) or a file path. */
export function batchedLogDestination(dest: number | string): BatchedLogDestination {
  // sonic-boom without a minimum length: it writes each batch as it comes, asynchronously.
  const sink = pino.destination({ dest, sync: false });
  return new BatchedLogDestination(sink, { batchChars: LOG_BATCH_CHARS, flushMs: LOG_FLUSH_MS });
}

/**
 * The access log: one line per answered request, with the request (as the logger's `req`
 * serializer shows it: redacted URL, client address), the status and the time taken. Fastify's
 * own request logging writes two lines per request ("incoming request", "request completed");
 * on hot reads that doubled the logging cost for no added information.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
