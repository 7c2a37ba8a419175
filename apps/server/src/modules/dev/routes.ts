import { devMailListSchema, devMailQuerySchema, okSchema } from '@truss/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../../http/error-handler.ts';
import type { DevService } from './service.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The dev outbox. Never registered when NODE_ENV=production. With `loopbackOnly`, any other
 * client is told the route does not exist; the socket address decides, never X-Forwarded-For
 * (a reverse proxy on the same machine would look local: DEV_ROUTES=off there).
 */
export const devRoutes: FastifyPluginAsyncZod<{ dev: DevService; loopbackOnly: boolean }> = async (
  app,
  { dev, loopbackOnly },
) => {
  if (loopbackOnly) {
    app.addHook('onRequest', async (request, reply) => {
      if (!isLoopback(request.socket.remoteAddress)) {
        return sendError(request, reply, 'ROUTE_NOT_FOUND', 404);
      }
    });
  }
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
