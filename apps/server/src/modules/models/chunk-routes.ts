/**
 * The chunks of a chunked viewable (`chunks/<n>.glb`, see `chunks.ts` of @truss/viewable): a
 * model's current version's and a version's. Each is checked as the viewable itself is (bearer
 * token, or the viewable's signed URL query: a chunk is part of `viewable.glb`), and served like
 * it (brotli copy, ETag, Range, immutable when `?v=` is the viewable's current hash).
 */
import {
  errorBodySchema,
  modelFileQuerySchema,
  modelIdParamsSchema,
  modelVersionParamsSchema,
} from '@truss/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import { CHUNK_URL_NAME, type FileUrlSigner } from './file-urls.ts';
import { sendFile, uncompressedFile } from './routes.ts';
import type { FileAccess, ModelsService } from './service.ts';
import { chunkHash } from './stored-files.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const fileResponse = { 200: z.any(), 206: z.any(), 304: z.any(), 416: z.any(), ...errors };

/** `<n>.glb`, n from 1: the route's last segment. */
export const chunkNameSchema = z.string().regex(CHUNK_URL_NAME, { error: 'validation.invalid' });

/** n of a `<n>.glb` the schema let through. */
export function chunkNumber(name: string): number {
  return Number(CHUNK_URL_NAME.exec(name)![1]);
}

export const chunkRoutes: FastifyPluginAsyncZod<{
  models: ModelsService;
  signer: FileUrlSigner;
  requireAuth: onRequestAsyncHookHandler;
  now: () => Date;
}> = async (app, { models, signer, requireAuth, now }) => {
  const tags = ['models'];

  /** The signed viewable URL's user, else the bearer token's (401 without either). */
  async function accessOf(
    request: FastifyRequest,
    reply: FastifyReply,
    subject: string,
    query: z.infer<typeof modelFileQuerySchema>,
  ): Promise<FileAccess> {
    const signedFor = signer.verify(subject, 'viewable.glb', query, now());
    if (signedFor) return { userId: signedFor };
    if (!request.headers.authorization) throw new UnauthorizedError('no token, no signature');
    await requireAuth.call(app, request, reply);
    return { userId: currentUser(request).userId };
  }

  app.get(
    '/api/models/:id/chunks/:chunk',
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary:
          "A chunk of the ready model's chunked viewable: bearer token or the viewable's signed URL query",
        security: bearerSecurity,
        params: modelIdParamsSchema.extend({ chunk: chunkNameSchema }),
        querystring: modelFileQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { id, chunk } = request.params;
      const n = chunkNumber(chunk);
      const access = await accessOf(request, reply, id, request.query);
      const file = await models.chunk(access, id, n);
      const version = request.query.v ? chunkHash(request.query.v, n) : undefined;
      return sendFile(request, reply, file, { version });
    },
  );

  app.get(
    '/api/models/:id/versions/:versionId/chunks/:chunk',
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary:
          "A chunk of a ready version's chunked viewable: bearer token or the version's signed viewable URL query",
        security: bearerSecurity,
        params: modelVersionParamsSchema.extend({ chunk: chunkNameSchema }),
        querystring: modelFileQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { id, versionId, chunk } = request.params;
      const n = chunkNumber(chunk);
      const access = await accessOf(request, reply, `${id}/${versionId}`, request.query);
      const file = await models.chunk(access, id, n, versionId);
      const version = request.query.v ? chunkHash(request.query.v, n) : undefined;
      return sendFile(request, reply, file, { version });
    },
  );
};
