import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;
type OptionalTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export type OrderStatus = 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';
export type PaymentProviderName = 'wechat' | 'alipay';
export type PaidPlanId = 'pro' | 'enterprise';

/** One purchase of one plan period. Money in integer fen; `order_no` is the providers' out_trade_no. */
export interface OrdersTable {
  id: Generated<string>;
  order_no: string;
  user_id: string;
  plan_id: PaidPlanId;
  plan_period: 'monthly' | 'yearly';
  amount_fen: number;
  currency: 'CNY';
  status: Generated<OrderStatus>;
  wechat_code_url: OptionalText;
  alipay_qr_code: OptionalText;
  /** Who took the money, once paid. */
  provider: ColumnType<
    PaymentProviderName | null,
    PaymentProviderName | null | undefined,
    PaymentProviderName | null
  >;
  provider_trade_no: OptionalText;
  created_at: Timestamp;
  expires_at: Timestamp;
  paid_at: OptionalTimestamp;
  closed_at: OptionalTimestamp;
  refunded_at: OptionalTimestamp;
}

/** Every callback the notify routes received, accepted or not (the audit trail). */
export interface PaymentCallbacksTable {
  id: Generated<string>;
  provider: PaymentProviderName;
  notification_id: OptionalText;
  order_no: OptionalText;
  headers: ColumnType<Record<string, string>, string, string>;
  body: string;
  outcome: string;
  reason: OptionalText;
  received_at: Timestamp;
}

/** A trade of the payment sandbox's stand-in providers (development only, migration 0030). */
export interface PaymentSandboxTradesTable {
  provider: PaymentProviderName;
  order_no: string;
  amount_fen: number;
  description: string;
  notify_url: string;
  expires_at: ColumnType<Date | null, Date | null, Date | null>;
  status: 'unpaid' | 'paid' | 'closed';
  pay_code: string;
  trade_no: ColumnType<string | null, string | null, string | null>;
  paid_at: ColumnType<Date | null, Date | null, Date | null>;
}

/** What a paid order bought: [starts_at, ends_at) on a plan. */
export interface SubscriptionPeriodsTable {
  id: Generated<string>;
  user_id: string;
  order_id: string;
  plan_id: PaidPlanId;
  plan_period: 'monthly' | 'yearly';
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Timestamp;
}

export type OrderRow = Selectable<OrdersTable>;
export type PaymentCallbackRow = Selectable<PaymentCallbacksTable>;
export type SubscriptionPeriodRow = Selectable<SubscriptionPeriodsTable>;

/** A renewal reminder mailed before a paid plan's end: at most one per (user, end, kind). */
export interface SubscriptionRemindersTable {
  id: Generated<string>;
  user_id: string;
  plan_id: PaidPlanId;
  period_end: Timestamp;
  kind: '7d' | '1d';
  sent_at: Timestamp;
}

/** An Enterprise "Contact sales" request, as submitted; `mailed_at` once the sales mail left. */
export interface SalesContactsTable {
  id: Generated<string>;
  user_id: string | null;
  name: string;
  email: string;
  company: string;
  phone: OptionalText;
  message: OptionalText;
  locale: 'en' | 'zh-CN';
  created_at: Timestamp;
  mailed_at: OptionalTimestamp;
}

export type SalesContactRow = Selectable<SalesContactsTable>;
