import type { IncomingMessage } from 'node:http';
import {
  errorBodySchema,
  MODEL_NAME_MAX_LENGTH,
  resolveLocale,
  UPLOAD_METADATA_KEYS,
  versionMessageSchema,
  UPLOADS_PATH,
} from '@truss/contracts';
import { Metadata, Server, type ServerOptions } from '@tus/server';
import { sendNodeResponse } from 'srvx/node';
import type { DataStore, Locker } from '@tus/utils';
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import { errorBody } from '../../http/error-handler.ts';
import { AppError } from '../../http/errors.ts';
import { faultError } from '../../http/fault-errors.ts';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { UploadNotFoundError } from './errors.ts';
import { uploadRequest } from './request-body.ts';
import type { UploadsService } from './service.ts';

// U+0000 cannot be stored in PostgreSQL text: refused here like in every JSON body.
const nameSchema = z
  .string()
  .trim()
  .min(1)
  .max(MODEL_NAME_MAX_LENGTH)
  .refine((name) => !name.includes('\u0000'));
const metadataSchema = z
  .object({
    /** Optional for a new version (the model's project), else required. */
    projectId: z.uuid({ error: 'validation.invalid' }).optional(),
    filename: nameSchema,
    /** The model's name when not the file's (files picked together, zipped by the browser). */
    modelName: nameSchema.optional(),
    /** A new version of this model (issue 18), with its message. */
    modelId: z.uuid({ error: 'validation.invalid' }).optional(),
    message: versionMessageSchema.refine((text) => !text.includes('\u0000')).optional(),
  })
  .refine((fields) => fields.projectId !== undefined || fields.modelId !== undefined);
const lengthSchema = z.coerce.number().int().nonnegative();

class ValidationFailed extends AppError {
  constructor(detail: string) {
    super('VALIDATION_ERROR', 400, { detail });
  }
}

type SrvxRequest = Parameters<NonNullable<ServerOptions['onUploadFinish']>>[0];

function nodeRequest(req: SrvxRequest): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

/** The header list srvx hands to `writeHead`, relabelled as JSON. */
/**
 * tus's raw header list of an error answer in our JSON shape: its content type, and the error's
 * own headers (Retry-After of a 503 STORAGE_UNAVAILABLE), which tus's error hook cannot set.
 */
function withErrorHeaders(headers: unknown, extra: Record<string, string>): unknown {
  if (!Array.isArray(headers)) return headers;
  const wanted: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(extra).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    'content-type': 'application/json; charset=utf-8',
  };
  const out: unknown[] = [];
  for (let i = 0; i + 1 < headers.length; i += 2) {
    if (!(String(headers[i]).toLowerCase() in wanted)) out.push(headers[i], headers[i + 1]);
  }
  for (const [name, value] of Object.entries(wanted)) out.push(name, value);
  return out;
}

interface UploadRoutesOptions {
  uploads: UploadsService;
  requireAuth: onRequestAsyncHookHandler;
  /** Where tus keeps unfinished uploads (checked: format and hash). */
  datastore: DataStore;
  /** null: tus's in-process MemoryLocker (one API process). */
  locker: Locker | null;
  /** 0: no cap besides the plan. */
  maxBytes: number;
}

/**
 * The tus endpoint at /api/uploads (creation, HEAD/PATCH resumption, DELETE termination), inside
 * Fastify: the bearer guard and our checks run first, then the request is handed to @tus/server.
 */
