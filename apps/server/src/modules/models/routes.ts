import {
  errorBodySchema,
  modelFileQuerySchema,
  modelIdParamsSchema,
  modelListQuerySchema,
  modelListSchema,
  modelSchema,
  moveModelBodySchema,
  okSchema,
  projectIdParamsSchema,
  projectStorageSchema,
  renameModelBodySchema,
} from '@truss/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../http/errors.ts';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { FileUrlSigner, ModelFileName } from './file-urls.ts';
import { signedInRoute } from './route-options.ts';
import {
  bodyInEncoding,
  contentDisposition,
  etagMatches,
  negotiateEncoding,
  parseRange,
  type ContentEncoding,
  type FileBody,
} from './http-files.ts';
import type { FileAccess, ModelsService } from './service.ts';
import type { StoredFile } from './stored-files.ts';

const IMMUTABLE = 'private, max-age=31536000, immutable';
const REVALIDATE = 'private, no-cache';
const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const fileResponse = { 200: z.any(), 206: z.any(), 304: z.any(), 416: z.any(), ...errors };

/**
 * Streams a stored file with ETag, conditional GET, Range and caching. A file with a compressed
 * copy (the model) goes out as that copy, Range included, to clients accepting its encoding; a
 * file kept compressed (the metadata) in the encoding the client accepts, recoded when needed
 * (Range on identity only). Exported for the share routes, which serve the same files behind
 * their own access checks.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  options: { version?: string; disposition?: string },
): Promise<FastifyReply> {
  const accepted = negotiateEncoding(request.headers['accept-encoding']);
  if (file.compressedCopy || file.storedEncoding) reply.header('vary', 'Accept-Encoding');
  const copy = file.compressedCopy;
  if (copy && accepted === copy.storedEncoding) {
    return sendBody(request, reply, { file: copy, encoding: accepted, ranges: true }, options);
  }
  if (!file.storedEncoding) {
    return sendBody(request, reply, { file, encoding: 'identity', ranges: true }, options);
  }
  const stored = file.storedEncoding;
  return sendBody(
    request,
    reply,
    {
      file,
      encoding: accepted,
      ranges: accepted === 'identity',
      recode: () => bodyInEncoding(file, stored, accepted),
    },
    options,
  );
}

interface Representation {
  file: StoredFile;
  /** What the bytes sent are encoded in (each encoding has its own ETag). */
  encoding: ContentEncoding;
  /** Whether Range applies (to the bytes sent). */
  ranges: boolean;
  /** The bytes when they are not `file`'s as stored; only called past the 304 check. */
  recode?: () => Promise<FileBody>;
}

