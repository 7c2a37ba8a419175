/**
 * A shared drawing's sheets and a shared IFC model's storey plans, for its visitors: the list
 * with share-scoped file URLs and the files, each checked like the share's viewable.glb (a
 * revoked, expired or locked share serves none of them) and revalidated on every load, so a
 * share cut off stops serving its sheets at once.
 */
import {
  errorBodySchema,
  SHARE_PUBLIC_PATH,
  shareTokenParamsSchema,
  sheetListSchema,
  sheetParamsSchema,
  sheetPreviewQuerySchema,
  storeyPlanListSchema,
} from '@truss/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendFile, uncompressedFile } from '../models/index.ts';
import type { ModelSheetsService } from '../models/index.ts';
import type { SharesAccessService } from './access-service.ts';
import { fileQuerySchema, fileResponse, publicErrors, shareVisitor } from './visitor.ts';

const sheetFileParamsSchema = shareTokenParamsSchema.extend({
  sheetId: sheetParamsSchema.shape.sheetId,
});
type SheetFile = Parameters<ModelSheetsService['sharedFile']>[3];

export const shareSheetRoutes: FastifyPluginAsyncZod<{
  access: SharesAccessService;
  sheets: ModelSheetsService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { access, sheets, requireAuth }) => {
  const tags = ['shares'];
  const visitor = shareVisitor(app, requireAuth);
  const fileSchema = { tags, querystring: fileQuerySchema };

  const shared = (request: {
    params: { token: string };
    query: z.infer<typeof fileQuerySchema>;
  }) => ({ token: request.params.token, query: request.query });

  /** One of the share's sheet files (`sheetId` null: the source PDF), as its visitor may see. */
  async function sendSheetFile(
    request: FastifyRequest,
    reply: FastifyReply,
    { token, query }: { token: string; query: z.infer<typeof fileQuerySchema> },
    sheetId: string | null,
    file: SheetFile,
    width?: number,
  ) {
    const context = await visitor(request, reply, query);
    const share = await access.fileAccess(token, context, 'share.view');
    const stored = await sheets.sharedFile(
      share.model_id,
      share.model_version_id,
      sheetId,
      file,
      width,
    );
    return sendFile(request, reply, stored, {});
  }

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/sheets`,
    {
      schema: {
        ...fileSchema,
        summary:
          "The shared drawing's sheets (or a shared IFC model's storey plans) with share-scoped file URLs, checked like its viewable.glb; [] for other 3D models",
        params: shareTokenParamsSchema,
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
        ...fileSchema,
        summary:
          "The shared IFC model's storey plans (storey GlobalId, name, elevation, sheet id), checked like its viewable.glb; [] for other formats",
        params: shareTokenParamsSchema,
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
        ...fileSchema,
        summary: "The shared PDF drawing's source file its pages are drawn from (Range requests)",
        params: shareTokenParamsSchema,
        response: { ...fileResponse, 409: errorBodySchema },
      },
    },
    (request, reply) => sendSheetFile(request, reply, shared(request), null, 'source.pdf'),
  );

  for (const name of ['content', 'text'] as const) {
    app.get(
      `${SHARE_PUBLIC_PATH}/:token/sheets/:sheetId/${name}`,
      {
        ...uncompressedFile,
        schema: {
          ...fileSchema,
          summary:
            name === 'content'
              ? "A shared drawing's sheet content (the vector sheet JSON, or the source PDF of a page)"
              : "A shared PDF page's text runs (JSON), for search",
          params: sheetFileParamsSchema,
          response: { ...fileResponse, 409: errorBodySchema },
        },
      },
      (request, reply) =>
        sendSheetFile(request, reply, shared(request), request.params.sheetId, name),
    );
  }

  app.get(
    `${SHARE_PUBLIC_PATH}/:token/sheets/:sheetId/preview.png`,
    {
      ...uncompressedFile,
      schema: {
        ...fileSchema,
        summary: "A raster of the shared drawing's sheet, `width` pixels wide (its thumbnail)",
        params: sheetFileParamsSchema,
        querystring: fileQuerySchema.extend(sheetPreviewQuerySchema.shape),
        response: { ...fileResponse, 409: errorBodySchema },
      },
    },
    (request, reply) =>
      sendSheetFile(
        request,
        reply,
        shared(request),
        request.params.sheetId,
        'preview.png',
        request.query.width,
      ),
  );
};
