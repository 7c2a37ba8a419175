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
  sheetListSchema,
  sheetParamsSchema,
  sheetPreviewQuerySchema,
  storeyPlanListSchema,
  SHARES_PATH,
  SHARE_PUBLIC_PATH,
  updateShareBodySchema,
  verifyShareBodySchema,
  verifyShareResponseSchema,
} from '@truss/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { contentDisposition } from '../models/index.ts';
import { chunkNameSchema, chunkNumber, sendFile, uncompressedFile } from '../models/index.ts';
import type { ModelSheetsService, ModelsService } from '../models/index.ts';
import type { SharesAccessService, ShareVisitorContext } from './access-service.ts';
import { readCookie, UNLOCK_COOKIE, unlockCookieHeader } from './secrets.ts';
import type { SharesService } from './service.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const publicErrors = {
  ...errors,
  400: errorBodySchema,
  423: errorBodySchema,
  429: errorBodySchema,
};
const fileResponse = { 200: z.any(), 206: z.any(), 304: z.any(), 416: z.any(), ...publicErrors };
const fileQuerySchema = z.object({
  v: z.string().max(128).optional(),
  u: z.string().max(64).optional(),
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(128).optional(),
});
const FILES = ['viewable.glb', 'metadata.json', 'thumbnail.png'] as const;
const sheetFileParamsSchema = shareTokenParamsSchema.extend({
  sheetId: sheetParamsSchema.shape.sheetId,
});

export const sharesRoutes: FastifyPluginAsyncZod<{
  shares: SharesService;
  access: SharesAccessService;
  models: ModelsService;
  /** A shared drawing's sheets, a shared IFC model's storey plans. */
  sheets: ModelSheetsService;
  requireAuth: onRequestAsyncHookHandler;
  /** Secure cookies when the app is served over https. */
  secureCookies: boolean;
}> = async (app, { shares, access, models, sheets, requireAuth, secureCookies }) => {
  const authed = { onRequest: requireAuth };
  const tags = ['shares'];

  /** Public routes: the bearer token is optional (private shares need it), never required. */
  async function visitor(
    request: FastifyRequest,
    reply: FastifyReply,
    signedFile?: ShareVisitorContext['signedFile'],
  ): Promise<ShareVisitorContext> {
    if (request.headers.authorization) await requireAuth.call(app, request, reply);
    return {
      userId: request.user?.userId ?? null,
      unlock: readCookie(request.headers.cookie, UNLOCK_COOKIE),
      signedFile,
    };
  }

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

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/sheets`,
    {
      schema: {
        tags,
        summary:
          "The shared drawing's sheets (or a shared IFC model's storey plans) with share-scoped file URLs, checked like its viewable.glb; [] for other 3D models",
        params: shareTokenParamsSchema,
        querystring: fileQuerySchema,
        response: { 200: sheetListSchema, 409: errorBodySchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const context = await visitor(request, reply, request.query);
      const { row, fileQuery } = await access.listAccess(token, context, 'share.view');
      const base = `${SHARE_PUBLIC_PATH}/${encodeURIComponent(token)}/sheets`;
      const extra = fileQuery ? `&${fileQuery}` : '';
      reply.header('cache-control', 'private, no-store');
      return sheets.sharedList(
        row.model_id,
        row.model_version_id,
        (sheetId, file, hash) =>
          `${base}/${sheetId === null ? '' : `${encodeURIComponent(sheetId)}/`}${file}?v=${encodeURIComponent(hash)}${extra}`,
      );
    },
  );

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/plans`,
    {
      schema: {
        tags,
        summary:
          "The shared IFC model's storey plans (storey GlobalId, name, elevation, sheet id), checked like its viewable.glb; [] for other formats",
        params: shareTokenParamsSchema,
        querystring: fileQuerySchema,
        response: { 200: storeyPlanListSchema, 409: errorBodySchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const context = await visitor(request, reply, request.query);
      const share = await access.fileAccess(request.params.token, context, 'share.view');
      reply.header('cache-control', 'private, no-store');
      return sheets.sharedPlans(share.model_id, share.model_version_id);
    },
  );

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/sheets/source.pdf`,
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary: "The shared PDF drawing's source file its pages are drawn from (Range requests)",
        params: shareTokenParamsSchema,
        querystring: fileQuerySchema,
        response: { ...fileResponse, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const context = await visitor(request, reply, request.query);
      const share = await access.fileAccess(request.params.token, context, 'share.view');
      const file = await sheets.sharedFile(
        share.model_id,
        share.model_version_id,
        null,
        'source.pdf',
      );
      // Revalidated like the viewable (see above): a cut-off share stops serving its sheets.
      return sendFile(request, reply, file, {});
    },
  );

  for (const name of ['content', 'text'] as const) {
    app.get(
      `${SHARE_PUBLIC_PATH}/:token/sheets/:sheetId/${name}`,
      {
        ...uncompressedFile,
        schema: {
          tags,
          summary:
            name === 'content'
              ? "A shared drawing's sheet content (the vector sheet JSON, or the source PDF of a page)"
              : "A shared PDF page's text runs (JSON), for search",
          params: sheetFileParamsSchema,
          querystring: fileQuerySchema,
          response: { ...fileResponse, 409: errorBodySchema },
        },
      },
      async (request, reply) => {
        const context = await visitor(request, reply, request.query);
        const share = await access.fileAccess(request.params.token, context, 'share.view');
        const file = await sheets.sharedFile(
          share.model_id,
          share.model_version_id,
          request.params.sheetId,
          name,
        );
        return sendFile(request, reply, file, {});
      },
    );
  }

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/sheets/:sheetId/preview.png`,
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary: "A raster of the shared drawing's sheet, `width` pixels wide (its thumbnail)",
        params: sheetFileParamsSchema,
        querystring: fileQuerySchema.extend(sheetPreviewQuerySchema.shape),
        response: { ...fileResponse, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const context = await visitor(request, reply, request.query);
      const share = await access.fileAccess(request.params.token, context, 'share.view');
      const file = await sheets.sharedFile(
        share.model_id,
        share.model_version_id,
        request.params.sheetId,
        'preview.png',
        request.query.width,
      );
      return sendFile(request, reply, file, {});
    },
  );
};
