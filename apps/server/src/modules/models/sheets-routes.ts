import {
  errorBodySchema,
  modelFileQuerySchema,
  modelIdParamsSchema,
  sheetListSchema,
  sheetParamsSchema,
  sheetPreviewQuerySchema,
  storeyPlanListSchema,
} from '@truss/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { FileUrlSigner, SheetUrlFile } from './file-urls.ts';
import { signedInRoute } from './route-options.ts';
import { sendFile, uncompressedFile } from './routes.ts';
import type { FileAccess } from './service.ts';
import type { ModelSheetsService } from './sheets-service.ts';
import { registerVersionSheetRoutes } from './version-sheets-routes.ts';

const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const fileResponse = { 200: z.any(), 206: z.any(), 304: z.any(), 416: z.any(), ...errors };

/**
 * A drawing's sheets (`@truss/contracts` sheets.ts): the list, and the files behind each sheet's
 * signed URLs (the source PDF, a vector sheet, a page's text, a preview PNG). Like the model's
 * own files: the bearer token, or a URL signed for a user whose access is checked again.
 */
export const sheetsRoutes: FastifyPluginAsyncZod<{
  sheets: ModelSheetsService;
  signer: FileUrlSigner;
  requireAuth: onRequestAsyncHookHandler;
  now: () => Date;
}> = async (app, { sheets, signer, requireAuth, now }) => {
  const signedIn = signedInRoute(requireAuth);
  const tags = ['models'];

  /** The user a signed URL was made for, or the bearer token's. */
  async function fileAccess(
    request: FastifyRequest,
    reply: FastifyReply,
    modelId: string,
    sheetId: string | null,
    file: SheetUrlFile,
    query: z.infer<typeof modelFileQuerySchema>,
  ): Promise<FileAccess> {
    const signedFor = signer.verifySheet(modelId, sheetId, file, query, now());
    if (signedFor) return { userId: signedFor };
    if (!request.headers.authorization) throw new UnauthorizedError('no token, no signature');
    await requireAuth.call(app, request, reply);
    return { userId: currentUser(request).userId };
  }

  app.get(
    '/api/models/:id/sheets',
    signedIn({
      summary:
        "A drawing's sheets (PDF pages, DWG/DXF model space and layouts) or an IFC model's storey plans, with signed file URLs; [] for other 3D models",
      params: modelIdParamsSchema,
      response: { 200: sheetListSchema, ...errors },
    }),
    async (request) => sheets.list(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/models/:id/plans',
    signedIn({
      summary:
        "An IFC model's storey plans (storey GlobalId, name, elevation in metres, the plan's sheet id); [] for other formats",
      params: modelIdParamsSchema,
      response: { 200: storeyPlanListSchema, ...errors },
    }),
    async (request) => sheets.plans(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/models/:id/sheets/source.pdf',
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary: "A PDF drawing's source file, which its pages are drawn from (Range requests)",
        security: bearerSecurity,
        params: modelIdParamsSchema,
        querystring: modelFileQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const access = await fileAccess(request, reply, id, null, 'source.pdf', request.query);
      const file = await sheets.file(access, id, null, 'content');
      return sendFile(request, reply, file, { version: request.query.v });
    },
  );

  for (const name of ['content', 'text'] as const) {
    app.get(
      `/api/models/:id/sheets/:sheetId/${name}`,
      {
        ...uncompressedFile,
        schema: {
          tags,
          summary:
            name === 'content'
              ? "A sheet's content: the vector sheet JSON (DWG/DXF), or the source PDF of a page"
              : "A PDF page's text runs (JSON), for search",
          security: bearerSecurity,
          params: sheetParamsSchema,
          querystring: modelFileQuerySchema,
          response: fileResponse,
        },
      },
      async (request, reply) => {
        const { id, sheetId } = request.params;
        const access = await fileAccess(request, reply, id, sheetId, name, request.query);
        const file = await sheets.file(access, id, sheetId, name);
        return sendFile(request, reply, file, { version: request.query.v });
      },
    );
  }

  registerVersionSheetRoutes(app, { sheets, signer, requireAuth, now });

  app.get(
    '/api/models/:id/sheets/:sheetId/preview.png',
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary: 'A raster of the sheet, `width` pixels wide (the stored 1024 px preview, scaled)',
        security: bearerSecurity,
        params: sheetParamsSchema,
        querystring: modelFileQuerySchema.extend(sheetPreviewQuerySchema.shape),
        response: { ...fileResponse, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, sheetId } = request.params;
      const access = await fileAccess(request, reply, id, sheetId, 'preview.png', request.query);
      const file = await sheets.preview(access, id, sheetId, request.query.width);
      return sendFile(request, reply, file, { version: request.query.v });
    },
  );
};
