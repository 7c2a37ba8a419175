import {
  errorBodySchema,
  modelFileQuerySchema,
  modelVersionParamsSchema,
  sheetListSchema,
  sheetParamsSchema,
  sheetPreviewQuerySchema,
} from '@truss/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { FileUrlSigner, SheetUrlFile } from './file-urls.ts';
import { signedInRoute } from './route-options.ts';
import { sendFile, uncompressedFile } from './routes.ts';
import type { FileAccess } from './service.ts';
import type { ModelSheetsService } from './sheets-service.ts';

const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const fileResponse = { 200: z.any(), 206: z.any(), 304: z.any(), 416: z.any(), ...errors };
const versionSheetParamsSchema = modelVersionParamsSchema.extend({
  sheetId: sheetParamsSchema.shape.sheetId,
});

/**
 * The sheets of one version of a drawing and their files, as the current version's
 * (sheets-routes.ts): what the overlay compare of two versions draws. Members who may view the
 * model, by bearer token or by a URL signed for the version (subject `<modelId>/<versionId>`).
 */
export function registerVersionSheetRoutes(
  app: FastifyInstance,
  deps: {
    sheets: ModelSheetsService;
    signer: FileUrlSigner;
    requireAuth: onRequestAsyncHookHandler;
    now: () => Date;
  },
): void {
  const { sheets, signer, requireAuth, now } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['models'];

  async function fileAccess(
    request: FastifyRequest,
    reply: FastifyReply,
    subject: string,
    sheetId: string | null,
    file: SheetUrlFile,
    query: z.infer<typeof modelFileQuerySchema>,
  ): Promise<FileAccess> {
    const signedFor = signer.verifySheet(subject, sheetId, file, query, now());
    if (signedFor) return { userId: signedFor };
    if (!request.headers.authorization) throw new UnauthorizedError('no token, no signature');
    await requireAuth.call(app, request, reply);
    return { userId: currentUser(request).userId };
  }

  typed.get(
    '/api/models/:id/versions/:versionId/sheets',
    signedInRoute(requireAuth)({
      summary: "A drawing version's sheets with URLs signed for that version ([] for 3D)",
      params: modelVersionParamsSchema,
      response: { 200: sheetListSchema, ...errors },
    }),
    async (request) =>
      sheets.versionList(currentUser(request).userId, request.params.id, request.params.versionId),
  );

  typed.get(
    '/api/models/:id/versions/:versionId/sheets/source.pdf',
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary: "A PDF drawing version's source file (Range requests)",
        security: bearerSecurity,
        params: modelVersionParamsSchema,
        querystring: modelFileQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { id, versionId } = request.params;
      const subject = `${id}/${versionId}`;
      const access = await fileAccess(request, reply, subject, null, 'source.pdf', request.query);
      const file = await sheets.versionFile(access, id, versionId, null, 'content');
      return sendFile(request, reply, file, { version: request.query.v });
    },
  );

  for (const name of ['content', 'text'] as const) {
    typed.get(
      `/api/models/:id/versions/:versionId/sheets/:sheetId/${name}`,
      {
        ...uncompressedFile,
        schema: {
          tags,
          summary: `A drawing version's sheet ${name} (as the current version's)`,
          security: bearerSecurity,
          params: versionSheetParamsSchema,
          querystring: modelFileQuerySchema,
          response: fileResponse,
        },
      },
      async (request, reply) => {
        const { id, versionId, sheetId } = request.params;
        const subject = `${id}/${versionId}`;
        const access = await fileAccess(request, reply, subject, sheetId, name, request.query);
        const file = await sheets.versionFile(access, id, versionId, sheetId, name);
        return sendFile(request, reply, file, { version: request.query.v });
      },
    );
  }

  typed.get(
    '/api/models/:id/versions/:versionId/sheets/:sheetId/preview.png',
    {
      ...uncompressedFile,
      schema: {
        tags,
        summary: "A raster of a drawing version's sheet, `width` pixels wide",
        security: bearerSecurity,
        params: versionSheetParamsSchema,
        querystring: modelFileQuerySchema.extend(sheetPreviewQuerySchema.shape),
        response: { ...fileResponse, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, versionId, sheetId } = request.params;
      const subject = `${id}/${versionId}`;
      const access = await fileAccess(
        request,
        reply,
        subject,
        sheetId,
        'preview.png',
        request.query,
      );
      const { width } = request.query;
      const file = await sheets.versionFile(access, id, versionId, sheetId, 'preview.png', width);
      return sendFile(request, reply, file, { version: request.query.v });
    },
  );
}
