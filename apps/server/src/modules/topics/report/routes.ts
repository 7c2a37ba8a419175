import { errorBodySchema, projectIdParamsSchema, topicReportQuerySchema } from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../../http/auth-context.ts';
import { requestLocale } from '../../../http/error-handler.ts';
import { contentDisposition } from '../../models/index.ts';
import type { TopicReportService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
};

/** `GET /api/project/{id}/topics/report`: thin; TopicReportService decides and builds. */
export const topicReportRoutes: FastifyPluginAsyncZod<{
  reports: TopicReportService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { reports, requireAuth }) => {
  app.get(
    '/api/project/:id/topics/report',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['topics'],
        security: bearerSecurity,
        summary:
          "A report of the project's topics (the list's filters) as PDF or XLSX, in the Accept-Language; 422 TOPIC_REPORT_TOO_LARGE past 500 topics",
        params: projectIdParamsSchema,
        querystring: topicReportQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await reports.build(
        currentUser(request).userId,
        request.params.id,
        request.query,
        requestLocale(request),
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
};
