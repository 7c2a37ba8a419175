import { devMailListSchema, devMailQuerySchema, okSchema } from '@truss/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictToLoopback } from '../../http/loopback-only.ts';
import type { DevService } from './service.ts';

/**
 * The dev outbox. Never registered when NODE_ENV=production. With `loopbackOnly`, any other
 * client is told the route does not exist; the socket address decides, never X-Forwarded-For
 * (a reverse proxy on the same machine would look local: DEV_ROUTES=off there).
 */
export const devRoutes: FastifyPluginAsyncZod<{ dev: DevService; loopbackOnly: boolean }> = async (
  app,
  { dev, loopbackOnly },
) => {
  if (loopbackOnly) restrictToLoopback(app);
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
