import { devMailListSchema, devMailQuerySchema, okSchema } from '@truss/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DevService } from './service.ts';

/** The dev outbox. Never registered when NODE_ENV=production. */
export const devRoutes: FastifyPluginAsyncZod<{ dev: DevService }> = async (app, { dev }) => {
  app.get(
    '/api/dev/mail',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mails in the dev outbox, newest first',
        querystring: devMailQuerySchema,
        response: { 200: devMailListSchema },
      },
    },
    async (request) => dev.listMail(request.query.to),
  );

  app.delete(
    '/api/dev/mail',
    {
      schema: {
        tags: ['dev'],
        summary: 'Empty the dev outbox',
        response: { 200: okSchema },
      },
    },
    async () => {
      await dev.clearMail();
      return { ok: true as const };
    },
  );
};
