import { Readable } from 'node:stream';
import { validationText } from '@truss/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLocale, sendError } from './error-handler.ts';

const MAX_DEPTH = 32;

/** Dotted path of the first string holding U+0000 in a parsed body/query/params, or null. */
export function findNulString(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null;
  // A raw body (BCF, avatar) is bytes, not text: walking a Buffer's entries listed every byte
  // (a 7 MB BCF file took 19 s and hundreds of MB before its handler ran).
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  // A streamed body (an attachment's file) is bytes still to come: walking the stream's object
  // graph (socket, server, app) to depth 32 never ends in practice.
  if (value instanceof Readable) return null;
  for (const [key, child] of Object.entries(value)) {
    const where = at ? `${at}.${key}` : key;
    if (key.includes('\u0000')) return where;
    const found = findNulString(child, where, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text (it raised a 500): every JSON body, query string and
 * path parameter holding one is refused as 400 VALIDATION_ERROR before any handler runs.
 */
export function registerNulGuard(app: FastifyInstance): void {
  // Callback style, not async: an async hook costs a promise per request, and this never waits.
  app.addHook('preValidation', (request, reply, done) => {
    for (const [context, part] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const where = findNulString(part);
      if (where === null) continue;
      const field = where || context;
      const text = validationText('validation.invalid', requestLocale(request));
      // Answered here: `done` is not called, so no handler runs.
      sendError(request, reply, 'VALIDATION_ERROR', 400, { [field]: text });
      return;
    }
    done();
  });
}
