import {
  confirmSubscriptionBodySchema,
  createOrderBodySchema,
  errorBodySchema,
  orderIdParamsSchema,
  orderListSchema,
  orderSchema,
  ORDERS_PATH,
  userSubscriptionSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { PaymentsService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Orders of the signed-in user, and the client's subscription confirmation. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { payments, requireAuth }) => {
  const common = { onRequest: requireAuth };
  const tags = ['orders'];

  app.post(
    `${ORDERS_PATH}/create`,
    {
      ...common,
      schema: {
        tags,
        summary: 'Order a plan period (CNY; enterprise is always yearly); answers the pay codes',
        security: bearerSecurity,
        body: createOrderBodySchema,
        response: { 200: orderSchema, ...errors, 409: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => payments.createOrder(currentUser(request).userId, request.body),
  );

  app.get(
    ORDERS_PATH,
    {
      ...common,
      schema: {
        tags,
        summary: "The caller's orders, newest first",
        security: bearerSecurity,
        response: { 200: orderListSchema, 401: errorBodySchema },
      },
    },
    async (request) => payments.listOrders(currentUser(request).userId),
  );

  app.get(
    `${ORDERS_PATH}/:id`,
    {
      ...common,
      schema: {
        tags,
        summary: 'One order, with its pay codes while pending',
        security: bearerSecurity,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => payments.getOrder(currentUser(request).userId, request.params.id),
  );

  app.post(
    `${ORDERS_PATH}/:id/check`,
    {
      ...common,
      schema: {
        tags,
        summary: '"I have paid": ask the providers about the order now',
        security: bearerSecurity,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => payments.checkOrder(currentUser(request).userId, request.params.id),
  );

  app.post(
    `${ORDERS_PATH}/:id/cancel`,
    {
      ...common,
      schema: {
        tags,
        summary: 'Cancel a pending order (closed with the providers)',
        security: bearerSecurity,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => payments.cancelOrder(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/user/subscription',
    {
      ...common,
      schema: {
        tags: ['subscription'],
        summary: 'Confirm a paid order (payment_id: order id or order_no; amount in fen)',
        security: bearerSecurity,
        body: confirmSubscriptionBodySchema,
        response: { 200: userSubscriptionSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => payments.confirmSubscription(currentUser(request).userId, request.body),
  );
};
