import type { onRequestAsyncHookHandler } from 'fastify';
import type { PaymentsConfig } from '../../config-payments.ts';
import type { PaymentProviderName } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { PaymentsRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';
import { devPaymentRoutes } from './dev-routes.ts';
import { notifyRoutes } from './notify-routes.ts';
import { AlipayProvider } from './providers/alipay.ts';
import type { PaymentProviderAdapter } from './providers/types.ts';
import { WechatPayProvider } from './providers/wechat.ts';
import { SubscriptionReminders } from './reminders.ts';
import { paymentsRoutes } from './routes.ts';
import { sandboxAlipayConfig, sandboxWechatConfig } from './sandbox/keys.ts';
import { PaymentsSandbox } from './sandbox/server.ts';
import { PaymentsService } from './service.ts';
import { OrderSettlement } from './settlement.ts';

export { currentPaidPlan, type PaidPlan } from './subscription-periods.ts';
export { PaymentsService } from './service.ts';
export { OrderSettlement } from './settlement.ts';
export { refundOrder } from './refund.ts';
export { SubscriptionReminders } from './reminders.ts';
export { PaymentsSandbox } from './sandbox/server.ts';
export { createPaymentsRepositories, type PaymentsRepositories } from './repositories.ts';

export interface PaymentsModuleDeps {
  config: {
    /** Unset: payments are off (no provider, no sandbox). */
    payments?: PaymentsConfig;
    /** Where the sandbox keeps its generated test keys. */
    dataDir?: string;
    publicUrl: string;
    isProduction: boolean;
    /** The dev routes' reach (DEV_ROUTES, as app.ts resolved it); unset: off. Never in production. */
    devRoutes?: 'loopback' | 'on' | 'off';
  };
  data: DataAccess<PaymentsRepositories>;
  /** Renewal reminders go out through it. */
  mailer: Mailer;
  subscriptions: SubscriptionsService;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
}

export interface PaymentsModule {
  payments: PaymentsService;
  settlement: OrderSettlement;
  /** The local stand-ins, when they run. */
  sandbox: PaymentsSandbox | null;
  reminders: SubscriptionReminders;
}

/** How often pending orders are reconciled (late callbacks, expiry). */
const RECONCILE_INTERVAL_MS = 60_000;
/** How often the renewal reminder pass runs (each reminder is recorded, so sent once). */
const REMINDER_INTERVAL_MS = 60 * 60_000;

/**
 * Orders, WeChat Pay and Alipay, and the plan periods they buy. A provider with credentials is
 * used as configured; outside production the sandbox stands in for those without.
 */
export const register: RegisterModule<PaymentsModuleDeps, PaymentsModule> = async (app, deps) => {
  const { config, data, now } = deps;
  const payments = config.payments ?? { wechat: null, alipay: null, sandbox: false };
  const useSandbox =
    payments.sandbox && !config.isProduction && (!payments.wechat || !payments.alipay);
  const sandbox = useSandbox
    ? await PaymentsSandbox.start({
        dataDir: config.dataDir ?? './data',
        trades: data.repos.paymentSandbox,
        now,
        // In-process delivery to the notify routes: the sandbox needs no reachable PUBLIC_URL.
        deliver: async (callback) => {
          const response = await app.inject({
            method: 'POST',
            url: new URL(callback.url).pathname,
            headers: callback.headers,
            payload: callback.body,
          });
          return { status: response.statusCode, body: response.body };
        },
      })
    : null;

  const providers = new Map<PaymentProviderName, PaymentProviderAdapter>();
  const sandboxed = new Set<PaymentProviderName>();
  const wechat =
    payments.wechat ?? (sandbox && sandboxWechatConfig(sandbox.keys, sandbox.wechatBaseUrl));
  const alipay =
    payments.alipay ?? (sandbox && sandboxAlipayConfig(sandbox.keys, sandbox.alipayGateway));
  if (wechat) providers.set('wechat', new WechatPayProvider(wechat));
  if (alipay) providers.set('alipay', new AlipayProvider(alipay));
  if (sandbox && !payments.wechat) sandboxed.add('wechat');
  if (sandbox && !payments.alipay) sandboxed.add('alipay');

  const settlement = new OrderSettlement({ data, providers, now, log: app.log });
  const service = new PaymentsService({
    data,
    settlement,
    subscriptions: deps.subscriptions,
    now,
    log: app.log,
    publicUrl: config.publicUrl,
  });

  await app.register(paymentsRoutes, { payments: service, requireAuth: deps.requireAuth });
  await app.register(notifyRoutes, { settlement });
  const devRoutes = config.isProduction ? 'off' : (config.devRoutes ?? 'off');
  if (sandbox && devRoutes !== 'off') {
    await app.register(devPaymentRoutes, {
      loopbackOnly: devRoutes !== 'on',
      payments: service,
      settlement,
      sandbox,
      sandboxed,
      now,
    });
  }

  const reminders = new SubscriptionReminders({
    data,
    mailer: deps.mailer,
    now,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  const reminderTimer = setInterval(() => {
    reminders.run().catch((error: unknown) => app.log.error({ err: error }, 'reminders'));
  }, REMINDER_INTERVAL_MS);
  reminderTimer.unref();

  let timer: NodeJS.Timeout | undefined;
  if (providers.size > 0) {
    timer = setInterval(() => {
      settlement.reconcile().catch((error: unknown) => app.log.error({ err: error }, 'reconcile'));
    }, RECONCILE_INTERVAL_MS);
    timer.unref();
  }
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(reminderTimer);
    await sandbox?.close();
  });
  app.log.info({ providers: [...providers.keys()], sandboxed: [...sandboxed] }, 'payments ready');
  return { payments: service, settlement, sandbox, reminders };
};
