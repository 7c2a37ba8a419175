import {
  errorBodySchema,
  modelFileQuerySchema,
  modelSchema,
  modelVersionListSchema,
  modelVersionParamsSchema,
  modelVersionSchema,
  modelIdParamsSchema,
  okSchema,
  updateModelVersionBodySchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { FileUrlSigner, ModelFileName } from './file-urls.ts';
import { signedInRoute } from './route-options.ts';
import { contentDisposition } from './http-files.ts';
import { sendFile, uncompressedFile } from './routes.ts';
import type { FileAccess, ModelsService } from './service.ts';
import type { ModelVersionsService } from './versions-service.ts';

const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const fileResponse = { 200: z.any(), 206: z.any(), 304: z.any(), 416: z.any(), ...errors };

/** The versions of a model (issue 18); a new version is a tus upload with `modelId`. */
export const versionsRoutes: FastifyPluginAsyncZod<{
  versions: ModelVersionsService;
  models: ModelsService;
  signer: FileUrlSigner;
  requireAuth: onRequestAsyncHookHandler;
  now: () => Date;
}> = async (app, { versions, models, signer, requireAuth, now }) => {
  const authed = { onRequest: requireAuth };
  const signedIn = signedInRoute(requireAuth);
  const tags = ['models'];

  app.get(
    '/api/models/:id/versions',
    signedIn({
      summary: "A model's versions, newest first, with their status and file URLs",
      params: modelIdParamsSchema,
      response: { 200: modelVersionListSchema, ...errors },
    }),
    async (request) => versions.list(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/models/:id/versions/:versionId',
    signedIn({
      summary: 'One version of a model',
      params: modelVersionParamsSchema,
      response: { 200: modelVersionSchema, ...errors },
    }),
    async (request) =>
      versions.get(currentUser(request).userId, request.params.id, request.params.versionId),
  );

  app.put(
    '/api/models/:id/versions/:versionId',
    signedIn({
      summary: "Change a version's message (whoever may edit the model)",
      params: modelVersionParamsSchema,
      body: updateModelVersionBodySchema,
      response: { 200: modelVersionSchema, 400: errorBodySchema, ...errors },
    }),
    async (request) =>
      versions.setMessage(
        currentUser(request).userId,
        request.params.id,
        request.params.versionId,
        request.body.message,
      ),
  );

  app.post(
    '/api/models/:id/versions/:versionId/current',
    signedIn({
      summary: 'Make a ready version the one the model shows (409 VERSION_NOT_READY)',
      params: modelVersionParamsSchema,
      response: { 200: modelSchema, ...errors },
    }),
    async (request) =>
      versions.makeCurrent(
        currentUser(request).userId,
        request.params.id,
        request.params.versionId,
      ),
  );

  app.delete(
    '/api/models/:id/versions/:versionId',
    signedIn({
      summary: 'Delete a version and its files (never the current one: 409 VERSION_IS_CURRENT)',
      params: modelVersionParamsSchema,
      response: { 200: okSchema, ...errors },
    }),
    async (request) => {
      await versions.remove(
        currentUser(request).userId,
        request.params.id,
        request.params.versionId,
      );
      return { ok: true as const };
    },
  );

  app.get(
    '/api/models/:id/versions/:versionId/original',
    {
      ...authed,
      ...uncompressedFile,
      schema: {
        tags,
        summary: "Download a version's uploaded file",
        security: bearerSecurity,
        params: modelVersionParamsSchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { id, versionId } = request.params;
      const file = await versions.original(currentUser(request).userId, id, versionId);
      return sendFile(request, reply, file, { disposition: contentDisposition(file.filename) });
    },
  );

  const fileNames: ModelFileName[] = ['viewable.glb', 'metadata.json', 'thumbnail.png'];
  for (const name of fileNames) {
    app.get(
      `/api/models/:id/versions/:versionId/${name}`,
      {
        ...uncompressedFile,
        schema: {
          tags,
          summary: `A ready version's ${name}: bearer token or the signed URL from the version`,
          security: bearerSecurity,
          params: modelVersionParamsSchema,
          querystring: modelFileQuerySchema,
          response: fileResponse,
        },
      },
      async (request, reply) => {
        const { id, versionId } = request.params;
        let access: FileAccess;
        const signedFor = signer.verify(`${id}/${versionId}`, name, request.query, now());
        if (signedFor) {
          access = { userId: signedFor };
        } else {
          if (!request.headers.authorization) throw new UnauthorizedError('no token, no signature');
          await requireAuth.call(app, request, reply);
          access = { userId: currentUser(request).userId };
        }
        const file = await models.file(access, id, name, versionId);
        return sendFile(request, reply, file, { version: request.query.v });
      },
    );
  }
};
