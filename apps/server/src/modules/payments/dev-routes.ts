import {
  devPayOrderBodySchema,
  devPayOrderParamsSchema,
  devReconcileResultSchema,
  errorBodySchema,
  orderListSchema,
  orderSchema,
} from '@truss/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictToLoopback } from '../../http/loopback-only.ts';
import { OrderNotPendingError, PaymentsUnavailableError } from './errors.ts';
import { presentOrder } from './presenter.ts';
import { SandboxPayError, type PaymentsSandbox } from './sandbox/server.ts';
import type { PaymentsService } from './service.ts';
import type { OrderSettlement } from './settlement.ts';

/** The /dev page's payment buttons. Registered only outside production, with the sandbox on. */
export const devPaymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  settlement: OrderSettlement;
  sandbox: PaymentsSandbox;
  /** Providers the sandbox stands in for (a really configured one is not paid from here). */
  sandboxed: ReadonlySet<string>;
  now: () => Date;
  /** As the dev outbox: only local clients, never through a proxy, unless DEV_ROUTES=on. */
  loopbackOnly: boolean;
}> = async (app, { payments, settlement, sandbox, sandboxed, now, loopbackOnly }) => {
  if (loopbackOnly) restrictToLoopback(app);
  app.get(
    '/api/dev/payments/orders',
    {
      schema: {
        tags: ['dev'],
        summary: 'Pending orders of every user (for the Pay buttons)',
        response: { 200: orderListSchema },
      },
    },
    async () => payments.listPendingOrders(),
  );

  app.post(
    '/api/dev/payments/reconcile',
    {
      schema: {
        tags: ['dev'],
        summary: 'Run the background reconcile pass now (late callbacks, expiry)',
        response: { 200: devReconcileResultSchema },
      },
    },
    async () => ({ looked: await settlement.reconcile() }),
  );

  app.post(
    '/api/dev/payments/:orderId/pay',
    {
      schema: {
        tags: ['dev'],
        summary: 'The sandbox pays the order and sends its signed callback',
        params: devPayOrderParamsSchema,
        body: devPayOrderBodySchema,
        response: {
          200: orderSchema,
          404: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { provider } = request.body;
      if (!sandboxed.has(provider)) throw new PaymentsUnavailableError(`${provider} is real`);
      const order = await payments.findOrder(request.params.orderId);
      try {
        await sandbox.pay(provider, order.order_no, { notify: request.body.notify });
      } catch (error) {
        if (error instanceof SandboxPayError) throw new OrderNotPendingError(error.reason);
        throw error;
      }
      return presentOrder(await payments.findOrder(order.id), now());
    },
  );
};