export const uploadsRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, options) => {
  const { uploads, requireAuth } = options;
  const pendingIds = new WeakMap<IncomingMessage, string>();
  /**
   * Requests whose error answer is our JSON (tus would label it text/plain), with the error's
   * headers.
   */
  const jsonErrors = new WeakMap<IncomingMessage, Record<string, string>>();
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: options.datastore,
    ...(options.locker ? { locker: options.locker } : {}),
    relativeLocation: true,
    // Same origin only, like the rest of the API (tus would answer any origin by default).
    allowedOrigins: () => false,
    ...(options.maxBytes > 0 ? { maxSize: options.maxBytes } : {}),
    exposedHeaders: ['Truss-Model-Id', 'Truss-Version-Id'],
    namingFunction: (req) => {
      const raw = nodeRequest(req);
      const id = raw ? pendingIds.get(raw) : undefined;
      if (!id) throw new Error('upload id missing (the route did not register the upload)');
      return id;
    },
    onUploadFinish: async (_req, upload) => {
      const model = await uploads.finish(upload.id);
      // The version's id is the upload's (a new model's version 1 too).
      return { headers: { 'Truss-Model-Id': model.id, 'Truss-Version-Id': upload.id } };
    },
    onResponseError: (req, error) => {
      // tus's own protocol answers (409 offset mismatch, 412, ...) stay as tus writes them;
      // every other failure (a full disk, an unwritable folder, the database away) leaves in
      // our JSON shape, without the path or message tus would echo.
      const tusStatus = (error as { status_code?: unknown }).status_code;
      const known =
        faultError(error) ??
        (typeof tusStatus === 'number' && tusStatus < 500
          ? null
          : new AppError('INTERNAL_ERROR', 500, { cause: error }));
      if (!known) return undefined;
      const locale = resolveLocale(req.headers.get('accept-language'));
      if (known.statusCode >= 500) app.log.error({ err: error }, 'upload failed');
      const raw = nodeRequest(req);
      if (raw) jsonErrors.set(raw, known.headers);
      return {
        status_code: known.statusCode,
        body: JSON.stringify(errorBody(known.code, known.statusCode, locale)),
      };
    },
  });

  // tus reads the raw request stream itself: leave every body unparsed here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const guard: onRequestAsyncHookHandler = async function (request, reply) {
    if (request.method === 'OPTIONS') return;
    await requireAuth.call(this, request, reply);
  };

  const handOver = async (request: FastifyRequest, reply: FastifyReply): Promise<number> => {
    reply.hijack();
    const res = reply.raw;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      const extra = jsonErrors.get(request.raw);
      if (!extra) return writeHead(...args);
      const last = args.length - 1;
      return writeHead(...args.slice(0, last), withErrorHeaders(args[last], extra));
    }) as typeof res.writeHead;
    // tus.handle(req, res) as tus writes it, but with the body read without copies.
    await sendNodeResponse(res, await tus.handleWeb(uploadRequest(request.raw, res)));
    return reply.raw.statusCode;
  };

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    if (request.headers['upload-defer-length'] !== undefined) {
      throw new ValidationFailed('Upload-Defer-Length is not supported: send Upload-Length');
    }
    const length = lengthSchema.safeParse(request.headers['upload-length']);
    let metadata: Record<string, string | null | undefined>;
    try {
      metadata = Metadata.parse(String(request.headers['upload-metadata'] ?? ''));
    } catch {
      throw new ValidationFailed('Upload-Metadata is malformed');
    }
    const fields = metadataSchema.safeParse({
      projectId: metadata[UPLOAD_METADATA_KEYS.projectId],
      filename: metadata[UPLOAD_METADATA_KEYS.filename],
      modelName: metadata[UPLOAD_METADATA_KEYS.modelName] ?? undefined,
      modelId: metadata[UPLOAD_METADATA_KEYS.modelId] ?? undefined,
      message: metadata[UPLOAD_METADATA_KEYS.message] ?? undefined,
    });
    if (!length.success || !fields.success) {
      throw new ValidationFailed(
        'Upload-Length and metadata filename and projectId (or modelId) are required',
      );
    }
    const id = await uploads.begin(user.userId, { ...fields.data, size: length.data });
    pendingIds.set(request.raw, id);
    const status = await handOver(request, reply);
    if (status >= 300) {
      await uploads.abandon(id).catch((error: unknown) => {
        request.log.error({ err: error, upload: id }, 'could not drop a failed upload');
      });
    }
  };

  const resume = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
  ) => {
    if (request.method === 'OPTIONS') return handOver(request, reply);
    const user = currentUser(request);
    const id = request.params.id;
    if (!z.uuid().safeParse(id).success) throw new UploadNotFoundError();
    const upload = await uploads.authorize(user.userId, id);
    if (request.method === 'POST') throw new UploadNotFoundError('POST on an upload URL');
    if (request.method === 'HEAD' && upload.status === 'uploading') {
      // Complete but not finished (the finishing PATCH failed or the server restarted): a tus
      // client that sees the full offset will not PATCH again, so finish here.
      const received = await uploads.receivedBytes(id);
      const size = Number(upload.size_bytes);
      if (received === size && size > 0) {
        const model = await uploads.finish(id);
        return reply
          .code(200)
          .headers({
            'tus-resumable': '1.0.0',
            'upload-offset': String(size),
            'upload-length': String(size),
            'cache-control': 'no-store',
            'truss-model-id': model.id,
          })
          .send();
      }
    }
    // Cancel: forget the upload first, so it stops counting before the client hears back
    // (tus then stops a running PATCH and removes the bytes; the sweep catches any leftover).
    if (request.method === 'DELETE' && upload.status === 'uploading') await uploads.cancelled(id);
    await handOver(request, reply);
  };

  const schema = {
    tags: ['models'],
    security: bearerSecurity,
    response: { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
  };
  app.route({
    method: ['POST', 'OPTIONS'],
    url: UPLOADS_PATH,
    onRequest: guard,
    schema: {
      ...schema,
      summary:
        'tus creation: Upload-Length + Upload-Metadata (projectId, filename, optional modelName; or modelId, filename, optional message: a new version of that model). 201 + Location; 404 PROJECT_NOT_FOUND, 413 STORAGE_LIMIT_EXCEEDED, 403 MODEL_LIMIT_EXCEEDED, 429 TOO_MANY_UPLOADS',
    },
    handler: (request, reply) =>
      request.method === 'OPTIONS' ? handOver(request, reply) : create(request, reply),
  });
  app.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS', 'POST'],
    url: `${UPLOADS_PATH}/:id`,
    onRequest: guard,
    schema: {
      ...schema,
      summary:
        'tus HEAD (offset), PATCH (bytes; 415 UNSUPPORTED_FORMAT from the first 64 KiB; the last PATCH answers Truss-Model-Id and Truss-Version-Id), DELETE (cancel)',
    },
    handler: resume,
  });
};
