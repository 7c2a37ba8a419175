import { devMailListSchema, devMailQuerySchema, okSchema } from '@truss/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictToLoopback } from '../../http/loopback-only.ts';
import type { DevService } from './service.ts';

/**
 * The dev outbox. Never registered when NODE_ENV=production, nor by default when PUBLIC_URL is
 * not this machine (config.ts `parseDevRoutes`). With `loopbackOnly`, any client that is not on
 * this machine, or whose request came through a reverse proxy, is told the route does not exist
 * (`isLocalRequest`).
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
