import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { planIdSchema, planPeriodSchema } from './subscription.ts';

// Issue 15: orders, pay codes and the client's subscription confirmation. Money is integer fen.

/** A pending order expires (and is closed with the providers) this long after it was created. */
export const ORDER_TTL_SECONDS = 15 * 60;
/** At most this many unexpired pending orders per user. */
export const MAX_OPEN_ORDERS = 3;

const paymentProviderSchema = z.enum(['wechat', 'alipay']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

const orderStatusSchema = z.enum(['pending', 'paid', 'expired', 'cancelled', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Spec §3 "Order create payload". Only CNY is accepted (checked by the server: a stable code). */
export const createOrderBodySchema = z.object({
  plan_id: planIdSchema,
  plan_period: planPeriodSchema,
  currency: z.string().max(16),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** What to put in each QR code while the order is pending; null for a provider that is off. */
const payCodesSchema = z.object({
  wechat: z.object({ code_url: z.string() }).nullable(),
  alipay: z.object({ qr_code: z.string() }).nullable(),
});
export type PayCodes = z.infer<typeof payCodesSchema>;

export const orderSchema = z
  .object({
    id: z.uuid(),
    /** The number the providers know it by (out_trade_no); shown on receipts. */
    order_no: z.string(),
    plan_id: planIdSchema,
    plan_period: planPeriodSchema,
    /** Integer fen (1 CNY = 100 fen). */
    amount: z.number().int(),
    currency: z.literal('CNY'),
    status: orderStatusSchema,
    created_at: isoDateTime,
    expires_at: isoDateTime,
    paid_at: isoDateTime.nullable(),
    /** Who took the money, once paid. */
    provider: paymentProviderSchema.nullable(),
    /** Only while pending. */
    pay_codes: payCodesSchema.nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const orderIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * Spec §3 "Subscription update payload": the client's confirmation after paying. `payment_id`
 * is the order's id or order_no; `amount` is in fen and must be what the order cost.
 */
export const confirmSubscriptionBodySchema = z.object({
  plan_id: planIdSchema,
  payment_id: z.string().min(1).max(64),
  amount: z.number().int(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type ConfirmSubscriptionBody = z.infer<typeof confirmSubscriptionBodySchema>;

/** Development only: make the sandbox pay an order and send its signed callback. */
export const devPayOrderBodySchema = z.object({
  provider: paymentProviderSchema,
  /** false: the trade is paid but no callback is sent (a lost callback; "I have paid" finds it). */
  notify: z.boolean().default(true),
});
export const devPayOrderParamsSchema = z.object({ orderId: z.uuid() });

/** Development only: how many pending orders one reconcile pass looked at. */
export const devReconcileResultSchema = z.object({ looked: z.number().int() });
