import {
  createShareBodySchema,
  errorBodySchema,
  okSchema,
  publicShareSchema,
  shareIdParamsSchema,
  shareListQuerySchema,
  shareListSchema,
  shareSchema,
  shareTokenParamsSchema,
  SHARES_PATH,
  SHARE_PUBLIC_PATH,
  updateShareBodySchema,
  verifyShareBodySchema,
  verifyShareResponseSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { contentDisposition } from '../models/index.ts';
import { chunkNameSchema, chunkNumber, sendFile, uncompressedFile } from '../models/index.ts';
import type { ModelsService } from '../models/index.ts';
import type { SharesAccessService } from './access-service.ts';
import { unlockCookieHeader } from './secrets.ts';
import type { SharesService } from './service.ts';
import { errors, fileQuerySchema, fileResponse, publicErrors, shareVisitor } from './visitor.ts';

const FILES = ['viewable.glb', 'metadata.json', 'thumbnail.png'] as const;

export const sharesRoutes: FastifyPluginAsyncZod<{
  shares: SharesService;
  access: SharesAccessService;
  models: ModelsService;
  requireAuth: onRequestAsyncHookHandler;
  /** Secure cookies when the app is served over https. */
  secureCookies: boolean;
}> = async (app, { shares, access, models, requireAuth, secureCookies }) => {
  const authed = { onRequest: requireAuth };
  const tags = ['shares'];

  const visitor = shareVisitor(app, requireAuth);

  app.post(
    SHARES_PATH,
    {
      ...authed,
      schema: {
        tags,
        summary: 'Share a model by link (any member who can view it)',
        security: bearerSecurity,
        body: createShareBodySchema,
        response: { 201: shareSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await shares.create(currentUser(request).userId, request.body)),
  );

  app.get(
    SHARES_PATH,
    {
      ...authed,
      schema: {
        tags,
        summary: 'My Shares; with modelId: the shares of that model the caller may manage',
        security: bearerSecurity,
        querystring: shareListQuerySchema,
        response: { 200: shareListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => shares.list(currentUser(request).userId, request.query),
  );

  app.get(
    `${SHARES_PATH}/:id`,
    {
      ...authed,
      schema: {
        tags,
        summary: 'One share (its creator, or a project owner/admin)',
        security: bearerSecurity,
        params: shareIdParamsSchema,
        response: { 200: shareSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => shares.get(currentUser(request).userId, request.params.id),
  );

  app.patch(
    `${SHARES_PATH}/:id`,
    {
      ...authed,
      schema: {
        tags,
        summary: 'Edit, enable or disable a share; a new code voids earlier unlocks',
        security: bearerSecurity,
        params: shareIdParamsSchema,
        body: updateShareBodySchema,
        response: { 200: shareSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => shares.update(currentUser(request).userId, request.params.id, request.body),
  );

  app.delete(
    `${SHARES_PATH}/:id`,
    {
      ...authed,
      schema: {
        tags,
        summary: 'Delete a share: its link stops working',
        security: bearerSecurity,
        params: shareIdParamsSchema,
        response: { 200: okSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      await shares.delete(currentUser(request).userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    `${SHARE_PUBLIC_PATH}/:token`,
    {
      schema: {
        tags,
        summary: 'A share link as its visitor sees it (no model until a code share is unlocked)',
        params: shareTokenParamsSchema,
        response: { 200: publicShareSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return access.info(request.params.token, await visitor(request, reply), {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
    },
  );

  app.post(
    `${SHARE_PUBLIC_PATH}/:token/verify`,
    {
      schema: {
        tags,
        summary:
          'Check an access code: sets the unlock cookie. 403 wrong, 429 after 5 wrong per IP in 15 min, 423 locked',
        params: shareTokenParamsSchema,
        body: verifyShareBodySchema,
        response: { 200: verifyShareResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const result = await access.verify(
        request.params.token,
        request.body.code,
        request.ip,
        await visitor(request, reply),
      );
      reply.header('cache-control', 'private, no-store');
      if (result.cookie)
        reply.header('set-cookie', unlockCookieHeader(result.cookie, secureCookies));
      return result.share;
    },
  );

  for (const name of FILES) {
    app.get(
      `${SHARE_PUBLIC_PATH}/:token/${name}`,
      {
        ...uncompressedFile,
        schema: {
          tags,
          summary: `The shared model's ${name}, checked against the share on every request`,
          params: shareTokenParamsSchema,
          querystring: fileQuerySchema,
          response: fileResponse,
        },
      },
      async (request, reply) => {
        const context = await visitor(request, reply, request.query);
        const share = await access.fileAccess(request.params.token, context, 'share.view');
        const file = await models.file(
          { shared: true },
          share.model_id,
          name,
          share.model_version_id,
        );
        // No `version`: revalidated (304 by ETag) rather than immutable, so a cut-off share
        // stops serving even a browser that loaded the file before.
        return sendFile(request, reply, file, {});
      },
    );
  }

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/chunks/:chunk`,
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary: "A chunk of the shared model's chunked viewable, checked like its viewable.glb",
        params: shareTokenParamsSchema.extend({ chunk: chunkNameSchema }),
        querystring: fileQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const context = await visitor(request, reply, request.query);
      const share = await access.fileAccess(request.params.token, context, 'share.view');
      const file = await models.chunk(
        { shared: true },
        share.model_id,
        chunkNumber(request.params.chunk),
        share.model_version_id,
      );
      // Revalidated like the viewable (see above): a cut-off share stops serving its chunks.
      return sendFile(request, reply, file, {});
    },
  );

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/original`,
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary: 'Download the shared model as uploaded (when the share allows downloads)',
        params: shareTokenParamsSchema,
        querystring: fileQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const context = await visitor(request, reply, request.query);
      const share = await access.fileAccess(request.params.token, context, 'share.download');
      const file = await models.sharedOriginal(share.model_id, share.model_version_id);
      return sendFile(request, reply, file, {
        disposition: contentDisposition(file.filename),
      });
    },
  );
};