async function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  { file, encoding, ranges, recode }: Representation,
  options: { version?: string; disposition?: string },
): Promise<FastifyReply> {
  const etag = `"${file.hash.slice(0, 32)}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  reply
    .header('etag', etag)
    .header(
      'cache-control',
      options.version && options.version === file.hash ? IMMUTABLE : REVALIDATE,
    )
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff');
  if (options.disposition) reply.header('content-disposition', options.disposition);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const body = recode ? await recode() : file;
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (!ranges) return reply.header('content-length', body.size).send(await body.open());
  reply.header('accept-ranges', 'bytes');
  const range = parseRange(request.headers.range, body.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${body.size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${body.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await body.open(range));
  }
  return reply.header('content-length', body.size).send(await body.open());
}

/**
 * Route options of the file routes: their bodies go out as stored (a viewable's own encoding, or
 * identity with Range), never recompressed on the fly by the compression plugin.
 */
export const uncompressedFile = { compress: false } as const;

export const modelsRoutes: FastifyPluginAsyncZod<{
  models: ModelsService;
  signer: FileUrlSigner;
  requireAuth: onRequestAsyncHookHandler;
  now: () => Date;
}> = async (app, { models, signer, requireAuth, now }) => {
  const authed = { onRequest: requireAuth };
  const signedIn = signedInRoute(requireAuth);
  const tags = ['models'];

  app.get(
    '/api/project/:id/models',
    signedIn({
      summary: "A project's models (`trashed=true`: its trash), with sort and search",
      params: projectIdParamsSchema,
      querystring: modelListQuerySchema,
      response: { 200: modelListSchema, ...errors },
    }),
    async (request) => models.list(currentUser(request).userId, request.params.id, request.query),
  );

  app.get(
    '/api/project/:id/storage',
    signedIn({
      summary: "A project's stored bytes: originals (trash included) and viewables",
      params: projectIdParamsSchema,
      response: { 200: projectStorageSchema, ...errors },
    }),
    async (request) => models.projectStorage(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/models/:id',
    signedIn({
      summary: 'One model with its status and file URLs',
      params: modelIdParamsSchema,
      response: { 200: modelSchema, ...errors },
    }),
    async (request) => models.get(currentUser(request).userId, request.params.id),
  );

  app.put(
    '/api/models/:id',
    signedIn({
      summary: 'Rename a model (owner/admin, or the member who uploaded it)',
      params: modelIdParamsSchema,
      body: renameModelBodySchema,
      response: { 200: modelSchema, 400: errorBodySchema, ...errors },
    }),
    async (request) =>
      models.rename(currentUser(request).userId, request.params.id, request.body.name),
  );

  app.post(
    '/api/models/:id/move',
    signedIn({
      summary: 'Move a model to another project (rights in both projects)',
      params: modelIdParamsSchema,
      body: moveModelBodySchema,
      response: { 200: modelSchema, 400: errorBodySchema, 413: errorBodySchema, ...errors },
    }),
    async (request) =>
      models.move(currentUser(request).userId, request.params.id, request.body.projectId),
  );

  app.delete(
    '/api/models/:id',
    signedIn({
      summary: 'Move a model to the trash',
      params: modelIdParamsSchema,
      response: { 200: modelSchema, ...errors },
    }),
    async (request) => models.trash(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/models/:id/restore',
    signedIn({
      summary: 'Restore a model from the trash',
      params: modelIdParamsSchema,
      response: { 200: modelSchema, ...errors },
    }),
    async (request) => models.restore(currentUser(request).userId, request.params.id),
  );

  app.delete(
    '/api/models/:id/permanent',
    signedIn({
      summary: 'Delete a trashed model and its files for good',
      params: modelIdParamsSchema,
      response: { 200: okSchema, ...errors },
    }),
    async (request) => {
      await models.deletePermanently(currentUser(request).userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/models/:id/original',
    {
      ...authed,
      ...uncompressedFile,
      schema: {
        tags,
        summary: 'Download the uploaded file (its original name in Content-Disposition)',
        security: bearerSecurity,
        params: modelIdParamsSchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const file = await models.original(currentUser(request).userId, request.params.id);
      return sendFile(request, reply, file, {
        disposition: contentDisposition(file.filename),
      });
    },
  );

  const fileNames: ModelFileName[] = ['viewable.glb', 'metadata.json', 'thumbnail.png'];
  for (const name of fileNames) {
    app.get(
      `/api/models/:id/${name}`,
      {
        ...uncompressedFile,
        schema: {
          tags,
          summary: `The ready model's ${name}: bearer token or the signed URL from the model; ETag, immutable when ?v= is the current hash${name === 'metadata.json' ? ', br/gzip' : ''}`,
          security: bearerSecurity,
          params: modelIdParamsSchema,
          querystring: modelFileQuerySchema,
          response: fileResponse,
        },
      },
      async (request, reply) => {
        let access: FileAccess;
        const signedFor = signer.verify(request.params.id, name, request.query, now());
        if (signedFor) {
          // Made for this user: their current access decides, as with their token.
          access = { userId: signedFor };
        } else {
          if (!request.headers.authorization) throw new UnauthorizedError('no token, no signature');
          await requireAuth.call(app, request, reply);
          access = { userId: currentUser(request).userId };
        }
        const file = await models.file(access, request.params.id, name);
        return sendFile(request, reply, file, { version: request.query.v });
      },
    );
  }
};
