import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  errorText,
  resolveLocale,
  validationText,
  type ErrorBody,
  type ErrorCode,
  type Locale,
} from '@truss/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgErrorCode } from '../db/errors.ts';
import { faultError } from './fault-errors.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

export function requestLocale(request: FastifyRequest): Locale {
  return resolveLocale(request.headers['accept-language']);
}

export function errorBody(
  code: ErrorCode,
  statusCode: number,
  locale: Locale,
  fields?: Record<string, string>,
): ErrorBody {
  const first = fields ? Object.values(fields)[0] : undefined;
  const text = first ?? errorText(code, locale);
  return {
    statusCode,
    statusMessage: text,
    message: text,
    code,
    ...(fields ? { fields } : {}),
  };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  statusCode: number,
  fields?: Record<string, string>,
): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, statusCode, requestLocale(request), fields));
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** Zod issues -> `{ "email": "Please enter a valid email address" }` (first issue per field). */
function validationFields(
  issues: ValidationIssue[],
  context: string | undefined,
  locale: Locale,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    const field = path || context || 'body';
    if (field in fields) continue;
    const key = issue.message?.startsWith('validation.') ? issue.message : 'validation.invalid';
    fields[field] = validationText(key, locale);
  }
  return fields;
}

/** Fastify's own client errors, mapped to catalogue codes. */
function fastifyClientError(error: FastifyError): { code: ErrorCode; statusCode: number } {
  const statusCode = error.statusCode ?? 400;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE', statusCode: 413 };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'INVALID_REQUEST_TYPE', statusCode: 415 };
  }
  switch (statusCode) {
    case 401:
      return { code: 'UNAUTHORIZED', statusCode };
    case 403:
      return { code: 'FORBIDDEN', statusCode };
    case 404:
      return { code: 'NOT_FOUND', statusCode };
    case 405:
    case 406:
      return { code: 'INVALID_REQUEST_TYPE', statusCode };
    case 413:
      return { code: 'PAYLOAD_TOO_LARGE', statusCode };
    case 429:
      return { code: 'TOO_MANY_REQUESTS', statusCode };
    default:
      return { code: 'VALIDATION_ERROR', statusCode };
  }
}

/**
 * The one error handler: every failure leaves as `{ statusCode, statusMessage, message, code }`
 * (+ `fields` for validation) in the caller's language. Stack traces and 5xx details stay in the
 * log, keyed by the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);

    const known = faultError(error);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      reply.headers(known.headers);
      return sendError(request, reply, known.code, known.statusCode);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error.validation, error.validationContext, locale);
      return sendError(request, reply, 'VALIDATION_ERROR', 400, fields);
    }

    if (Array.isArray(error.validation)) {
      const fields = validationFields(error.validation, error.validationContext, locale);
      return sendError(request, reply, 'VALIDATION_ERROR', 400, fields);
    }

    const dbCode = pgErrorCode(error);
    if (dbCode === '23505') {
      request.log.warn({ err: error }, 'unmapped unique violation');
      return sendError(request, reply, 'CONFLICT', 409);
    }
    if (dbCode === '22P02' || dbCode === '22001') {
      // invalid text representation (e.g. a malformed uuid) or a value too long
      return sendError(request, reply, 'VALIDATION_ERROR', 400);
    }

    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500 && !dbCode) {
      const mapped = fastifyClientError(error);
      request.log.info({ err: error }, 'client error');
      return sendError(request, reply, mapped.code, mapped.statusCode);
    }

    request.log.error({ err: error }, 'request failed');
    if (statusCode === 503) return sendError(request, reply, 'SERVICE_UNAVAILABLE', 503);
    return sendError(request, reply, 'INTERNAL_ERROR', 500);
  });
}

/**
 * Fastify's `frameworkErrors`: a bad percent-escape or an over-long path parameter fails before
 * routing, where Fastify would answer its own shape echoing the URL. Ours instead, no echo.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ err: error }, 'client error');
  reply.header(REQUEST_ID_HEADER, request.id);
  sendError(request, reply, 'VALIDATION_ERROR', 400);
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a URL or headers over the
 * 16 KiB limit, a malformed request line): answered in our error shape, not Fastify's default
 * `{ error, message, statusCode }`. English: no Accept-Language could be read.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const statusCode = tooLarge ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(
    errorBody(tooLarge ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR', statusCode, 'en'),
  );
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
