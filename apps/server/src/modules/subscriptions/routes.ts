import { errorBodySchema, planListSchema, userSubscriptionSchema } from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { SubscriptionsService } from './service.ts';

export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { subscriptions, requireAuth }) => {
  app.get(
    '/api/subscription/plans',
    {
      schema: {
        tags: ['subscription'],
        summary: 'The plans on sale (prices in CNY)',
        response: { 200: planListSchema },
      },
    },
    async () => subscriptions.listPlans(),
  );

  app.get(
    '/api/user/subscription',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['subscription'],
        summary: "The signed-in user's plan, features and usage against its limits",
        security: bearerSecurity,
        response: { 200: userSubscriptionSchema, 401: errorBodySchema },
      },
    },
    async (request) => subscriptions.getUserSubscription(currentUser(request).userId),
  );
};
