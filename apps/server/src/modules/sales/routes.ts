import {
  errorBodySchema,
  SALES_CONTACT_PATH,
  salesContactBodySchema,
  salesContactResultSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { requestLocale } from '../../http/error-handler.ts';
import type { SalesService } from './service.ts';

/** POST /api/sales/contact: any signed-in user may ask sales about Enterprise. */
export const salesRoutes: FastifyPluginAsyncZod<{
  sales: SalesService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { sales, requireAuth }) => {
  app.post(
    SALES_CONTACT_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['subscription'],
        summary: 'Enterprise "Contact sales": recorded, and mailed to SALES_EMAIL',
        security: bearerSecurity,
        body: salesContactBodySchema,
        response: { 200: salesContactResultSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) =>
      sales.contact(currentUser(request).userId, request.body, requestLocale(request)),
  );
};
